import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { FormatterBase } from "../formatter/formatter-base.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { DeterministicEmbeddingModel } from "../testing/deterministic-embedding-model.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { Toolkit } from "../tool/toolkit.js";
import { setTracer } from "./global-tracer.js";
import { formatTargetOf, providerNameOf } from "./provider-name.js";
import { MAX_ATTRIBUTE_CHARS, spanJson } from "./span-content.js";

afterEach(() => setTracer(undefined));

class OpenAIChatFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

class BrokenFormatter extends FormatterBase {
  async format(_msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    throw new Error("cannot format");
  }
}

const call = (name: string, input: Record<string, unknown>, id = "call_1"): ToolUseBlock => ({
  type: "tool_use",
  id,
  name,
  input,
});

function makeToolkit(): Toolkit {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "add",
      description: "Add two numbers.",
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => String(a + b),
    }),
  );
  toolkit.registerToolFunction(
    tool({
      name: "explode",
      description: "Always fails.",
      parameters: z.object({}),
      execute: () => {
        throw new Error("kaboom");
      },
    }),
  );
  toolkit.registerToolFunction(
    tool({
      name: "wait",
      description: "Waits until aborted.",
      parameters: z.object({}),
      execute: (_input, { signal }) =>
        new Promise<string>((resolve) => signal.addEventListener("abort", () => resolve("late"))),
    }),
  );
  return toolkit;
}

async function drain<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("tool spans", () => {
  it("opens execute_tool {name} with the call id and description; arguments only on opt-in", async () => {
    const tracer = new RecordingTracer({ conversationId: "run-1" });
    setTracer(tracer);
    const toolkit = makeToolkit();
    await drain(toolkit.callTool(call("add", { a: 2, b: 3 })));
    expect(tracer.spans).toHaveLength(1);
    const [span] = tracer.spans;
    expect(span).toMatchObject({ name: "execute_tool add", kind: "tool", ended: true, errors: [] });
    expect(span?.attributes).toEqual({
      "gen_ai.conversation.id": "run-1",
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "add",
      "gen_ai.tool.call.id": "call_1",
      "gen_ai.tool.description": "Add two numbers.",
    });

    const withContent = new RecordingTracer({ recordContent: true });
    setTracer(withContent);
    await drain(toolkit.callTool(call("add", { a: 2, b: 3 })));
    expect(withContent.spans[0]?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"a":2,"b":3}',
      "gen_ai.tool.call.result": '[{"type":"text","text":"5"}]',
    });
  });

  it("ends failed and interrupted calls with an error, and unknown tools too", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const toolkit = makeToolkit();
    await drain(toolkit.callTool(call("explode", {}, "c2")));
    await drain(toolkit.callTool(call("nope", {}, "c3")));
    const controller = new AbortController();
    const waiting = drain(toolkit.callTool(call("wait", {}, "c4"), { signal: controller.signal }));
    controller.abort();
    await waiting;
    expect(tracer.spans.map((s) => [s.name, s.ended])).toEqual([
      ["execute_tool explode", true],
      ["execute_tool nope", true],
      ["execute_tool wait", true],
    ]);
    expect(tracer.spans.map((s) => (s.errors[0] as Error).name)).toEqual([
      "Error",
      "FunctionNotFoundError",
      "InterruptedError",
    ]);
    expect((tracer.spans[0]?.errors[0] as Error | undefined)?.message).toContain("kaboom");
  });

  it("ends the span when the consumer stops early", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "ticks",
        description: "Streams ticks.",
        parameters: z.object({}),
        async *execute() {
          for (let i = 0; i < 5; i++) {
            yield {
              content: [{ type: "text", text: `t${i}` }],
              stream: true,
              isLast: i === 4,
              isInterrupted: false,
              id: `r${i}`,
            };
          }
        },
      }),
    );
    for await (const _ of toolkit.callTool(call("ticks", {}))) break;
    expect(tracer.spans[0]).toMatchObject({ name: "execute_tool ticks", ended: true, errors: [] });
  });

  it("costs no span when tracing is off", async () => {
    const toolkit = makeToolkit();
    const out = await drain(toolkit.callTool(call("add", { a: 1, b: 1 })));
    expect(out.at(-1)?.content).toEqual([{ type: "text", text: "2" }]);
  });
});

describe("formatter spans", () => {
  it("opens format {target} for a subclass's own format(), with the message count", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const formatter = new OpenAIChatFormatter();
    const out = await formatter.format([
      new Msg("user", "hi", "user"),
      new Msg("a", "yo", "assistant"),
    ]);
    expect(out).toHaveLength(2);
    expect(tracer.spans).toEqual([
      {
        name: "format openai",
        kind: "formatter",
        attributes: {
          "gen_ai.operation.name": "format",
          "agentscope.format.target": "openai",
          "agentscope.function.name": "OpenAIChatFormatter.format",
          "agentscope.format.count": 2,
        },
        errors: [],
        ended: true,
      },
    ]);
    await expect(new BrokenFormatter().format([] as Msg[])).rejects.toThrow("cannot format");
    expect(tracer.spans[1]).toMatchObject({ name: "format unknown", ended: true });
    expect((tracer.spans[1]?.errors[0] as Error | undefined)?.message).toBe("cannot format");
  });
});

describe("model spans", () => {
  const messages = [{ role: "user", content: "hello" }];

  it("records generation parameters and usage, never credentials, prompts only on opt-in", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const model = new ScriptedChatModel({
      script: [
        scriptedText("hi", { usage: { inputTokens: 3, outputTokens: 1 } }),
        scriptedText("again"),
      ],
    });
    Object.assign(model, {
      apiKey: "sk-secret-123",
      generateKwargs: {
        temperature: 0.2,
        max_tokens: 64,
        headers: { Authorization: "Bearer sk-secret-123" },
      },
    });
    await model.call(messages);
    const attributes = tracer.spans[0]?.attributes ?? {};
    expect(attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.request.temperature": 0.2,
      "gen_ai.request.max_tokens": 64,
      "gen_ai.response.finish_reasons": ["stop"],
      "gen_ai.usage.input_tokens": 3,
      "gen_ai.usage.output_tokens": 1,
    });
    expect(attributes["gen_ai.input.messages"]).toBeUndefined();
    expect(attributes["gen_ai.output.messages"]).toBeUndefined();
    expect(JSON.stringify(tracer.spans)).not.toContain("sk-secret");

    const withContent = new RecordingTracer({ recordContent: true });
    setTracer(withContent);
    await model.call([{ role: "user", content: "hello", api_key: "sk-secret-123" }]);
    expect(withContent.spans[0]?.attributes["gen_ai.input.messages"]).toBe(
      '[{"role":"user","content":"hello","api_key":"[REDACTED]"}]',
    );
    expect(withContent.spans[0]?.attributes["gen_ai.output.messages"]).toBe(
      '[{"role":"assistant","parts":[{"type":"text","content":"again"}],"finish_reason":"stop"}]',
    );
  });

  it("traces a stream until exhausted and ends an interrupted one with an error", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const model = new ScriptedChatModel({
      chunkSize: 1,
      chunkDelayMs: 5,
      script: [
        scriptedToolCall("add", { a: 1, b: 2 }, { callId: "x" }),
        scriptedText("long answer here"),
      ],
    });
    const chunks = await drain(model.stream(messages));
    expect(chunks.length).toBeGreaterThan(1);
    expect(tracer.spans[0]?.attributes["gen_ai.response.finish_reasons"]).toEqual(["tool_calls"]);
    expect(tracer.spans[0]?.ended).toBe(true);

    const controller = new AbortController();
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const chunk of model.stream(messages, { signal: controller.signal })) {
          seen.push(chunk);
          if (seen.length === 2) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: "InterruptedError" });
    expect(tracer.spans[1]).toMatchObject({ ended: true });
    expect((tracer.spans[1]?.errors[0] as Error | undefined)?.name).toBe("InterruptedError");
  });

  it("opens no span when tracing is off", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("hi")] });
    const tracer = new RecordingTracer();
    const chunks = await drain(model.stream(messages));
    expect(chunks.at(-1)?.content).toEqual([{ type: "text", text: "hi" }]);
    expect(tracer.spans).toEqual([]);
  });
});

describe("embedding spans", () => {
  it("opens embeddings {model} with provider, model and dimension count", async () => {
    const tracer = new RecordingTracer({ conversationId: "run-9" });
    setTracer(tracer);
    const model = new DeterministicEmbeddingModel();
    const response = await model.embed(["hello world"]);
    expect(tracer.spans).toEqual([
      {
        name: "embeddings deterministic-embedding",
        kind: "embedding",
        attributes: {
          "gen_ai.conversation.id": "run-9",
          "gen_ai.operation.name": "embeddings",
          "gen_ai.provider.name": "deterministic",
          "gen_ai.request.model": "deterministic-embedding",
          "gen_ai.embeddings.dimension.count": 16,
          "gen_ai.response.id": response.id,
          "agentscope.embedding.source": response.source,
        },
        errors: [],
        ended: true,
      },
    ]);
  });
});

describe("provider inference and span values", () => {
  it("names providers as AgentScope does, by id and by base URL", () => {
    expect(providerNameOf({ provider: "gemini" })).toBe("gcp.gemini");
    expect(providerNameOf({ provider: "dashscope" })).toBe("dashscope");
    expect(providerNameOf({ provider: "openai" })).toBe("openai");
    const compatible = { provider: "openai", client: { baseURL: "https://api.deepseek.com/v1" } };
    expect(providerNameOf(compatible)).toBe("deepseek");
    const azure = { provider: "openai", baseURL: "https://x.openai.azure.com" };
    expect(providerNameOf(azure)).toBe("azure.ai.openai");
    expect(providerNameOf({ provider: "llama-cpp" })).toBe("llama-cpp");
    // A model whose client is not built yet (its SDK loads before the first request) throws on
    // `client`: the span falls back to the id instead of failing the call.
    const notYet = {
      provider: "openai",
      get client(): never {
        throw new Error("not loaded yet");
      },
    };
    expect(providerNameOf(notYet)).toBe("openai");
    expect(formatTargetOf(new OpenAIChatFormatter())).toBe("openai");
  });

  it("redacts secret keys, survives cycles and bigints, and caps long values", () => {
    const cyclic: Record<string, unknown> = {
      n: 1n,
      headers: { Authorization: "Bearer x", "x-api-key": "k" },
    };
    cyclic.self = cyclic;
    expect(spanJson(cyclic)).toBe(
      '{"n":"1","headers":{"Authorization":"[REDACTED]","x-api-key":"[REDACTED]"},"self":"[Circular]"}',
    );
    const long = spanJson("x".repeat(MAX_ATTRIBUTE_CHARS + 10));
    expect(long.length).toBeLessThan(MAX_ATTRIBUTE_CHARS + 40);
    expect(long.endsWith("…[12 more chars]")).toBe(true);
  });
});
