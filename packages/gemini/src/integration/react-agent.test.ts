import { ModelError, Msg, ReActAgent } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath, wireChunks, wireParts } from "../__fixtures__/wire-fixtures.js";
import { GeminiChatFormatter } from "../formatter/gemini-chat-formatter.js";
import { GeminiChatModel } from "../model/gemini-chat-model.js";

const MODEL = "gemini-3-pro-preview";
const PATH = geminiPath(MODEL, "streamGenerateContent");

/** The recorded weather call's signature (the first request's answer). */
const weatherSig = wireParts("google-tool-call")[0]?.thoughtSignature as string;
const timeSig = "c2lnbmF0dXJlLW9mLXRoZS10aW1lLWNhbGw=";
const textSig = "c2lnbmF0dXJlLW9mLXRoZS1hbnN3ZXI=";

const chunk = (parts: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  usageMetadata: { promptTokenCount: 40, totalTokenCount: 60 },
  responseId: "r-time",
});

/** Second answer: a thought, then a call of `local_time` with its own signature. */
const timeCall = [
  chunk([{ text: "The weather is known; now the time.", thought: true }]),
  chunk([
    {
      functionCall: { name: "local_time", args: { location: "San Francisco" } },
      thoughtSignature: timeSig,
    },
  ]),
  chunk([{ text: "" }], { finishReason: "STOP" }),
];

const finalText = ["It is cloudy", " and 7°C in San Francisco,", " where it is 09:30."];
const answer = [
  chunk([{ text: "Both tools answered.", thought: true }]),
  ...finalText.map((text) => chunk([{ text }])),
  chunk([{ text: "", thoughtSignature: textSig }], { finishReason: "STOP" }),
];

function agentFor(server: TestServer, calls: string[]) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new GeminiChatModel({
      modelName: MODEL,
      apiKey: "test-key",
      baseURL: server.url,
      thinkingConfig: { includeThoughts: true },
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    }),
    formatter: new GeminiChatFormatter(),
    toolkit: weatherAndTimeToolkit(calls),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

type Part = Record<string, unknown>;
function partsOf(body: unknown): Part[] {
  return (body as { contents: { parts: Part[] }[] }).contents.flatMap((c) => c.parts);
}

describe("ReActAgent with GeminiChatModel against the test server", () => {
  it("completes a two-tool conversation with thinking, sending every signature back unchanged", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "gemini", chunks: wireChunks("google-tool-call") },
          { type: "stream", format: "gemini", chunks: timeCall, delayMs: 5 },
          { type: "stream", format: "gemini", chunks: answer, delayMs: 5 },
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
    expect(memory[1]?.getContentBlocks("tool_use")[0]).toMatchObject({
      id: weatherSig,
      name: "weather",
      thought_signature: weatherSig,
    });
    expect(memory[3]?.getContentBlocks("thinking")[0]?.thinking).toBe(
      "The weather is known; now the time.",
    );
    expect(memory[3]?.getContentBlocks("tool_use")[0]).toMatchObject({
      id: timeSig,
      thought_signature: timeSig,
    });

    // Every request streams with the thinking config and both tools.
    for (const call of server.calls) {
      expect(call.searchParams.get("alt")).toBe("sse");
      const body = call.body as {
        generationConfig: unknown;
        tools: { functionDeclarations: { name: string }[] }[];
      };
      expect(body.generationConfig).toMatchObject({ thinkingConfig: { includeThoughts: true } });
      expect(body.tools[0]?.functionDeclarations.map((d) => d.name)).toEqual([
        "weather",
        "local_time",
      ]);
    }

    // Every request after the first carries each earlier part's signature unchanged.
    const weatherPart = {
      functionCall: { name: "weather", args: { location: "San Francisco" } },
      thoughtSignature: weatherSig,
    };
    const weatherResult = {
      functionResponse: {
        id: weatherSig,
        name: "weather",
        response: { output: "Cloudy, 7°C in San Francisco" },
      },
    };
    const second = partsOf(server.calls[1]?.body);
    expect(second).toContainEqual(weatherPart);
    expect(second).toContainEqual(weatherResult);
    const third = partsOf(server.calls[2]?.body);
    expect(third).toContainEqual(weatherPart);
    expect(third).toContainEqual({
      functionCall: { name: "local_time", args: { location: "San Francisco" } },
      thoughtSignature: timeSig,
    });
    expect(third).toContainEqual({
      functionResponse: {
        id: timeSig,
        name: "local_time",
        response: { output: "09:30 in San Francisco" },
      },
    });
    // Thinking is not sent back (AgentScope's formatter skips thinking blocks).
    expect(JSON.stringify(server.calls[2]?.body)).not.toContain("now the time");
    // The final answer keeps its text signature for the next turn.
    expect(memory[5]?.getContentBlocks("text")[0]).toMatchObject({ thought_signature: textSig });
  });

  it("fails the reply on a stream cut mid-call with a clear error, running no tool", async () => {
    await using server = await createTestServer({
      [geminiPath("gemini-3.1-pro-preview", "streamGenerateContent")]: {
        response: {
          type: "stream",
          format: "gemini",
          chunks: wireChunks("google-stream-tool-call-arguments"),
          cutAfter: 2,
        },
      },
    });
    const calls: string[] = [];
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "You are Friday.",
      model: new GeminiChatModel({
        modelName: "gemini-3.1-pro-preview",
        apiKey: "k",
        baseURL: server.url,
        maxRetries: 0,
      }),
      formatter: new GeminiChatFormatter(),
      toolkit: weatherAndTimeToolkit(calls),
    });
    agent.setConsoleOutputEnabled(false);
    const error = await agent
      .call(new Msg("user", "Weather in Boston?", "user"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/stream broke off after \d+ chunk/);
    expect(calls).toEqual([]);
    const memory = await agent.memory.getMemory();
    expect(memory.some((m) => m.hasContentBlocks("tool_result"))).toBe(false);
  });
});
