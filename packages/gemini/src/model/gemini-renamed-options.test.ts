// The renamed option `thinkingConfig` → `thinking`: the alias still works, warns once per process,
// and sends what the new name sends; and core's one error shape for HTTP failures. Its own file:
// the warnings come once per process.
import { expectHttpErrorShape, expectRenamedOptionOnWire } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath, wireJson } from "../__fixtures__/wire-fixtures.js";
import { GeminiChatModel } from "./gemini-chat-model.js";

const MODEL = "gemini-2.5-flash";
const UNARY = geminiPath(MODEL, "generateContent");
const messages = [{ role: "user", parts: [{ text: "Hi" }] }];

describe("Gemini renamed options", () => {
  it("thinking replaces thinkingConfig", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: { type: "json", body: wireJson("google-text") } },
    });
    const base = { modelName: MODEL, apiKey: "k", baseURL: server.url, stream: false };
    await expectRenamedOptionOnWire({
      oldName: "thinkingConfig",
      newName: "thinking",
      server,
      newOptions: { thinking: { budgetTokens: 1024 } },
      oldOptions: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
      call: (options) => new GeminiChatModel({ ...base, ...options }).call(messages),
    });
    const config = () =>
      (server.calls.at(-1)?.body as { generationConfig?: unknown } | undefined)?.generationConfig;
    expect(config()).toMatchObject({
      thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
    });
    await new GeminiChatModel({ ...base, thinking: false }).call(messages);
    expect(config()).toMatchObject({ thinkingConfig: { thinkingBudget: 0 } });
    await new GeminiChatModel({ ...base, thinking: { effort: "low" } }).call(messages);
    expect(config()).toMatchObject({
      thinkingConfig: { includeThoughts: true, thinkingLevel: "LOW" },
    });
    expect(() => new GeminiChatModel({ ...base, thinking: { effort: "max" } })).toThrow(
      /thinking\.effort: expected one of "minimal", "low"/,
    );
  });
});

describe("Gemini errors", () => {
  it("HTTP 401, 429 and 500 become core's one ModelError shape", async () => {
    await expectHttpErrorShape({
      provider: "gemini",
      path: UNARY,
      readsRetryAfter: false,
      body: (status) => ({
        error: { code: status, message: `failed ${status}`, status: "UNAVAILABLE" },
      }),
      call: (server) =>
        new GeminiChatModel({
          modelName: MODEL,
          apiKey: "k",
          baseURL: server.url,
          stream: false,
          maxRetries: 0,
        }).call(messages),
    });
  });
});
