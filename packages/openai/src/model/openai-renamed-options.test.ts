// The renamed option `reasoningEffort` → `thinking: { effort }` in both OpenAI models: the alias
// still works, warns once per process, and sends what the new name sends; and core's one error
// shape for HTTP failures. Its own file: the warnings come once per process.
import { ValidationError } from "@agentscope-ts/core";
import { expectHttpErrorShape, expectRenamedOptionOnWire } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { responsesJson } from "../__fixtures__/responses-fixtures.js";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { OpenAIChatModel } from "./openai-chat-model.js";
import { OpenAIResponseModel } from "./openai-response-model.js";

const messages: OpenAIChatMessage[] = [{ role: "user", content: "Hi" }];
const input: OpenAIResponseInputItem[] = [{ role: "user", content: "Hi" }];
const apiError = (status: number) => ({
  error: { message: `failed with ${status}`, type: "invalid_request_error", code: null },
});

describe("OpenAI renamed options", () => {
  it("thinking replaces reasoningEffort (Chat Completions)", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const base = { modelName: "o4-mini", apiKey: "k", baseURL: `${server.url}/v1`, stream: false };
    await expectRenamedOptionOnWire({
      oldName: "reasoningEffort",
      newName: "thinking",
      server,
      newOptions: { thinking: { effort: "high" } },
      oldOptions: { reasoningEffort: "high" },
      call: (options) => new OpenAIChatModel({ ...base, ...options }).call(messages),
    });
    expect(server.calls[0]?.body).toMatchObject({ reasoning_effort: "high" });
    await new OpenAIChatModel({ ...base, thinking: false }).call(messages);
    expect(server.calls.at(-1)?.body).toMatchObject({ reasoning_effort: "none" });
    await new OpenAIChatModel({ ...base, thinking: true }).call(messages);
    expect(server.calls.at(-1)?.body).not.toHaveProperty("reasoning_effort");
    expect(() => new OpenAIChatModel({ ...base, thinking: { budgetTokens: 5 } })).toThrow(
      ValidationError,
    );
  });

  it("thinking replaces reasoningEffort (Responses)", async () => {
    await using server = await createTestServer({
      "/v1/responses": { response: { type: "json", body: responsesJson("text") } },
    });
    const base = {
      modelName: "gpt-5",
      apiKey: "k",
      baseURL: `${server.url}/v1`,
      stream: false,
      reasoningSummary: "auto",
    };
    await expectRenamedOptionOnWire({
      oldName: "reasoningEffort",
      newName: "thinking",
      server,
      newOptions: { thinking: { effort: "low" } },
      oldOptions: { reasoningEffort: "low" },
      call: (options) => new OpenAIResponseModel({ ...base, ...options }).call(input),
    });
    expect(server.calls[0]?.body).toMatchObject({ reasoning: { effort: "low", summary: "auto" } });
  });
});

describe("OpenAI errors", () => {
  it("HTTP 401, 429 and 500 become core's one ModelError shape (both APIs)", async () => {
    for (const [path, call] of [
      [
        "/v1/chat/completions",
        (url: string) =>
          new OpenAIChatModel({
            modelName: "m",
            apiKey: "k",
            baseURL: `${url}/v1`,
            stream: false,
            maxRetries: 0,
          }).call(messages),
      ],
      [
        "/v1/responses",
        (url: string) =>
          new OpenAIResponseModel({
            modelName: "m",
            apiKey: "k",
            baseURL: `${url}/v1`,
            stream: false,
            maxRetries: 0,
          }).call(input),
      ],
    ] as const) {
      await expectHttpErrorShape({
        provider: "openai",
        path,
        body: apiError,
        call: (server) => call(server.url),
      });
    }
  });
});
