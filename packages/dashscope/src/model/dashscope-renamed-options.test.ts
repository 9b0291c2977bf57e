// The renamed options (`baseHttpApiUrl` → `baseURL`, `enableThinking` → `thinking`): each alias
// still works, warns once per process, and sends what the new name sends. Its own file: the
// warnings come once per process.
import { ValidationError } from "@agentscope-ts/core";
import { expectHttpErrorShape, expectRenamedOptionOnWire } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it, vi } from "vitest";
import { dashscopeStream } from "../__fixtures__/wire-fixtures.js";
import {
  DashScopeTextEmbedding,
  TEXT_EMBEDDING_PATH,
} from "../embedding/dashscope-text-embedding.js";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";
import { DashScopeChatModel } from "./dashscope-chat-model.js";

const TEXT = "/api/v1/services/aigc/text-generation/generation";
const messages: DashScopeMessage[] = [{ role: "user", content: "Who are you?" }];

describe("DashScope renamed options", () => {
  it("baseURL replaces baseHttpApiUrl (chat model)", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text") },
    });
    await expectRenamedOptionOnWire({
      oldName: "baseHttpApiUrl",
      newName: "baseURL",
      server,
      newOptions: { baseURL: `${server.url}/api/v1` },
      oldOptions: { baseHttpApiUrl: `${server.url}/api/v1` },
      call: (options) =>
        new DashScopeChatModel({ modelName: "qwen-plus", apiKey: "k", ...options }).call(messages),
    });
  });

  it("baseURL reaches the embedding API too", async () => {
    await using server = await createTestServer({
      [`/api/v1${TEXT_EMBEDDING_PATH}`]: {
        response: {
          type: "json",
          body: { output: { embeddings: [{ text_index: 0, embedding: [1, 2] }] }, usage: {} },
        },
      },
    });
    const embedding = new DashScopeTextEmbedding({
      modelName: "text-embedding-v4",
      apiKey: "k",
      dimensions: 2,
      baseURL: `${server.url}/api/v1/`,
    });
    expect((await embedding.embed(["hi"])).embeddings).toEqual([[1, 2]]);
  });

  it("thinking replaces enableThinking; a budget is sent as thinking_budget", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-thinking") },
    });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const base = { modelName: "qwen3-max", apiKey: "k", baseURL: `${server.url}/api/v1` };
    await expectRenamedOptionOnWire({
      oldName: "enableThinking",
      newName: "thinking",
      server,
      newOptions: { thinking: true },
      oldOptions: { enableThinking: true },
      call: (options) => new DashScopeChatModel({ ...base, ...options }).call(messages),
    });
    await new DashScopeChatModel({ ...base, thinking: { budgetTokens: 512 } }).call(messages);
    expect(server.calls.at(-1)?.body).toMatchObject({
      parameters: { enable_thinking: true, thinking_budget: 512 },
    });
    expect(() => new DashScopeChatModel({ ...base, thinking: { effort: "high" } })).toThrow(
      ValidationError,
    );
    info.mockRestore();
  });
});

describe("DashScope errors", () => {
  it("HTTP 401, 429 and 500 become core's one ModelError shape", async () => {
    await expectHttpErrorShape({
      provider: "dashscope",
      path: TEXT,
      body: (status) => ({
        code: status === 429 ? "Throttling.RateQuota" : "",
        message: `failed ${status}`,
        request_id: "r1",
      }),
      call: (server) =>
        new DashScopeChatModel({
          modelName: "qwen-plus",
          apiKey: "k",
          baseURL: `${server.url}/api/v1`,
          stream: false,
          maxRetries: 0,
        }).call(messages),
    });
  });
});
