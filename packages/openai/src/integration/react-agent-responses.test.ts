import { Msg, ReActAgent, Toolkit, tool } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responsesChunks, splitStreams } from "../__fixtures__/responses-fixtures.js";
import { OpenAIResponseChatFormatter } from "../formatter/openai-response-chat-formatter.js";
import {
  OpenAIResponseModel,
  type OpenAIResponseModelOptions,
} from "../model/openai-response-model.js";

const PATH = "/v1/responses";
type Item = Record<string, unknown>;

function agentFor(
  server: TestServer,
  toolkit: Toolkit,
  options: Partial<OpenAIResponseModelOptions> = {},
) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new OpenAIResponseModel({
      modelName: "gpt-4.1-mini",
      apiKey: "test-key",
      baseURL: `${server.url}/v1`,
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
      ...options,
    }),
    formatter: new OpenAIResponseChatFormatter(),
    toolkit,
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

const stream = (chunks: readonly string[]) => ({
  type: "stream" as const,
  format: "openai-responses" as const,
  chunks,
  delayMs: 2,
});

const inputOf = (server: TestServer, n: number) =>
  (server.calls[n]!.body as { input: Item[] }).input;

describe("ReActAgent with OpenAIResponseModel against the test server", () => {
  it("completes a two-tool conversation, streaming", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [stream(responsesChunks("two-tool-calls")), stream(responsesChunks("text"))],
      },
    });
    const calls: string[] = [];
    const kit = weatherAndTimeToolkit(calls);
    const agent = agentFor(server, kit);
    const reply = await agent.call(new Msg("user", "Weather and time in San Francisco?", "user"));

    expect(reply.getTextContent()).toBe("Hello! How can I help you today?");
    expect(calls).toEqual(["weather:San Francisco", "time:San Francisco"]);
    expect(server.calls).toHaveLength(2);
    for (const call of server.calls) {
      const body = call.body as { stream: boolean; tools: { name: string; type: string }[] };
      expect(body.stream).toBe(true);
      expect(body.tools.map((t) => [t.type, t.name])).toEqual([
        ["function", "weather"],
        ["function", "local_time"],
      ]);
    }
    // The second request carries both calls (paired by call_id) and their outputs as items.
    expect(inputOf(server, 1)).toEqual([
      {
        role: "system",
        content: [{ type: "input_text", text: "You are a helpful assistant named Friday." }],
      },
      {
        role: "user",
        content: [{ type: "input_text", text: "Weather and time in San Francisco?" }],
      },
      {
        type: "function_call",
        call_id: "call_weather_01",
        name: "weather",
        arguments: '{"location": "San Francisco"}',
      },
      {
        type: "function_call",
        call_id: "call_time_01",
        name: "local_time",
        arguments: '{"location": "San Francisco"}',
      },
      {
        type: "function_call_output",
        call_id: "call_weather_01",
        output: "Cloudy, 7°C in San Francisco",
      },
      { type: "function_call_output", call_id: "call_time_01", output: "09:30 in San Francisco" },
    ]);
  });

  it("replays a recorded reasoning run, passing the encrypted reasoning back each turn", async () => {
    const streams = splitStreams(responsesChunks("openai-reasoning-encrypted-content.1"));
    await using server = await createTestServer({ [PATH]: { response: streams.map(stream) } });
    const ops: string[] = [];
    const kit = new Toolkit();
    kit.registerToolFunction(
      tool({
        name: "calculator",
        description: "A minimal calculator for basic arithmetic. Call it once per step.",
        parameters: z.object({
          a: z.number(),
          b: z.number(),
          op: z.enum(["add", "subtract", "multiply", "divide"]),
        }),
        execute: ({ a, b, op }) => {
          ops.push(`${a} ${op} ${b}`);
          const result = op === "add" ? a + b : op === "multiply" ? a * b : Number.NaN;
          return String(result);
        },
      }),
    );
    const agent = agentFor(server, kit, {
      modelName: "gpt-5.1-codex-max",
      reasoningEffort: "high",
      reasoningSummary: "detailed",
      generateKwargs: { store: false },
    });
    const reply = await agent.call(new Msg("user", "Compute (12 + 7) * 3 * 10.", "user"));

    expect(reply.getTextContent()).toBe("The final result is **570**.");
    expect(ops).toEqual(["12 add 7", "19 multiply 3", "57 multiply 10"]);
    expect(server.calls).toHaveLength(4);
    const firstDone = JSON.parse(
      streams[0]!.find((l) => l.includes('"response.output_item.done"')) as string,
    ) as { item: { id: string; encrypted_content: string } };
    // Every later request sends the reasoning item back, before the call it led to.
    for (let n = 1; n < 4; n++) {
      const items = inputOf(server, n);
      const reasoning = items.findIndex((item) => item.type === "reasoning");
      expect(items[reasoning]).toEqual({
        type: "reasoning",
        id: firstDone.item.id,
        summary: [],
        encrypted_content: firstDone.item.encrypted_content,
      });
      expect(items[reasoning + 1]).toMatchObject({
        type: "function_call",
        call_id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn",
      });
      expect(server.calls[n]?.body).toMatchObject({
        include: ["reasoning.encrypted_content"],
        store: false,
      });
    }
    expect(inputOf(server, 3).filter((i) => i.type === "function_call_output")).toEqual([
      { type: "function_call_output", call_id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn", output: "19" },
      { type: "function_call_output", call_id: "call_Q6pW65MUgW9vF59BmItYGos3", output: "57" },
      { type: "function_call_output", call_id: "call_Zl5vIMnD7dVAjgU6FkhmiCZh", output: "570" },
    ]);
  });
});
