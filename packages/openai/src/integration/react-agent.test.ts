import { ModelError, Msg, ReActAgent } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { joinDeltas, wireChunks } from "../__fixtures__/wire-fixtures.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import { OpenAIChatModel } from "../model/openai-chat-model.js";

const PATH = "/v1/chat/completions";

/** A streamed call of `local_time`, its arguments split across chunks as APIs send them. */
const timeCall = [
  {
    id: "t2",
    choices: [
      {
        index: 0,
        delta: {
          role: "assistant",
          tool_calls: [
            {
              index: 0,
              id: "call_time_1",
              type: "function",
              function: { name: "local_time", arguments: "" },
            },
          ],
        },
      },
    ],
  },
  {
    id: "t2",
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, function: { arguments: '{"location": "San ' } }] },
      },
    ],
  },
  {
    id: "t2",
    choices: [
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'Francisco"}' } }] } },
    ],
  },
  { id: "t2", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  { id: "t2", choices: [], usage: { prompt_tokens: 400, completion_tokens: 20 } },
];

const finalText = ["It is cloudy", " and 7°C in San Francisco,", " where it is 09:30."];
const answer = [
  ...finalText.map((content) => ({ id: "t3", choices: [{ index: 0, delta: { content } }] })),
  { id: "t3", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  { id: "t3", choices: [], usage: { prompt_tokens: 450, completion_tokens: 15 } },
];

function agentFor(server: TestServer, calls: string[]) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new OpenAIChatModel({
      modelName: "deepseek-reasoner",
      apiKey: "test-key",
      baseURL: `${server.url}/v1`,
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    }),
    formatter: new OpenAIChatFormatter(),
    toolkit: weatherAndTimeToolkit(calls),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

describe("ReActAgent with OpenAIChatModel against the test server", () => {
  it("completes a two-tool conversation, streaming", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "openai", chunks: wireChunks("deepseek-tool-call") },
          { type: "stream", format: "openai", chunks: timeCall, delayMs: 5 },
          { type: "stream", format: "openai", chunks: answer, delayMs: 5 },
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
    expect(memory[1]?.getContentBlocks("thinking")[0]?.thinking).toBe(
      joinDeltas(wireChunks("deepseek-tool-call"), "reasoning_content"),
    );
    expect(memory[1]?.getContentBlocks("tool_use")[0]).toMatchObject({
      id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
      name: "weather",
      input: { location: "San Francisco" },
    });

    // Every request streams, asks for usage and offers both tools; the later ones carry the
    // earlier tool calls and their results in OpenAI's format.
    for (const call of server.calls) {
      const body = call.body as Record<string, unknown>;
      expect(body).toMatchObject({
        model: "deepseek-reasoner",
        stream: true,
        stream_options: { include_usage: true },
      });
      expect((body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
        "weather",
        "local_time",
      ]);
    }
    const third = (server.calls[2]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(third[0]).toMatchObject({
      role: "system",
      content: [{ type: "text", text: "You are a helpful assistant named Friday." }],
    });
    expect(third).toContainEqual(
      expect.objectContaining({
        role: "assistant",
        tool_calls: [
          {
            id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
            type: "function",
            function: { name: "weather", arguments: '{"location": "San Francisco"}' },
          },
        ],
      }),
    );
    expect(third).toContainEqual({
      role: "tool",
      tool_call_id: "call_time_1",
      content: "09:30 in San Francisco",
      name: "local_time",
    });
  });

  it("fails the reply on a stream cut mid-tool-call with a clear error, running no tool", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "openai",
          chunks: wireChunks("deepseek-tool-call"),
          cutAfter: 46,
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
    // The half-streamed call is never executed and no result for it is recorded. (Core's
    // ReActAgent, like AgentScope's `finally: memory.add(msg)`, keeps the streamed assistant
    // message itself; see the package README.)
    expect(calls).toEqual([]);
    expect(server.calls).toHaveLength(1);
    const memory = await agent.memory.getMemory();
    expect(memory.some((m) => m.hasContentBlocks("tool_result"))).toBe(false);
  });
});
