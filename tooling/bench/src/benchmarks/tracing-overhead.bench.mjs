// Per-call cost of tracing: the default no-op tracer vs the OpenTelemetry tracer of
// @agentscope-ts/otel on a real SDK pipeline (AsyncLocalStorage context, batch processor) whose
// exporter drops everything. Offline: a scripted model and local tools, no network.
import { OpenTelemetryTracer } from "@agentscope-ts/otel";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { z } from "zod";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "tracing off (no-op tracer) vs OpenTelemetry with a no-op exporter: µs per withSpan, per model call and per ReActAgent reply (6 spans), median of 5 runs";

const RUNS = 5;

/** An exporter that drops every span (what "no-op exporter" means here). */
const dropExporter = {
  export(_spans, done) {
    done({ code: 0 });
  },
  shutdown: async () => {},
  forceFlush: async () => {},
};

/** µs per iteration of `fn` over one run of `n` iterations. */
async function once(n, fn) {
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return ((performance.now() - started) * 1000) / n;
}

export async function run(core) {
  const { ScriptedChatModel, scriptedText, scriptedToolCall } = await import(
    "@agentscope-ts/core/testing"
  );
  const { ReActAgent, FormatterBase, Msg, Toolkit, tool, setTracer, withSpan } = core;

  class PlainChatFormatter extends FormatterBase {
    async format(msgs) {
      return msgs.map((m) => ({ role: m.role, content: m.getTextContent() ?? "" }));
    }
  }

  const model = new ScriptedChatModel({ script: [], chunkSize: 64 });
  const refill = (n) => {
    for (let i = 0; i < n; i++) model.script.push(scriptedText("The answer is 42, as always."));
  };
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "add",
      description: "Add two numbers.",
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => String(a + b),
    }),
  );
  const agent = new ReActAgent({
    name: "Bench",
    sysPrompt: "Be brief.",
    model,
    formatter: new PlainChatFormatter(),
    toolkit,
  });
  agent.setConsoleOutputEnabled(false);
  const messages = [{ role: "user", content: "hi" }];

  const scenarios = {
    "fn() without withSpan (baseline)": [100_000, () => 1],
    "withSpan(() => 1)": [
      100_000,
      () =>
        withSpan(
          "tool",
          "execute_tool x",
          () => ({}),
          () => 1,
        ),
    ],
    "model.call (scripted, streamed in 1 chunk)": [
      5_000,
      async (i) => {
        if (i === 0) {
          model.calls.length = 0;
          refill(5_000);
        }
        await model.call(messages);
      },
    ],
    "agent reply (format+chat, tool, format+chat)": [
      1_000,
      async (i) => {
        if (i === 0) {
          model.calls.length = 0;
          for (let k = 0; k < 1_000; k++) {
            model.script.push(scriptedToolCall("add", { a: 1, b: 2 }));
            model.script.push(scriptedText("3"));
          }
        }
        await agent.call(new Msg("user", "1 + 2?", "user"));
        await agent.memory.clear();
      },
    ],
  };

  // Tracing on: OpenTelemetry SDK, AsyncLocalStorage context, batch processor, exporter drops all.
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const provider = new TracerProvider({
    spanProcessors: [new BatchSpanProcessor({ exporter: dropExporter, maxQueueSize: 100_000 })],
  });
  const otelTracer = new OpenTelemetryTracer({ tracerProvider: provider });

  // Runs alternate off / on (the first pair warms up), so JIT and GC drift hit both alike.
  const results = {};
  for (const [name, [n, fn]] of Object.entries(scenarios)) {
    const off = [];
    const otel = [];
    for (let run = 0; run <= RUNS; run++) {
      setTracer(undefined);
      model.script.length = 0;
      const a = await once(n, fn);
      setTracer(otelTracer);
      model.script.length = 0;
      const b = await once(n, fn);
      if (run > 0) {
        off.push(a);
        otel.push(b);
      }
    }
    results[name] = { off: median(off), otel: median(otel) };
  }
  setTracer(undefined);
  await provider.shutdown();
  context.disable();

  for (const [name, { off, otel }] of Object.entries(results)) {
    console.log(
      `${name.padEnd(46)} no-op tracer ${off.toFixed(2).padStart(8)} µs   OTel (no-op exporter) ${otel.toFixed(2).padStart(8)} µs   (+${(otel - off).toFixed(2)} µs)`,
    );
  }
}
