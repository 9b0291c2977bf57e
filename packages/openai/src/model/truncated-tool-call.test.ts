import { expectRetryableStreamError, expectTruncatedToolCall } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { responsesChunks } from "../__fixtures__/responses-fixtures.js";
import { wireChunks } from "../__fixtures__/wire-fixtures.js";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { OpenAIChatModel } from "./openai-chat-model.js";
import { OpenAIResponseModel } from "./openai-response-model.js";

const options = (server: TestServer) => ({
  modelName: "gpt-4.1-mini",
  apiKey: "test-key",
  baseURL: `${server.url}/v1`,
  retry: { initialDelayMs: 1, maxDelayMs: 5 },
});
const messages: OpenAIChatMessage[] = [{ role: "user", content: "Weather in San Francisco?" }];
const input: OpenAIResponseInputItem[] = [
  { role: "user", content: [{ type: "input_text", text: "Weather?" }] },
];
const rawInputOf = (chunk: { content: unknown[] } | undefined) =>
  (chunk?.content.at(-1) as { raw_input?: string } | undefined)?.raw_input;

// The recorded DeepSeek tool call, up to the argument fragment "San": `{"location": "San`.
const cutCall = wireChunks("deepseek-tool-call").slice(0, 48);

describe("OpenAIChatModel: a stream cut in the middle of a tool call's arguments", () => {
  it("fails after [DONE] without finish_reason (retryable, naming the call), instead of running it", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "stream", format: "openai", chunks: cutCall } },
    });
    const model = new OpenAIChatModel(options(server));
    const chunks = await expectTruncatedToolCall(model.stream(messages), {
      provider: "openai",
      name: "weather",
    });
    expect(rawInputOf(chunks.at(-1))).toBe('{"location": "San');
    expect(server.calls).toHaveLength(1);
  });

  it("still fails a stream closed without [DONE] or finish_reason with its own error", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": {
        response: {
          type: "stream",
          format: "openai",
          chunks: cutCall,
          cutAfter: 48,
          cutMode: "end",
        },
      },
    });
    await expectRetryableStreamError(
      new OpenAIChatModel(options(server)).stream(messages),
      /no finish_reason and no \[DONE\]/,
    );
  });

  it("accepts [DONE] without finish_reason when the tool call is complete", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": {
        response: {
          type: "stream",
          format: "openai",
          chunks: wireChunks("deepseek-tool-call").slice(0, 51),
        },
      },
    });
    let last: { content: unknown[] } | undefined;
    for await (const chunk of new OpenAIChatModel(options(server)).stream(messages)) last = chunk;
    expect(last?.content.at(-1)).toMatchObject({
      type: "tool_use",
      name: "weather",
      input: { location: "San Francisco" },
    });
  });
});

describe("OpenAIResponseModel: a stream cut in the middle of a tool call's arguments", () => {
  // The hand-written two-call stream up to `{"location":"San`, then the end the API sends when
  // the output token limit cut the answer: `response.incomplete` (status "incomplete",
  // incomplete_details.reason "max_output_tokens", per OpenAI's Responses streaming reference).
  const lines = responsesChunks("two-tool-calls");
  const completed = JSON.parse(lines.at(-1) as string) as { response: Record<string, unknown> };
  const incomplete = {
    type: "response.incomplete",
    sequence_number: 5,
    response: {
      ...completed.response,
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
    },
  };

  it("fails on response.incomplete with the call's arguments cut (retryable, naming the call)", async () => {
    await using server = await createTestServer({
      "/v1/responses": {
        response: {
          type: "stream",
          format: "openai-responses",
          chunks: [...lines.slice(0, 5), JSON.stringify(incomplete)],
        },
      },
    });
    const model = new OpenAIResponseModel(options(server));
    const chunks = await expectTruncatedToolCall(model.stream(input), {
      provider: "openai",
      name: "weather",
    });
    expect(rawInputOf(chunks.at(-1))).toBe('{"location":"San');
  });

  it("fails a stream closed before response.completed with its own retryable error", async () => {
    await using server = await createTestServer({
      "/v1/responses": {
        response: { type: "stream", format: "openai-responses", chunks: lines.slice(0, 5) },
      },
    });
    await expectRetryableStreamError(
      new OpenAIResponseModel(options(server)).stream(input),
      /ended before response\.completed/,
    );
  });
});
