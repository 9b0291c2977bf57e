import { expectRetryableStreamError, expectTruncatedToolCall } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { modelFor } from "../__fixtures__/test-model.js";
import { wireChunks } from "../__fixtures__/wire-fixtures.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";

const messages: AnthropicMessage[] = [{ role: "user", content: "Weather in San Francisco?" }];
// The recorded `json` tool call up to its (empty) first argument fragment and the ping after it.
const start = wireChunks("anthropic-json-tool.1").slice(0, 4);
const cutFragment = JSON.stringify({
  type: "content_block_delta",
  index: 0,
  delta: { type: "input_json_delta", partial_json: '{"elements": [{"location": "San Fr' },
});

describe("AnthropicChatModel: a stream cut in the middle of a tool call's arguments", () => {
  it("fails when the output token limit cut the call (stop_reason max_tokens, then message_stop), naming the call", async () => {
    const maxTokens = {
      type: "message_delta",
      delta: { stop_reason: "max_tokens", stop_sequence: null },
      usage: { output_tokens: 16 },
    };
    await using server = await createTestServer({
      "/v1/messages": {
        response: {
          type: "stream",
          format: "anthropic",
          chunks: [
            ...start,
            cutFragment,
            JSON.stringify({ type: "content_block_stop", index: 0 }),
            JSON.stringify(maxTokens),
            JSON.stringify({ type: "message_stop" }),
          ],
        },
      },
    });
    const chunks = await expectTruncatedToolCall(modelFor(server).stream(messages), {
      provider: "anthropic",
      name: "json",
    });
    expect(chunks.at(-1)?.content.at(-1)).toMatchObject({
      type: "tool_use",
      raw_input: '{"elements": [{"location": "San Fr',
    });
  });

  it("fails a stream closed before message_stop with its own retryable error", async () => {
    await using server = await createTestServer({
      "/v1/messages": {
        response: { type: "stream", format: "anthropic", chunks: [...start, cutFragment] },
      },
    });
    await expectRetryableStreamError(
      modelFor(server).stream(messages),
      /ended before message_stop/,
    );
  });

  it("keeps accepting a call without arguments (no argument JSON at all)", async () => {
    await using server = await createTestServer({
      "/v1/messages": {
        response: {
          type: "stream",
          format: "anthropic",
          chunks: wireChunks("anthropic-tool-no-args"),
        },
      },
    });
    let last: { content: unknown[] } | undefined;
    for await (const chunk of modelFor(server).stream(messages)) last = chunk;
    expect(last?.content.find((b) => (b as { type: string }).type === "tool_use")).toMatchObject({
      input: {},
    });
  });
});
