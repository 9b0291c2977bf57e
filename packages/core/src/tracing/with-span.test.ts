import { afterEach, describe, expect, it } from "vitest";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { getTracer, isTracingEnabled, setTracer } from "./global-tracer.js";
import { NOOP_SPAN, NOOP_TRACER } from "./noop-tracer.js";
import type { Span, Tracer } from "./tracer.js";
import { withSpan } from "./with-span.js";

afterEach(() => setTracer(undefined));

describe("tracing", () => {
  it("defaults to the no-op tracer, which withSpan skips entirely", async () => {
    expect(getTracer()).toBe(NOOP_TRACER);
    expect(isTracingEnabled()).toBe(false);
    let attributesBuilt = false;
    const result = await withSpan(
      "tool",
      "execute_tool x",
      () => {
        attributesBuilt = true;
        return {};
      },
      (span) => {
        expect(span).toBe(NOOP_SPAN);
        return 42;
      },
    );
    expect(result).toBe(42);
    expect(attributesBuilt).toBe(false);
  });

  it("records a span per withSpan, with attributes, errors and end", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    expect(isTracingEnabled()).toBe(true);
    await withSpan(
      "agent",
      "invoke_agent Friday",
      { "gen_ai.agent.name": "Friday" },
      async (span) => {
        span.setAttributes({ "agentscope.function.output": "ok" });
      },
    );
    const boom = new Error("boom");
    await expect(
      withSpan("formatter", "format", undefined, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(tracer.spans).toEqual([
      {
        name: "invoke_agent Friday",
        kind: "agent",
        attributes: { "gen_ai.agent.name": "Friday", "agentscope.function.output": "ok" },
        errors: [],
        ended: true,
      },
      { name: "format", kind: "formatter", attributes: {}, errors: [boom], ended: true },
    ]);
  });

  it("runs the function inside the span when the tracer propagates context", async () => {
    const active: string[] = [];
    let current = "";
    const tracer: Tracer = {
      startSpan: (name) => ({ name, setAttributes() {}, recordError() {}, end() {} }) as Span,
      runInSpan(span, fn) {
        const previous = current;
        current = (span as unknown as { name: string }).name;
        try {
          return fn();
        } finally {
          current = previous;
        }
      },
    };
    setTracer(tracer);
    await withSpan("tool", "outer", undefined, () => {
      active.push(current);
    });
    expect(active).toEqual(["outer"]);
  });
});
