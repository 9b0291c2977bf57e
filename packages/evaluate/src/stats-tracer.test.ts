import { getTracer, NOOP_TRACER, type Span, setTracer, type Tracer } from "@agentscope-ts/core";
import { RecordingTracer } from "@agentscope-ts/core/testing";
import { afterEach, expect, it } from "vitest";
import { emptyStats } from "./solution-stats.js";
import { collectStats, installStatsTracer } from "./stats-tracer.js";

afterEach(() => setTracer(undefined));

it("counts each solution's spans apart and hands every span, unwrapped, to the tracer installed before", async () => {
  const recording = new RecordingTracer();
  const activeSpans: Span[] = [];
  const created: Span[] = [];
  const inner: Tracer = {
    startSpan: (name, options) => {
      const span = recording.startSpan(name, options);
      created.push(span);
      return span;
    },
    runInSpan: (span, fn) => {
      activeSpans.push(span);
      return fn();
    },
  };
  setTracer(inner);
  const uninstall = installStatsTracer();
  const a = emptyStats();
  const b = emptyStats();
  const model = (tokens: number) => {
    const span = getTracer().startSpan("chat", {
      kind: "model",
      attributes: { "gen_ai.request.model": "m" },
    });
    span.setAttributes({ "gen_ai.usage.input_tokens": tokens, "gen_ai.usage.output_tokens": 1 });
    getTracer().runInSpan?.(span, () => undefined);
    span.end();
  };
  await Promise.all([
    collectStats(a, async () => {
      model(10);
      await Promise.resolve();
      model(5);
    }),
    collectStats(b, async () => {
      model(7);
      const tool = getTracer().startSpan("execute_tool", {
        kind: "tool",
        attributes: { "gen_ai.tool.name": "search" },
      });
      tool.end();
    }),
  ]);
  expect(a).toEqual({
    llm: { m: 2 },
    agent: 0,
    tool: {},
    embedding: {},
    chat_usage: { m: { input_tokens: 15, output_tokens: 2 } },
  });
  expect(b).toEqual({
    llm: { m: 1 },
    agent: 0,
    tool: { search: 1 },
    embedding: {},
    chat_usage: { m: { input_tokens: 7, output_tokens: 1 } },
  });
  expect(recording.spans.map((s) => [s.name, s.ended])).toHaveLength(4);
  expect(recording.spans.every((s) => s.ended)).toBe(true);
  // runInSpan got the inner tracer's own span objects, not the counting wrappers.
  expect(activeSpans).toHaveLength(3);
  expect(activeSpans.every((span) => created.includes(span))).toBe(true);
  uninstall();
  expect(getTracer()).toBe(inner);
  setTracer(undefined);
  expect(getTracer()).toBe(NOOP_TRACER);
});
