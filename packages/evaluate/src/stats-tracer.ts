import { AsyncLocalStorage } from "node:async_hooks";
import {
  getTracer,
  type Span,
  SpanAttributeNames,
  type SpanAttributes,
  type StartSpanOptions,
  setTracer,
  type Tracer,
} from "@agentscope-ts/core";
import { addUsage, type SolutionStats } from "./solution-stats.js";

const scope = new AsyncLocalStorage<SolutionStats>();
/** The inner tracer's span behind each counting wrapper (for `runInSpan`). */
const innerSpans = new WeakMap<Span, Span>();
let installed = 0;
let previous: Tracer | undefined;

/**
 * A tracer that counts, into the stats of the solution running in the current async context,
 * the agent replies, model calls and tokens, tool calls and embeddings (what AgentScope's
 * evaluator reads from its in-memory span exporter), then hands every span on to the tracer
 * installed before it.
 */
class StatsTracer implements Tracer {
  constructor(private readonly inner: Tracer) {}

  get recordContent(): boolean | undefined {
    return this.inner.recordContent;
  }

  get conversationId(): string | undefined {
    return this.inner.conversationId;
  }

  startSpan(name: string, options: StartSpanOptions): Span {
    const span = this.inner.startSpan(name, options);
    const stats = scope.getStore();
    if (!stats) return span;
    const attributes: SpanAttributes = { ...options.attributes };
    const wrapper: Span = {
      setAttributes(more) {
        Object.assign(attributes, more);
        span.setAttributes(more);
      },
      recordError(error) {
        span.recordError(error);
      },
      end() {
        count(stats, options.kind, attributes);
        span.end();
      },
    };
    innerSpans.set(wrapper, span);
    return wrapper;
  }

  runInSpan<T>(span: Span, fn: () => T): T {
    return this.inner.runInSpan ? this.inner.runInSpan(innerSpans.get(span) ?? span, fn) : fn();
  }
}

function count(stats: SolutionStats, kind: StartSpanOptions["kind"], a: SpanAttributes): void {
  const str = (key: string) => (typeof a[key] === "string" ? (a[key] as string) : "unknown");
  const num = (key: string) => (typeof a[key] === "number" ? (a[key] as number) : 0);
  if (kind === "model") {
    const model = str(SpanAttributeNames.GEN_AI_REQUEST_MODEL);
    stats.llm[model] = (stats.llm[model] ?? 0) + 1;
    addUsage(
      stats,
      model,
      num(SpanAttributeNames.GEN_AI_USAGE_INPUT_TOKENS),
      num(SpanAttributeNames.GEN_AI_USAGE_OUTPUT_TOKENS),
    );
  } else if (kind === "agent") {
    stats.agent += 1;
  } else if (kind === "tool") {
    const tool = str(SpanAttributeNames.GEN_AI_TOOL_NAME);
    stats.tool[tool] = (stats.tool[tool] ?? 0) + 1;
  } else if (kind === "embedding") {
    const model = str(SpanAttributeNames.GEN_AI_REQUEST_MODEL);
    stats.embedding[model] = (stats.embedding[model] ?? 0) + 1;
  }
}

/**
 * Puts the stats tracer in front of the installed tracer (counted: nested evaluators share one)
 * and returns the function that takes it out again.
 */
export function installStatsTracer(): () => void {
  if (installed++ === 0) {
    previous = getTracer();
    setTracer(new StatsTracer(previous));
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--installed === 0) {
      setTracer(previous);
      previous = undefined;
    }
  };
}

/** Runs `fn` with spans started inside it counted into `stats`. */
export function collectStats<T>(stats: SolutionStats, fn: () => Promise<T>): Promise<T> {
  return scope.run(stats, fn);
}
