import { ModelError, Msg, TruncationError } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { AnthropicChatFormatter } from "../formatter/anthropic-chat-formatter.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";
import { AnthropicTokenCounter } from "./anthropic-token-counter.js";

const PATH = "/v1/messages/count_tokens";
const weatherTool = {
  type: "function" as const,
  function: {
    name: "weather",
    description: "Get the weather",
    parameters: { type: "object", properties: { location: { type: "string" } } },
  },
};

describe("AnthropicTokenCounter", () => {
  it("asks messages.countTokens, sending the system message as system and tools as Anthropic's", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: { input_tokens: 42 } } },
    });
    const counter = new AnthropicTokenCounter({
      modelName: "claude-sonnet-5-5",
      apiKey: "k",
      baseURL: server.url,
    });
    const messages: AnthropicMessage[] = [
      { role: "system", content: [{ type: "text", text: "Be brief." }] },
      { role: "user", content: [{ type: "text", text: "Hi" }] },
    ];
    expect(await counter.count(messages, [weatherTool])).toBe(42);
    expect(messages).toHaveLength(2);
    expect(server.calls[0]!.body).toEqual({
      model: "claude-sonnet-5-5",
      system: [{ type: "text", text: "Be brief." }],
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
      tools: [
        {
          name: "weather",
          description: "Get the weather",
          input_schema: weatherTool.function.parameters,
        },
      ],
    });
  });

  it("drives a formatter's truncation with the API's counts", async () => {
    // The server counts 10 tokens per message: 3 messages fit in 35, 4 do not.
    await using server = await createTestServer({
      [PATH]: {
        response: ({ call }) => ({
          type: "json",
          body: {
            input_tokens:
              10 * ((call.body as { messages: unknown[]; system?: unknown }).messages.length + 1),
          },
        }),
      },
    });
    const counter = new AnthropicTokenCounter({ modelName: "m", apiKey: "k", baseURL: server.url });
    const formatter = new AnthropicChatFormatter({ tokenCounter: counter, maxTokens: 35 });
    const msgs = [
      new Msg("system", "sys", "system"),
      new Msg("user", "one", "user"),
      new Msg("assistant", "two", "assistant"),
      new Msg("user", "three", "user"),
    ];
    const out = await formatter.format(msgs);
    expect(out.map((m) => (m.content as { text: string }[])[0]!.text)).toEqual([
      "sys",
      "two",
      "three",
    ]);
    await expect(
      new AnthropicChatFormatter({ tokenCounter: counter, maxTokens: 5 }).format(msgs),
    ).rejects.toBeInstanceOf(TruncationError);
  });

  it("rejects with a ModelError when the API fails", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "error",
          status: 400,
          body: { type: "error", error: { type: "invalid_request_error", message: "bad model" } },
        },
      },
    });
    const counter = new AnthropicTokenCounter({
      modelName: "m",
      apiKey: "k",
      baseURL: server.url,
      clientKwargs: { maxRetries: 0 },
    });
    const error = await counter.count([{ role: "user", content: "x" }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 400, retryable: false });
  });
});
