import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { setTracer } from "../tracing/global-tracer.js";
import { ChatModelBase, type ChatModelRequest } from "./chat-model-base.js";
import type { ChatResponse } from "./chat-response.js";
import { createChatResponse } from "./create-chat-response.js";

const messages = [{ role: "user", content: "hi" }];
const fast = { initialDelayMs: 1, maxDelayMs: 5 };

/** A non-streaming model whose doCall is a test-provided function. */
class FnModel extends ChatModelBase {
  readonly provider = "fn";
  constructor(
    readonly fn: (request: ChatModelRequest) => Promise<ChatResponse>,
    options: { maxRetries?: number; timeout?: number } = {},
  ) {
    super({ modelName: "fn-model", stream: false, retry: fast, ...options });
  }
  protected override doCall(
    _messages: readonly Record<string, unknown>[],
    request: ChatModelRequest,
  ): Promise<ChatResponse> {
    return this.fn(request);
  }
}

const text = (t: string) => createChatResponse({ content: [{ type: "text", text: t }] });

afterEach(() => {
  setTracer(undefined);
  vi.useRealTimers();
});

describe("ChatModelBase retries", () => {
  it("retries a raw 503 SDK error and returns the later answer", async () => {
    let n = 0;
    const model = new FnModel(async () => {
      n++;
      if (n === 1) throw Object.assign(new Error("Service Unavailable"), { status: 503 });
      return text("ok");
    });
    const response = await model.call(messages);
    expect(response.content).toEqual([{ type: "text", text: "ok" }]);
    expect(n).toBe(2);
  });

  it("honours retryAfterMs of a 429", async () => {
    vi.useFakeTimers();
    const model = new ScriptedChatModel({
      script: [
        new ModelError("slow down", { status: 429, retryable: true, retryAfterMs: 3000 }),
        scriptedText("done"),
      ],
    });
    const promise = model.call(messages);
    await vi.advanceTimersByTimeAsync(2990);
    expect(model.callCount).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(model.callCount).toBe(2);
    expect((await promise).content).toEqual([{ type: "text", text: "done" }]);
  });

  it("does not retry a 400", async () => {
    const model = new ScriptedChatModel({
      script: [new ModelError("bad request", { status: 400 }), scriptedText("never")],
    });
    await expect(model.call(messages)).rejects.toMatchObject({
      status: 400,
      message: "bad request",
    });
    expect(model.callCount).toBe(1);
  });

  it("gives up after maxRetries with a ModelError saying how many attempts were made", async () => {
    const model = new ScriptedChatModel({
      maxRetries: 2,
      script: [500, 502, 503, 504].map(
        (status) => new ModelError(`HTTP ${status}`, { status, retryable: true }),
      ),
    });
    const error = await model.call(messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect((error as Error).message).toMatch(/HTTP 503 \(gave up after 3 attempts\)/);
    expect(model.callCount).toBe(3);
  });

  it("lets a call override maxRetries", async () => {
    const model = new ScriptedChatModel({
      script: [new ModelError("x", { status: 500, retryable: true }), scriptedText("ok")],
    });
    await expect(model.call(messages, { maxRetries: 0 })).rejects.toMatchObject({ status: 500 });
  });

  it("retries a stream that fails before its first chunk, but not after", async () => {
    const before = new ScriptedChatModel({
      script: [
        { text: "abc", failAfterChunks: 0, error: new ModelError("reset", { retryable: true }) },
        scriptedText("abc"),
      ],
    });
    const chunks: string[] = [];
    for await (const c of before.stream(messages)) chunks.push(JSON.stringify(c.content));
    expect(before.callCount).toBe(2);
    expect(chunks.length).toBeGreaterThan(0);

    const after = new ScriptedChatModel({
      chunkSize: 1,
      script: [
        { text: "abcdef", failAfterChunks: 2, error: new ModelError("reset", { retryable: true }) },
        scriptedText("x"),
      ],
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const c of after.stream(messages))
        seen.push((c.content[0] as { text: string }).text);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "reset" });
    expect(seen).toEqual(["a", "ab"]);
    expect(after.callCount).toBe(1);
  });
});

describe("ChatModelBase timeout and abort", () => {
  it("turns a timeout into a retryable ModelError and retries it", async () => {
    let attempts = 0;
    const model = new FnModel(
      (request) => {
        attempts++;
        if (attempts === 1) return new Promise(() => {}); // hangs and ignores the signal
        expect(request.signal.aborted).toBe(false);
        return Promise.resolve(text("second try"));
      },
      { timeout: 30 },
    );
    await expect(model.call(messages)).resolves.toMatchObject({
      content: [{ text: "second try" }],
    });
    expect(attempts).toBe(2);

    const stuck = new FnModel(() => new Promise(() => {}), { timeout: 20, maxRetries: 1 });
    const error = await stuck.call(messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "fn" });
    expect((error as Error).message).toMatch(/timed out after 20 ms.*gave up after 2 attempts/);
  });

  it("aborts the attempt's signal on timeout, so the SDK can stop", async () => {
    let seen: AbortSignal | undefined;
    const model = new FnModel(
      (request) => {
        seen = request.signal;
        return new Promise(() => {});
      },
      { timeout: 10, maxRetries: 0 },
    );
    await expect(model.call(messages)).rejects.toBeInstanceOf(ModelError);
    expect(seen?.aborted).toBe(true);
  });

  it("stops a stream promptly with InterruptedError when the signal aborts mid-way", async () => {
    const model = new ScriptedChatModel({
      chunkSize: 1,
      chunkDelayMs: 20,
      script: [scriptedText("x".repeat(500))],
    });
    const controller = new AbortController();
    let chunks = 0;
    const error = await (async () => {
      for await (const _ of model.stream(messages, { signal: controller.signal })) {
        chunks++;
        if (chunks === 3) {
          setTimeout(() => controller.abort(), 0);
        }
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(chunks).toBeLessThan(10);
    expect(model.lastCall?.options.signal.aborted).toBe(true);
  });

  it("stops a call whose provider ignores the signal, and rejects at once if already aborted", async () => {
    const controller = new AbortController();
    const model = new FnModel(() => new Promise(() => {}));
    const promise = model.call(messages, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(promise).rejects.toBeInstanceOf(InterruptedError);
    await expect(model.call(messages, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      InterruptedError,
    );
  });
});

describe("ChatModelBase requests and responses", () => {
  it("validates toolChoice against the tools before calling the provider", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("x")] });
    const tools = [
      { type: "function" as const, function: { name: "search", description: "", parameters: {} } },
    ];
    expect(() => model.stream(messages, { tools, toolChoice: "serch" })).toThrow(ValidationError);
    await expect(model.call(messages, { tools, toolChoice: "serch" })).rejects.toThrow(
      /Available options: auto, none, required, search/,
    );
    expect(model.callCount).toBe(0);
    await model.call(messages, { tools, toolChoice: "search" });
    expect(model.lastCall?.options).toMatchObject({ tools, toolChoice: "search", attempt: 1 });
  });

  it("rejects messages that are not a list", async () => {
    const model = new ScriptedChatModel({ script: [] });
    await expect(model.call("hi" as never)).rejects.toThrow(/Invalid messages.*formatter/s);
  });

  it("call() on a streaming model returns the last cumulative chunk", async () => {
    const model = new ScriptedChatModel({
      chunkSize: 2,
      script: [{ thinking: "hm", text: "hello" }],
    });
    const streamed: ChatResponse[] = [];
    const again = new ScriptedChatModel({
      chunkSize: 2,
      script: [{ thinking: "hm", text: "hello" }],
    });
    for await (const chunk of again.stream(messages)) streamed.push(chunk);
    const final = await model.call(messages);
    expect(final.content).toEqual(streamed.at(-1)?.content);
    expect(final.content).toEqual([
      { type: "thinking", thinking: "hm" },
      { type: "text", text: "hello" },
    ]);
  });

  it("stream() on a non-streaming model yields one complete chunk", async () => {
    const model = new ScriptedChatModel({
      stream: false,
      chunkSize: 1,
      script: [scriptedText("abc")],
    });
    const chunks: ChatResponse[] = [];
    for await (const c of model.stream(messages)) chunks.push(c);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.content).toEqual([{ type: "text", text: "abc" }]);
  });

  it("validates structured output with structuredModel in call()", async () => {
    const schema = z.object({ city: z.string(), days: z.number().default(1) });
    const ok = new ScriptedChatModel({ script: [{ text: "{}", metadata: { city: "Paris" } }] });
    const response = await ok.call(messages, { structuredModel: schema });
    expect(response.metadata).toEqual({ city: "Paris", days: 1 });

    const bad = new ScriptedChatModel({ script: [{ text: "{}", metadata: { city: 3 } }] });
    await expect(bad.call(messages, { structuredModel: schema })).rejects.toThrow(
      /Invalid structured output: city: expected string/,
    );
  });

  it("requires a subclass to implement doStream or doCall", async () => {
    class Empty extends ChatModelBase {
      readonly provider = "empty";
    }
    const model = new Empty({ modelName: "e", maxRetries: 0 });
    await expect(model.call(messages)).rejects.toThrow(AgentScopeError);
    await expect(model.call(messages)).rejects.toThrow(
      /Empty must override doStream\(\) or doCall\(\)/,
    );
  });

  it("rejects a missing modelName", () => {
    expect(() => new ScriptedChatModel({ modelName: "" })).toThrow(/modelName/);
  });
});

describe("ChatModelBase tracing", () => {
  it("opens one model span per call and stream, with usage and errors", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const model = new ScriptedChatModel({
      script: [
        scriptedText("hi", { usage: { inputTokens: 5, outputTokens: 2 }, id: "r1" }),
        scriptedText("there"),
        new ModelError("nope", { status: 401 }),
      ],
    });
    await model.call(messages);
    for await (const _ of model.stream(messages)) {
      // drain
    }
    await model.call(messages).catch(() => {});
    expect(tracer.spans.map((s) => [s.name, s.kind, s.ended])).toEqual([
      ["chat scripted-model", "model", true],
      ["chat scripted-model", "model", true],
      ["chat scripted-model", "model", true],
    ]);
    expect(tracer.spans[0]?.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "scripted",
      "gen_ai.request.model": "scripted-model",
      "gen_ai.response.id": "r1",
      "gen_ai.usage.input_tokens": 5,
      "gen_ai.usage.output_tokens": 2,
    });
    expect(tracer.spans[2]?.errors[0]).toMatchObject({ status: 401 });
  });
});
