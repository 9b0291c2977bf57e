import { Msg } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type InMemoryTracing,
  parentIdOf,
  startInMemoryTracing,
} from "./__fixtures__/in-memory-tracing.js";
import {
  EXPECTED_CHILDREN,
  everythingClient,
  OpenAIChatFormatter,
  tracedAgent,
} from "./__fixtures__/traced-agent.js";

const client = everythingClient();
let tracing: InMemoryTracing | undefined;

beforeAll(async () => {
  await client.connect();
});
afterAll(async () => {
  await client[Symbol.asyncDispose]();
});
afterEach(async () => {
  await tracing?.stop();
  tracing = undefined;
});

/** Waits (bounded) until `count` spans have ended: an interrupted reply settles after `call()`. */
async function waitForSpans(
  t: InMemoryTracing,
  count: number,
  timeoutMs = 5000,
): Promise<ReadableSpan[]> {
  const deadline = Date.now() + timeoutMs;
  while (t.spans().length < count) {
    if (Date.now() > deadline) throw new Error(`only ${t.spans().length} of ${count} spans ended`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return t.spans();
}

describe("a streaming ReActAgent with two tools and an MCP tool, traced", () => {
  it("gives one trace: app span > invoke_agent > format, chat and execute_tool spans", async () => {
    const t = startInMemoryTracing({ conversationId: "run-42" });
    tracing = t;
    const agent = await tracedAgent(client);
    const events: string[] = [];
    await t.provider.getTracer("app").startActiveSpan("POST /chat", async (root) => {
      for await (const event of agent.stream(
        new Msg("user", "Weather in Paris, and 19 + 23?", "user"),
      )) {
        events.push(event.type);
      }
      root.end();
    });
    expect(events.at(-1)).toBe("reply");
    expect(events).toContain("model_chunk");

    const spans = t.spans();
    const root = spans.find((s) => s.name === "POST /chat") as ReadableSpan;
    const agentSpan = spans.find((s) => s.name === "invoke_agent Friday") as ReadableSpan;
    expect(parentIdOf(agentSpan)).toBe(root.spanContext().spanId);
    const children = spans.filter((s) => parentIdOf(s) === agentSpan.spanContext().spanId);
    expect(children.map((s) => s.name)).toEqual(EXPECTED_CHILDREN);
    expect(spans).toHaveLength(EXPECTED_CHILDREN.length + 2);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);

    // Kinds: model calls are client spans, the rest internal.
    for (const span of children) {
      expect(span.kind).toBe(span.name.startsWith("chat") ? SpanKind.CLIENT : SpanKind.INTERNAL);
    }

    expect(agentSpan.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "Friday",
      "gen_ai.agent.id": agent.id,
      "gen_ai.conversation.id": "run-42",
    });
    const chat = children.find((s) => s.name.startsWith("chat")) as ReadableSpan;
    expect(chat.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "scripted",
      "gen_ai.request.model": "scripted-model",
      "gen_ai.usage.input_tokens": 11,
      "gen_ai.usage.output_tokens": 7,
      "gen_ai.response.finish_reasons": ["tool_calls"],
      "agentscope.stream": true,
      "agentscope.function.name": "ScriptedChatModel.stream",
    });
    expect(String(chat.attributes["gen_ai.tool.definitions"])).toContain('"name":"get-sum"');
    const format = children.find((s) => s.name === "format openai") as ReadableSpan;
    expect(format.attributes).toMatchObject({
      "gen_ai.operation.name": "format",
      "agentscope.format.target": "openai",
      "agentscope.format.count": 2,
    });

    const tools = children.filter((s) => s.name.startsWith("execute_tool"));
    expect(
      tools.map((s) => [s.attributes["gen_ai.tool.name"], s.attributes["gen_ai.tool.call.id"]]),
    ).toEqual([
      ["get_weather", "call_weather"],
      ["lookup_city", "call_city"],
      ["get-sum", "call_sum"],
      ["get_weather", "call_atlantis"],
    ]);
    const sum = tools[2] as ReadableSpan;
    expect(sum.attributes["gen_ai.operation.name"]).toBe("execute_tool");
    expect(String(sum.attributes["gen_ai.tool.description"])).toMatch(/sum/i);

    // The failed call is an error; everything else succeeded.
    const failed = tools[3] as ReadableSpan;
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.status.message).toContain("no weather station in Atlantis");
    expect(spans.filter((s) => s.status.code === SpanStatusCode.ERROR)).toEqual([failed]);

    // Content is off by default: no prompts, completions, arguments or results.
    const keys = new Set(spans.flatMap((s) => Object.keys(s.attributes)));
    for (const key of [
      "gen_ai.input.messages",
      "gen_ai.output.messages",
      "gen_ai.tool.call.arguments",
      "gen_ai.tool.call.result",
    ]) {
      expect(keys.has(key)).toBe(false);
    }
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain("Paris");
  });

  it("records arguments and results of tools, MCP ones included, when content is on", async () => {
    const t = startInMemoryTracing({ recordContent: true });
    tracing = t;
    const agent = await tracedAgent(client);
    await agent.call(new Msg("user", "Weather in Paris, and 19 + 23?", "user"));
    const sum = t.spans().find((s) => s.name === "execute_tool get-sum") as ReadableSpan;
    expect(sum.attributes["gen_ai.tool.call.arguments"]).toBe('{"a":19,"b":23}');
    expect(String(sum.attributes["gen_ai.tool.call.result"])).toContain(
      "The sum of 19 and 23 is 42.",
    );
    const city = t.spans().find((s) => s.name === "execute_tool lookup_city") as ReadableSpan;
    // A streamed result is traced until exhausted: the span holds the last chunk.
    expect(city.attributes["gen_ai.tool.call.result"]).toBe(
      '[{"type":"text","text":"Paris: capital."}]',
    );
  });

  it("ends the agent and model spans of an interrupted reply with an error status", async () => {
    const t = startInMemoryTracing();
    tracing = t;
    const { ReActAgent } = await import("@agentscope-ts/core");
    const agent = new ReActAgent({
      name: "Slow",
      sysPrompt: "Take your time.",
      model: new ScriptedChatModel({
        chunkSize: 1,
        chunkDelayMs: 20,
        script: [scriptedText("a very long answer that we will not wait for")],
      }),
      formatter: new OpenAIChatFormatter(),
    });
    agent.setConsoleOutputEnabled(false);
    let chunks = 0;
    for await (const event of agent.stream(new Msg("user", "Go", "user"))) {
      if (event.type === "model_chunk" && ++chunks === 2) await agent.interrupt();
    }
    const spans = await waitForSpans(t, 3);
    const byName = (name: string) => spans.find((s) => s.name === name) as ReadableSpan;
    expect(byName("chat scripted-model").status.code).toBe(SpanStatusCode.ERROR);
    expect(byName("chat scripted-model").attributes["error.type"]).toBe("InterruptedError");
    expect(byName("invoke_agent Slow").status.code).toBe(SpanStatusCode.ERROR);
    expect(byName("format openai").status.code).toBe(SpanStatusCode.OK);
  });
});
