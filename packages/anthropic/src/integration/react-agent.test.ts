import { ModelError, Msg, ReActAgent } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireChunks } from "../__fixtures__/wire-fixtures.js";
import { AnthropicChatFormatter } from "../formatter/anthropic-chat-formatter.js";
import { AnthropicChatModel } from "../model/anthropic-chat-model.js";

const PATH = "/v1/messages";

const SIGNATURE_1 = "EpYBCkYIBxgCKkDx1wBz9lp0Q2dYb3RoaW5nLXNpZ25hdHVyZS0x+/==";
const SIGNATURE_2 = "ErcBCkYIBxgCKkBthinking/signature/2==";

/** A Messages stream of one turn: thinking with its signature, then a tool call split in pieces. */
function toolTurn(
  id: string,
  thinking: string[],
  signature: string,
  call: [string, string, string[]],
) {
  const [toolId, name, pieces] = call;
  return [
    {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        content: [],
        usage: { input_tokens: 400, output_tokens: 1, cache_read_input_tokens: 120 },
      },
    },
    { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
    ...thinking.map((t) => ({
      type: "content_block_delta",
      index: 0,
      delta: { type: "thinking_delta", thinking: t },
    })),
    { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature } },
    { type: "content_block_stop", index: 0 },
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: toolId, name, input: {} },
    },
    ...pieces.map((p) => ({
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: p },
    })),
    { type: "content_block_stop", index: 1 },
    {
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: { output_tokens: 60 },
    },
    { type: "message_stop" },
  ];
}

const finalText = ["It is cloudy", " and 7°C in San Francisco,", " where it is 09:30."];
const answer = [
  {
    type: "message_start",
    message: {
      id: "msg_3",
      type: "message",
      role: "assistant",
      content: [],
      usage: { input_tokens: 500, output_tokens: 1 },
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ...finalText.map((text) => ({
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text },
  })),
  { type: "content_block_stop", index: 0 },
  {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 15 },
  },
  { type: "message_stop" },
];

const thinking1 = ["The user wants the weather", " and the time. First the weather."];

function agentFor(server: TestServer, calls: string[]) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new AnthropicChatModel({
      modelName: "claude-sonnet-5-5",
      apiKey: "test-key",
      baseURL: server.url,
      thinking: { type: "enabled", budget_tokens: 1024 },
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    }),
    formatter: new AnthropicChatFormatter(),
    toolkit: weatherAndTimeToolkit(calls),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

describe("ReActAgent with AnthropicChatModel against the test server", () => {
  it("completes a two-tool conversation with thinking, sending each signature back unchanged", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "stream",
            format: "anthropic",
            chunks: toolTurn("msg_1", thinking1, SIGNATURE_1, [
              "toolu_weather",
              "weather",
              ['{"locat', 'ion": "San ', 'Francisco"}'],
            ]),
            delayMs: 2,
          },
          {
            type: "stream",
            format: "anthropic",
            chunks: toolTurn("msg_2", ["Now the time."], SIGNATURE_2, [
              "toolu_time",
              "local_time",
              ['{"location": "San Francisco"}'],
            ]),
            delayMs: 2,
          },
          { type: "stream", format: "anthropic", chunks: answer, delayMs: 2 },
        ],
      },
    });
    const calls: string[] = [];
    const agent = agentFor(server, calls);
    const reply = await agent.call(new Msg("user", "Weather and time in San Francisco?", "user"));

    expect(reply.getTextContent()).toBe(finalText.join(""));
    expect(calls).toEqual(["weather:San Francisco", "time:San Francisco"]);
    expect(server.calls).toHaveLength(3);

    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "system",
      "assistant",
      "system",
      "assistant",
    ]);
    expect(memory[1]?.getContentBlocks("thinking")).toEqual([
      { type: "thinking", thinking: thinking1.join(""), signature: SIGNATURE_1 },
    ]);

    for (const call of server.calls) {
      const body = call.body as Record<string, unknown>;
      expect(body).toMatchObject({
        model: "claude-sonnet-5-5",
        stream: true,
        max_tokens: 2048,
        thinking: { type: "enabled", budget_tokens: 1024 },
        system: [{ type: "text", text: "You are a helpful assistant named Friday." }],
      });
      expect((body.tools as { name: string }[]).map((t) => t.name)).toEqual([
        "weather",
        "local_time",
      ]);
    }
    // The second request carries the first turn's thinking block, signature byte for byte, then
    // its tool call, and the tool result as a user tool_result block.
    const second = (server.calls[1]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(second).toEqual([
      {
        role: "user",
        content: [{ type: "text", text: "Weather and time in San Francisco?" }],
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: thinking1.join(""), signature: SIGNATURE_1 },
          {
            id: "toolu_weather",
            type: "tool_use",
            name: "weather",
            input: { location: "San Francisco" },
          },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_weather",
            content: [{ type: "text", text: "Cloudy, 7°C in San Francisco" }],
          },
        ],
      },
    ]);
    const third = (server.calls[2]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(third[3]).toMatchObject({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Now the time.", signature: SIGNATURE_2 },
        { id: "toolu_time" },
      ],
    });
  });

  it("fails the reply on a stream cut inside input_json_delta, running no tool", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "anthropic",
          chunks: wireChunks("anthropic-json-tool.1"),
          cutAfter: 5,
        },
      },
    });
    const calls: string[] = [];
    const agent = agentFor(server, calls);
    const error = await agent
      .call(new Msg("user", "Weather in San Francisco?", "user"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/stream broke off after \d+ chunk/);
    expect(calls).toEqual([]);
    expect(server.calls).toHaveLength(1);
    const memory = await agent.memory.getMemory();
    // Nothing half-parsed reaches memory: only the user's message is there.
    expect(memory.map((m) => m.role)).toEqual(["user"]);
    expect(memory.some((m) => m.hasContentBlocks("tool_use"))).toBe(false);
  });
});
