import { Msg, setTracer, Toolkit, type ToolResponse, tool, withSpan } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type InMemoryTracing,
  parentIdOf,
  startInMemoryTracing,
} from "./__fixtures__/in-memory-tracing.js";
import { OpenTelemetryTracer } from "./opentelemetry-tracer.js";

let tracing: InMemoryTracing;
beforeEach(() => {
  tracing = startInMemoryTracing();
});
afterEach(async () => {
  await tracing.stop();
});

const byName = (name: string) => {
  const span = tracing.spans().find((s) => s.name === name);
  if (!span)
    throw new Error(
      `no span ${name} in ${tracing
        .spans()
        .map((s) => s.name)
        .join(", ")}`,
    );
  return span;
};

describe("OpenTelemetryTracer", () => {
  it("nests spans under the app's active span and the agent span across await", async () => {
    const appTracer = tracing.provider.getTracer("app");
    await appTracer.startActiveSpan("handle request", async (root) => {
      await withSpan("agent", "invoke_agent A", { "gen_ai.agent.name": "A" }, async () => {
        await new Promise((r) => setTimeout(r, 1));
        await withSpan("formatter", "format openai", undefined, async () => {
          await Promise.resolve();
        });
        await withSpan(
          "model",
          "chat m",
          { "gen_ai.request.model": "m", nothing: undefined },
          () => 1,
        );
      });
      root.end();
    });
    const root = byName("handle request");
    const agent = byName("invoke_agent A");
    expect(parentIdOf(agent)).toBe(root.spanContext().spanId);
    expect(parentIdOf(byName("format openai"))).toBe(agent.spanContext().spanId);
    expect(parentIdOf(byName("chat m"))).toBe(agent.spanContext().spanId);
    expect(new Set(tracing.spans().map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(byName("chat m").kind).toBe(SpanKind.CLIENT);
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(byName("chat m").attributes).toEqual({ "gen_ai.request.model": "m" });
    expect(agent.status.code).toBe(SpanStatusCode.OK);
  });

  it("nests what a streaming tool starts between its yields under the tool span", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("inner"), scriptedText("again")] });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "two_step",
        description: "Streams two answers, asking a model for each.",
        parameters: z.object({}),
        async *execute(): AsyncGenerator<ToolResponse> {
          const first = await model.call([{ role: "user", content: "1" }]);
          yield {
            content: first.content as never,
            stream: true,
            isLast: false,
            isInterrupted: false,
            id: "a",
          };
          const second = await model.call([{ role: "user", content: "2" }]);
          yield {
            content: second.content as never,
            stream: true,
            isLast: true,
            isInterrupted: false,
            id: "b",
          };
        },
      }),
    );
    await withSpan("agent", "invoke_agent A", undefined, async () => {
      for await (const _ of toolkit.callTool({
        type: "tool_use",
        id: "c1",
        name: "two_step",
        input: {},
      })) {
        // A different async context on every resumption: the tool span must still be the parent.
        await new Promise((r) => setTimeout(r, 1));
      }
    });
    const toolSpan = byName("execute_tool two_step");
    expect(parentIdOf(toolSpan)).toBe(byName("invoke_agent A").spanContext().spanId);
    const chats = tracing.spans().filter((s) => s.name === "chat scripted-model");
    expect(chats).toHaveLength(2);
    for (const chat of chats) expect(parentIdOf(chat)).toBe(toolSpan.spanContext().spanId);
    expect(toolSpan.attributes["gen_ai.tool.call.id"]).toBe("c1");
  });

  it("ends failed spans with an error status, the exception event and error.type", async () => {
    await expect(
      withSpan("tool", "execute_tool x", undefined, () => {
        throw new TypeError("bad input");
      }),
    ).rejects.toThrow("bad input");
    const span = byName("execute_tool x");
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: "bad input" });
    expect(span.attributes["error.type"]).toBe("TypeError");
    expect(span.events.map((e) => e.name)).toEqual(["exception"]);
  });

  it("reports to the global provider when none is given, with the conversation id", async () => {
    trace.setGlobalTracerProvider(tracing.provider);
    const tracer = new OpenTelemetryTracer({ conversationId: "run-7" });
    expect(tracer.recordContent).toBe(false);
    setTracer(tracer);
    const model = new ScriptedChatModel({ script: [scriptedText("hi")] });
    await model.call([{ role: "user", content: "x" }]);
    const span = byName("chat scripted-model");
    expect(span.attributes["gen_ai.conversation.id"]).toBe("run-7");
    expect(span.instrumentationScope.name).toBe("@agentscope-ts/otel");
  });

  it("records the agent's input and output only when content is on", async () => {
    await tracing.stop();
    tracing = startInMemoryTracing({ recordContent: true });
    const { ReActAgent, FormatterBase } = await import("@agentscope-ts/core");
    class PlainFormatter extends FormatterBase {
      async format(msgs: readonly Msg[]) {
        return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
      }
    }
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "Be brief.",
      model: new ScriptedChatModel({ script: [scriptedText("Hello!")] }),
      formatter: new PlainFormatter(),
    });
    agent.setConsoleOutputEnabled(false);
    await agent.call(new Msg("user", "Hi there", "user"));
    const attributes = byName("invoke_agent Friday").attributes;
    expect(JSON.parse(String(attributes["gen_ai.input.messages"]))).toEqual([
      {
        role: "user",
        name: "user",
        parts: [{ type: "text", content: "Hi there" }],
        finish_reason: "stop",
      },
    ]);
    expect(String(attributes["gen_ai.output.messages"])).toContain('"content":"Hello!"');
    expect(String(byName("chat scripted-model").attributes["gen_ai.input.messages"])).toContain(
      "Hi there",
    );
  });
});
