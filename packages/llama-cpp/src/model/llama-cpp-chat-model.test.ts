import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ChatResponse,
  InterruptedError,
  ModelError,
  type ToolFunctionSchema,
  ValidationError,
} from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { LlamaCppMessage } from "../formatter/llama-cpp-message.js";
import { writeTinyLlamaGguf } from "../testing/tiny-llama-gguf.js";
import { LlamaCppChatModel } from "./llama-cpp-chat-model.js";

let dir: string;
let modelPath: string;
let model: LlamaCppChatModel;

const messages: LlamaCppMessage[] = [
  { role: "system", content: "You are a helpful assistant." },
  { role: "user", content: "hello world" },
];

const weather: ToolFunctionSchema = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather of a city",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string", maxLength: 8 },
        unit: { type: "string", enum: ["c", "f"] },
      },
      required: ["city"],
    },
  },
};
const time: ToolFunctionSchema = {
  type: "function",
  function: {
    name: "get_time",
    description: "The time now",
    parameters: { type: "object", properties: {} },
  },
};

function text(response: ChatResponse): string {
  return response.content
    .filter((b) => b.type === "text")
    .map((b) => (b as { text: string }).text)
    .join("");
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "llama-cpp-chat-"));
  modelPath = (await writeTinyLlamaGguf(join(dir, "tiny.gguf"))).path;
  model = new LlamaCppChatModel({
    modelPath,
    contextSize: 4096,
    threads: 1,
    generateKwargs: { maxTokens: 12 },
  });
  await model.load();
});

afterAll(async () => {
  await model?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("LlamaCppChatModel", () => {
  it("names itself after the file and uses the given threads and context size", async () => {
    expect(model.provider).toBe("llama-cpp");
    expect(model.modelName).toBe("tiny");
    expect(model.streaming).toBe(true);
    expect(await model.threads()).toBe(1);
    expect(await model.contextSize()).toBe(4096);
  });

  it("streams cumulative chunks and counts usage", async () => {
    const chunks: ChatResponse[] = [];
    for await (const chunk of model.stream(messages)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    for (let i = 1; i < chunks.length; i++) {
      expect(text(chunks[i] as ChatResponse).startsWith(text(chunks[i - 1] as ChatResponse))).toBe(
        true,
      );
    }
    const last = chunks.at(-1) as ChatResponse;
    expect(text(last).length).toBeGreaterThan(0);
    expect(last.usage?.outputTokens).toBe(12);
    expect(last.usage?.metadata).toEqual({ stop_reason: "maxTokens" });
    // The prompt: the chat template's system and user turns, more than the 4 words given.
    expect(last.usage?.inputTokens).toBeGreaterThan(20);
    // A longer prompt counts more input tokens; the count is the prompt, not only new tokens.
    const again = await model.call(messages);
    expect(again.usage?.inputTokens).toBe(last.usage?.inputTokens);
    const longer = await model.call([
      ...messages,
      { role: "assistant", content: "hello" },
      { role: "user", content: "the weather" },
    ]);
    expect(longer.usage?.inputTokens).toBeGreaterThan(last.usage?.inputTokens ?? 0);
  });

  it("returns one final response when not streaming, with per-call generateKwargs", async () => {
    const quiet = new LlamaCppChatModel({
      modelPath,
      contextSize: 2048,
      threads: 1,
      stream: false,
    });
    try {
      const response = await quiet.call(messages, { generateKwargs: { maxTokens: 5 } });
      expect(response.usage?.outputTokens).toBe(5);
      expect(text(response).length).toBeGreaterThan(0);
      const chunks = [];
      for await (const chunk of quiet.stream(messages, { generateKwargs: { maxTokens: 3 } })) {
        chunks.push(chunk);
      }
      expect(chunks).toHaveLength(1);
    } finally {
      await quiet.dispose();
    }
  });

  it("writes structured output through a JSON-schema grammar", async () => {
    const schema = z.object({
      answer: z.string(),
      mood: z.enum(["happy", "sad"]),
      done: z.boolean(),
      tags: z.array(z.string()).max(2),
      note: z.string().optional(),
    });
    const response = await model.call(messages, {
      structuredModel: schema,
      generateKwargs: { maxTokens: 400 },
    });
    expect(response.usage?.metadata).toEqual({ stop_reason: "stopGenerationTrigger" });
    const parsed = schema.parse(response.metadata);
    expect(["happy", "sad"]).toContain(parsed.mood);
    // The metadata is the answer text parsed (an optional field the grammar wrote as null dropped).
    const fromText = JSON.parse(text(response)) as Record<string, unknown>;
    if (fromText.note === null) delete fromText.note;
    expect(response.metadata).toEqual(fromText);
  });

  it("accepts tools and describes them to the model", async () => {
    const plain = await model.call(messages);
    const withTools = await model.call(messages, { tools: [weather, time] });
    const none = await model.call(messages, { tools: [weather, time], toolChoice: "none" });
    // The chat template lists the tools in the prompt; "none" leaves them out.
    expect(withTools.usage?.inputTokens).toBeGreaterThan((plain.usage?.inputTokens ?? 0) + 50);
    expect(none.usage?.inputTokens).toBe(plain.usage?.inputTokens);
    for (const block of withTools.content) expect(["text", "tool_use"]).toContain(block.type);
  });

  it("forces a call of the named tool and returns tool_use blocks, streamed as they grow", async () => {
    const chunks: ChatResponse[] = [];
    for await (const chunk of model.stream(messages, {
      tools: [time, weather],
      toolChoice: "get_weather",
      generateKwargs: { maxTokens: 300 },
    })) {
      chunks.push(chunk);
    }
    const last = chunks.at(-1) as ChatResponse;
    const calls = last.content.filter((b) => b.type === "tool_use");
    expect(calls.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const call of calls) {
      if (call.type !== "tool_use") continue;
      expect(call.name).toBe("get_weather");
      expect(call.id).toMatch(/^call_/);
      ids.add(call.id);
      expect(typeof call.input.city).toBe("string");
      expect((call.input.city as string).length).toBeLessThanOrEqual(8);
      if ("unit" in call.input) expect(["c", "f"]).toContain(call.input.unit);
      expect(JSON.parse(call.raw_input as string)).toMatchObject({ city: call.input.city });
    }
    expect(ids.size).toBe(calls.length);
    // Earlier chunks already held the call while its arguments streamed.
    expect(chunks.some((c) => c !== last && c.content.some((b) => b.type === "tool_use"))).toBe(
      true,
    );
  });

  it("with toolChoice required and parallelToolCalls false, makes exactly one call", async () => {
    const single = new LlamaCppChatModel({
      modelPath,
      contextSize: 4096,
      threads: 1,
      parallelToolCalls: false,
      generateKwargs: { maxTokens: 300 },
    });
    try {
      const response = await single.call(messages, {
        tools: [weather, time],
        toolChoice: "required",
      });
      const calls = response.content.filter((b) => b.type === "tool_use");
      expect(calls).toHaveLength(1);
      expect(["get_weather", "get_time"]).toContain(calls[0]?.name);
      expect(response.usage?.metadata).toEqual({ stop_reason: "functionCalls" });
    } finally {
      await single.dispose();
    }
  });

  it("continues after tool results in the history", async () => {
    const history: LlamaCppMessage[] = [
      ...messages,
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "get_weather", arguments: { city: "Paris" } },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_1", name: "get_weather", content: "sunny" },
    ];
    const plain = await model.call(messages);
    const response = await model.call(history, { tools: [weather] });
    expect(response.usage?.inputTokens).toBeGreaterThan(plain.usage?.inputTokens ?? 0);
    expect(response.content.length).toBeGreaterThan(0);
  });

  it("stops generating when the signal aborts and rejects with InterruptedError", async () => {
    const controller = new AbortController();
    let chunks = 0;
    const run = (async () => {
      for await (const _ of model.stream(messages, {
        signal: controller.signal,
        generateKwargs: { maxTokens: 100_000 },
      })) {
        chunks++;
        if (chunks === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(InterruptedError);
    // Not one chunk after the abort: generation stopped there, not after 100 000 tokens.
    expect(chunks).toBe(3);
    // The sequence was given back: the model answers the next call.
    const next = await model.call(messages);
    expect(next.usage?.outputTokens).toBe(12);
  });

  it("rejects at once for a signal aborted before the call", async () => {
    await expect(model.call(messages, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      InterruptedError,
    );
  });

  it("releases the sequence when the consumer stops early", async () => {
    for await (const _ of model.stream(messages, { generateKwargs: { maxTokens: 100_000 } })) break;
    const next = await model.call(messages);
    expect(next.usage?.outputTokens).toBe(12);
  });

  it("queues concurrent calls on one sequence", async () => {
    const [a, b] = await Promise.all([model.call(messages), model.call(messages)]);
    expect(a.usage?.outputTokens).toBe(12);
    expect(b.usage?.outputTokens).toBe(12);
  });

  it("fails clearly for a missing file, bad options and bad messages", async () => {
    const missing = new LlamaCppChatModel({ modelPath: join(dir, "nope.gguf") });
    await expect(missing.call(messages)).rejects.toThrow(ModelError);
    await expect(missing.call(messages)).rejects.toThrow(/no GGUF file at .*nope\.gguf/);
    expect(() => new LlamaCppChatModel({ modelPath: "" })).toThrow(ValidationError);
    expect(() => new LlamaCppChatModel({ modelPath, threads: 0 })).toThrow(/threads/);
    // @ts-expect-error no such role (JavaScript callers can pass one)
    await expect(model.call([{ role: "robot", content: "x" }])).rejects.toThrow(/\[0\]\.role/);
  });

  it("refuses calls after dispose", async () => {
    const short = new LlamaCppChatModel({ modelPath, contextSize: 1024, threads: 1 });
    await short.load();
    await short[Symbol.asyncDispose]();
    await expect(short.call(messages)).rejects.toThrow(/disposed/);
  });
});
