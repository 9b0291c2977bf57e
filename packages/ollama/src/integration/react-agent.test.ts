import { Msg, ReActAgent } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it, vi } from "vitest";
import { OllamaChatFormatter } from "../formatter/ollama-chat-formatter.js";
import { OllamaChatModel } from "../model/ollama-chat-model.js";

const PATH = "/api/chat";

const done = (prompt: number, output: number) => ({
  model: "qwen3",
  created_at: "2025-05-29T09:35:33.043453Z",
  message: { role: "assistant", content: "" },
  done_reason: "stop",
  done: true,
  prompt_eval_count: prompt,
  eval_count: output,
});
const piece = (message: Record<string, unknown>) => ({
  model: "qwen3",
  created_at: "2025-05-29T09:35:32.715236Z",
  message: { role: "assistant", content: "", ...message },
  done: false,
});
const callOf = (name: string) => ({
  tool_calls: [{ function: { name, arguments: { location: "San Francisco" } } }],
});

function agentFor(server: TestServer, calls: string[], stream: boolean) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new OllamaChatModel({
      modelName: "qwen3",
      host: server.url,
      stream,
      enableThinking: true,
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    }),
    formatter: new OllamaChatFormatter(),
    toolkit: weatherAndTimeToolkit(calls),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

describe("ReActAgent with OllamaChatModel against the test server", () => {
  it("completes a two-tool conversation, streaming NDJSON with thinking", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "stream",
            format: "ollama",
            chunks: [
              piece({ thinking: "I need the weather first." }),
              piece(callOf("weather")),
              done(180, 30),
            ],
          },
          {
            type: "stream",
            format: "ollama",
            chunks: [piece(callOf("local_time")), done(220, 20)],
            delayMs: 5,
          },
          {
            type: "stream",
            format: "ollama",
            chunks: [
              piece({ content: "It is cloudy and 7°C in San Francisco," }),
              piece({ content: " where it is 09:30." }),
              done(260, 15),
            ],
            delayMs: 5,
          },
        ],
      },
    });
    const calls: string[] = [];
    const agent = agentFor(server, calls, true);
    const reply = await agent.call(new Msg("user", "Weather and time in San Francisco?", "user"));

    expect(reply.getTextContent()).toBe(
      "It is cloudy and 7°C in San Francisco, where it is 09:30.",
    );
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
    expect(memory[1]?.getContentBlocks("thinking")[0]?.thinking).toBe("I need the weather first.");
    expect(memory[1]?.getContentBlocks("tool_use")[0]).toMatchObject({
      id: "0_weather",
      name: "weather",
      input: { location: "San Francisco" },
    });

    for (const call of server.calls) {
      const body = call.body as Record<string, unknown>;
      expect(body).toMatchObject({ model: "qwen3", stream: true, think: true, keep_alive: "5m" });
      expect(body).not.toHaveProperty("tool_choice");
      expect((body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual([
        "weather",
        "local_time",
      ]);
    }
    // The last request carries the earlier calls and results in Ollama's format: arguments as
    // objects, thinking sent back as <think> text, tool results as role "tool".
    const third = (server.calls[2]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(third[0]).toEqual({
      role: "system",
      content: "You are a helpful assistant named Friday.",
    });
    expect(third).toContainEqual({
      role: "assistant",
      content: "<think>I need the weather first.</think>",
      tool_calls: [
        {
          id: "0_weather",
          type: "function",
          function: { name: "weather", arguments: { location: "San Francisco" } },
        },
      ],
    });
    expect(third).toContainEqual({
      role: "tool",
      tool_call_id: "0_local_time",
      content: "09:30 in San Francisco",
      name: "local_time",
    });
  });

  it("runs two tool calls of one non-streaming answer, then answers", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "json",
            body: {
              ...done(150, 40),
              message: {
                role: "assistant",
                content: "",
                tool_calls: [callOf("weather").tool_calls[0], callOf("local_time").tool_calls[0]],
              },
            },
          },
          {
            type: "json",
            body: {
              ...done(230, 12),
              message: { role: "assistant", content: "Cloudy, 7°C, and 09:30 there." },
            },
          },
        ],
      },
    });
    const calls: string[] = [];
    const agent = agentFor(server, calls, false);
    const reply = await agent.call(new Msg("user", "Weather and time in San Francisco?", "user"));
    expect(reply.getTextContent()).toBe("Cloudy, 7°C, and 09:30 there.");
    expect(calls.sort()).toEqual(["time:San Francisco", "weather:San Francisco"]);
    expect(server.calls.map((c) => (c.body as { stream: boolean }).stream)).toEqual([false, false]);
    const second = (server.calls[1]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(second.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual([
      "0_weather",
      "1_local_time",
    ]);
  });
});
