import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedToolCall } from "../testing/scripted-steps.js";
import type { ChatResponse } from "./chat-response.js";
import { createChatResponse } from "./create-chat-response.js";
import {
  checkToolCallsComplete,
  isCutJsonObject,
  truncatedToolCall,
} from "./truncated-tool-call.js";

const messages = [{ role: "user", content: "Weather in Paris?" }];
const fast = { initialDelayMs: 1, maxDelayMs: 5 };
const weather = { city: "Paris" }; // {"city":"Paris"}: 16 characters, 2 chunks of 8

function withCall(raw: string | undefined): ChatResponse {
  return createChatResponse({
    content: [
      {
        type: "tool_use",
        id: "call_1",
        name: "get_weather",
        input: {},
        ...(raw !== undefined ? { raw_input: raw } : {}),
      },
    ],
  });
}

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const out: ChatResponse[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe("isCutJsonObject", () => {
  it("is true for a valid JSON object that stops before its end", () => {
    for (const cut of [
      '{"city": "Par',
      "{",
      '{"city"',
      '{"city":',
      '{"n": 1',
      '{"a": tru',
      '{"a": [1,',
    ])
      expect(isCutJsonObject(cut), cut).toBe(true);
  });

  it("is false for complete objects, blank text and text that is not JSON (left to the repair)", () => {
    for (const text of [
      '{"city": "Paris"}',
      "{}",
      "  {} ",
      "",
      "  ",
      "{'city': 'Paris'",
      '{"a": 1}}',
    ])
      expect(isCutJsonObject(text), text).toBe(false);
  });
});

describe("checkToolCallsComplete", () => {
  it("names the cut call and says its arguments were incomplete, as a retryable ModelError", () => {
    const error = (() => {
      try {
        checkToolCallsComplete(withCall('{"city": "Par'), "openai", "The openai model m");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ provider: "openai", retryable: true });
    expect((error as Error).message).toMatch(
      /^The openai model m answered with a truncated tool call: the arguments of "get_weather" \(id "call_1"\) are incomplete JSON .*The tool was not run/,
    );
  });

  it("accepts complete arguments, calls without raw arguments and answers without calls", () => {
    expect(truncatedToolCall(withCall('{"city": "Paris"}'))).toBeUndefined();
    expect(truncatedToolCall(withCall(undefined))).toBeUndefined();
    expect(truncatedToolCall(withCall(""))).toBeUndefined();
    expect(truncatedToolCall(createChatResponse({ content: [{ type: "text", text: "{" }] }))).toBe(
      undefined,
    );
    expect(() => checkToolCallsComplete(undefined, "p", "m")).not.toThrow();
  });
});

describe("ChatModelBase: a truncated tool call never reaches the caller", () => {
  it("fails a stream that ends cleanly in the middle of a tool call's arguments, after its chunks", async () => {
    const model = new ScriptedChatModel({
      retry: fast,
      script: [scriptedToolCall("get_weather", weather, { callId: "c1", endAfterChunks: 1 })],
    });
    const chunks: ChatResponse[] = [];
    const error = await (async () => {
      for await (const chunk of model.stream(messages)) chunks.push(chunk);
    })().catch((e: unknown) => e);
    expect(chunks.map((c) => (c.content[0] as { raw_input?: string }).raw_input)).toEqual([
      '{"city":',
    ]);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ provider: "scripted", retryable: true });
    expect((error as Error).message).toMatch(/"get_weather" \(id "c1"\) are incomplete JSON/);
    // Chunks reached the caller: the stream is not retried.
    expect(model.callCount).toBe(1);
  });

  it("retries a non-streaming call whose answer has a truncated tool call", async () => {
    const model = new ScriptedChatModel({
      stream: false,
      retry: fast,
      script: [
        scriptedToolCall("get_weather", weather, { callId: "c1", endAfterChunks: 1 }),
        scriptedToolCall("get_weather", weather, { callId: "c2" }),
      ],
    });
    const response = await model.call(messages);
    expect(response.content).toMatchObject([{ type: "tool_use", id: "c2", input: weather }]);
    expect(model.callCount).toBe(2);
  });

  it("gives up on a non-streaming call after maxRetries truncated answers", async () => {
    const cut = () => scriptedToolCall("get_weather", weather, { endAfterChunks: 1 });
    const model = new ScriptedChatModel({ stream: false, retry: fast, maxRetries: 1 });
    model.push(cut(), cut());
    const error = await model.call(messages).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/incomplete JSON.*\(gave up after 2 attempts\)$/);
  });

  it("lets a stream whose tool call is complete end normally", async () => {
    const model = new ScriptedChatModel({
      script: [scriptedToolCall("get_weather", weather, { callId: "c1" })],
    });
    const last = (await collect(model.stream(messages))).at(-1);
    expect(last?.content).toMatchObject([{ type: "tool_use", id: "c1", input: weather }]);
  });
});
