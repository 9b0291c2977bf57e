import { expectRetryableStreamError, expectTruncatedToolCall } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath, wireChunks } from "../__fixtures__/wire-fixtures.js";
import { GeminiChatModel } from "./gemini-chat-model.js";

const MODEL = "gemini-3-pro-preview";
const STREAM = geminiPath(MODEL, "streamGenerateContent");
const messages = [{ role: "user", parts: [{ text: "Weather in Boston?" }] }];
const modelFor = (server: TestServer) =>
  new GeminiChatModel({
    modelName: MODEL,
    apiKey: "test-key",
    baseURL: server.url,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
  });
// The recorded streamed call of getWeather up to its piece "Boston" (willContinue: the value,
// and the call, go on): `{"location":"Boston`.
const start = wireChunks("google-stream-tool-call-arguments").slice(0, 2);

describe("GeminiChatModel: a stream cut in the middle of a call's streamed arguments", () => {
  it("fails when the answer finishes (MAX_TOKENS) before the call was ended, naming the call", async () => {
    const maxTokens = {
      candidates: [{ content: { role: "model", parts: [] }, finishReason: "MAX_TOKENS" }],
      usageMetadata: { promptTokenCount: 26, totalTokenCount: 40 },
      modelVersion: "gemini-3.1-pro-preview",
    };
    await using server = await createTestServer({
      [STREAM]: {
        response: {
          type: "stream",
          format: "gemini",
          chunks: [...start, JSON.stringify(maxTokens)],
        },
      },
    });
    const chunks = await expectTruncatedToolCall(modelFor(server).stream(messages), {
      provider: "gemini",
      name: "getWeather",
    });
    expect(chunks.at(-1)?.content.at(-1)).toMatchObject({
      type: "tool_use",
      name: "getWeather",
      raw_input: '{"location":"Boston',
    });
  });

  it("fails a stream closed without a finish reason with its own retryable error", async () => {
    await using server = await createTestServer({
      [STREAM]: { response: { type: "stream", format: "gemini", chunks: start } },
    });
    await expectRetryableStreamError(modelFor(server).stream(messages), /no finishReason/);
  });
});
