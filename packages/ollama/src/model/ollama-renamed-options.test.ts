// The renamed options (`host` → `baseURL`, `enableThinking` → `thinking`): each alias still works,
// warns once per process, and sends what the new name sends. Its own file: the warnings come once
// per process.
import { ValidationError } from "@agentscope-ts/core";
import { expectHttpErrorShape, expectRenamedOptionOnWire } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OllamaTextEmbedding } from "../embedding/ollama-text-embedding.js";
import { ollama } from "../provider/ollama-provider.js";
import { OllamaChatModel } from "./ollama-chat-model.js";

const USER = [{ role: "user", content: "why is the sky blue?" }];
const chatRoute = {
  "/api/chat": { response: { type: "json" as const, body: wireJson("chat-text") } },
};

describe("Ollama renamed options", () => {
  it("baseURL replaces host (chat model)", async () => {
    await using server = await createTestServer(chatRoute);
    await expectRenamedOptionOnWire({
      oldName: "host",
      newName: "baseURL",
      server,
      newOptions: { baseURL: server.url },
      oldOptions: { host: server.url },
      call: (options) => new OllamaChatModel({ modelName: "llama3.2", ...options }).call(USER),
    });
  });

  it("baseURL reaches the server from the provider and the embedding model", async () => {
    await using server = await createTestServer({
      ...chatRoute,
      "/api/embed": { response: { type: "json", body: { embeddings: [[0.5, 1]] } } },
    });
    await ollama({ baseURL: server.url }).chatModel({ modelName: "llama3.2" }).call(USER);
    const embedding = new OllamaTextEmbedding({
      modelName: "nomic",
      dimensions: 2,
      baseURL: server.url,
    });
    expect((await embedding.embed(["hi"])).embeddings).toEqual([[0.5, 1]]);
    expect(server.calls.map((c) => c.path)).toEqual(["/api/chat", "/api/embed"]);
  });

  it("thinking replaces enableThinking; an effort is sent as the think level", async () => {
    await using server = await createTestServer(chatRoute);
    const base = { modelName: "qwen3", baseURL: server.url };
    await expectRenamedOptionOnWire({
      oldName: "enableThinking",
      newName: "thinking",
      server,
      newOptions: { thinking: false },
      oldOptions: { enableThinking: false },
      call: (options) => new OllamaChatModel({ ...base, ...options }).call(USER),
    });
    expect(server.calls[0]?.body).toMatchObject({ think: false });
    await new OllamaChatModel({ ...base, thinking: { effort: "high" } }).call(USER);
    expect(server.calls.at(-1)?.body).toMatchObject({ think: "high" });
    expect(() => new OllamaChatModel({ ...base, thinking: { budgetTokens: 9 } })).toThrow(
      ValidationError,
    );
  });
});

describe("Ollama errors", () => {
  it("HTTP 401, 429 and 500 become core's one ModelError shape", async () => {
    await expectHttpErrorShape({
      provider: "ollama",
      path: "/api/chat",
      readsRetryAfter: false,
      body: (status) => ({ error: `failed ${status}` }),
      call: (server) =>
        new OllamaChatModel({ modelName: "llama3.2", baseURL: server.url, maxRetries: 0 }).call(
          USER,
        ),
    });
  });
});
