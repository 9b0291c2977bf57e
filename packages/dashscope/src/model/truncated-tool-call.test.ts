import { expectRetryableStreamError, expectTruncatedToolCall } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireChunks } from "../__fixtures__/wire-fixtures.js";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";
import { DashScopeChatModel } from "./dashscope-chat-model.js";

const TEXT = "/api/v1/services/aigc/text-generation/generation";
const messages: DashScopeMessage[] = [{ role: "user", content: "Weather in Hangzhou?" }];
const modelFor = (server: TestServer) =>
  new DashScopeChatModel({
    modelName: "qwen-plus",
    apiKey: "test-key",
    baseHttpApiUrl: `${server.url}/api/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
  });
// The recorded call of get_current_weather up to its fragment ` "Hang`: `{"location": "Hang`.
const start = wireChunks("qwen-tool-call").slice(0, 3);
const dashscope = (chunks: string[]) => ({
  type: "stream" as const,
  format: "dashscope" as const,
  chunks,
});

describe("DashScopeChatModel: a stream cut in the middle of a tool call's arguments", () => {
  it("fails when the output token limit cut the call (finish_reason length), naming the call", async () => {
    const last = JSON.parse(start.at(-1) as string) as {
      output: { choices: { message: Record<string, unknown>; finish_reason: string }[] };
    };
    const length = {
      ...last,
      output: {
        choices: [{ message: { role: "assistant", content: "" }, finish_reason: "length" }],
      },
    };
    await using server = await createTestServer({
      [TEXT]: { response: dashscope([...start, JSON.stringify(length)]) },
    });
    const chunks = await expectTruncatedToolCall(modelFor(server).stream(messages), {
      provider: "dashscope",
      name: "get_current_weather",
    });
    expect(chunks.at(-1)?.content.at(-1)).toMatchObject({ raw_input: '{"location": "Hang' });
  });

  it("fails a stream closed without a finish_reason with its own retryable error", async () => {
    await using server = await createTestServer({ [TEXT]: { response: dashscope(start) } });
    await expectRetryableStreamError(modelFor(server).stream(messages), /without a finish_reason/);
  });
});
