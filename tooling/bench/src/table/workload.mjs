// One measurement in a fresh process: `node workload.mjs '<json spec>'` runs one workload with one
// implementation (the framework, or a hand-written loop on the raw `openai` SDK) against the mock
// at `spec.url` (cold: its first run; steady: after a warm-up), and prints one JSON line `{ "value": number }` (milliseconds of
// CPU time per run, MB of peak RSS, or µs per chunk).
import { argumentFragments } from "./mock-routes.mjs";

const spec = JSON.parse(process.argv[2]);
const { workload, impl, url, size = 0 } = spec;
const baseURL = `${url}/v1`;

// `BENCH_TRANSPORT=memory`: `fetch` answers in this process (no sockets, no mock server), so the
// difference to the raw loop is the framework's own CPU time, without the network's noise.
if (process.env.BENCH_TRANSPORT === "memory") {
  const { answerResponse } = await import("./mock-routes.mjs");
  globalThis.fetch = async (_input, init) => answerResponse(JSON.parse(init.body));
}

// CPU time of this process (user + system) by default: on a shared, loaded machine the wall time
// mostly measures waiting for a core. `BENCH_CLOCK=wall` measures elapsed time instead.
const wall = process.env.BENCH_CLOCK === "wall";
function clock() {
  if (wall) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function report(value) {
  process.stdout.write(`${JSON.stringify({ value })}\n`);
}

if (workload === "import") {
  // Neither core nor openai loads zod at import (checked by tooling/consumer-check's
  // check-lazy-imports.mjs): the framework's figure is core + openai + the `openai` SDK.
  const started = clock();
  if (impl === "raw") await import("openai");
  else if (impl === "aisdk") {
    await import("ai");
    await import("@ai-sdk/openai");
  } else {
    await import("@agentscope-ts/core");
    await import("@agentscope-ts/openai");
  }
  report(clock() - started);
  process.exit(0);
}

const { default: OpenAI } = await import("openai");
const core = await import("@agentscope-ts/core");
const { OpenAIChatFormatter, OpenAIChatModel } = await import("@agentscope-ts/openai");
const { z } = await import("zod");

const weather = ({ location }) => `Cloudy, 7 degrees in ${location}`;
const weatherSchema = {
  type: "function",
  function: {
    name: "weather",
    description: "Get the weather in a location.",
    parameters: {
      type: "object",
      properties: { location: { type: "string" }, note: { type: "string" } },
      required: ["location"],
    },
  },
};

// --- the hand-written raw-SDK loop: what a user would write without a framework -------------
function rawRunner(streaming) {
  // Built on the first run, as the framework builds its agent (and its model's client) there: a
  // cold run pays for constructing the client on both sides.
  let client;
  return async (model, question) => {
    client ??= new OpenAI({ apiKey: "bench", baseURL, maxRetries: 0 });
    const messages = [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: question },
    ];
    for (;;) {
      let text = "";
      let calls;
      if (streaming) {
        const stream = await client.chat.completions.create({
          model,
          messages,
          tools: [weatherSchema],
          stream: true,
          stream_options: { include_usage: true },
        });
        const byIndex = new Map();
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (!delta) continue;
          if (delta.content) text += delta.content;
          for (const c of delta.tool_calls ?? []) {
            let call = byIndex.get(c.index);
            if (!call) {
              call = { id: c.id, name: c.function?.name, args: "" };
              byIndex.set(c.index, call);
            }
            call.args += c.function?.arguments ?? "";
          }
        }
        calls = [...byIndex.values()];
      } else {
        const res = await client.chat.completions.create({
          model,
          messages,
          tools: [weatherSchema],
        });
        const message = res.choices[0].message;
        text = message.content ?? "";
        calls = (message.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function.name,
          args: c.function.arguments,
        }));
      }
      if (calls.length === 0) return text;
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.args },
        })),
      });
      for (const c of calls) {
        messages.push({ role: "tool", tool_call_id: c.id, content: weather(JSON.parse(c.args)) });
      }
    }
  };
}

// --- the framework: a ReActAgent with a zod tool on OpenAIChatModel, printing off -------------
function agentRunner(streaming) {
  const agents = new Map();
  const agentFor = (model) => {
    let agent = agents.get(model);
    if (agent) return agent;
    const toolkit = new core.Toolkit();
    toolkit.registerToolFunction(
      core.tool({
        name: "weather",
        description: "Get the weather in a location.",
        parameters: z.object({ location: z.string(), note: z.string().optional() }),
        execute: weather,
      }),
    );
    agent = new core.ReActAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model: new OpenAIChatModel({ modelName: model, apiKey: "bench", baseURL, stream: streaming }),
      formatter: new OpenAIChatFormatter(),
      toolkit,
      maxIters: 20,
    });
    agent.setConsoleOutputEnabled(false);
    agents.set(model, agent);
    return agent;
  };
  return async (model, question) => {
    const agent = agentFor(model);
    await agent.memory.clear();
    const msg = new core.Msg("user", question, "user");
    if (!streaming) return agent.call(msg);
    let reply;
    for await (const event of agent.stream(msg)) {
      if (event.type === "reply") reply = event.msg;
      else if (event.type === "error") throw event.error;
    }
    return reply;
  };
}

const streaming = spec.streaming === true;
const runOnce = impl === "raw" ? rawRunner(streaming) : agentRunner(streaming);

async function timeRuns(model, n) {
  const started = clock();
  for (let i = 0; i < n; i++) await runOnce(model, "Weather in Paris?");
  return (clock() - started) / n;
}

if (workload === "tools" || workload === "answer") {
  const model = workload === "tools" ? "tools:10" : "answer:2000";
  if (spec.phase === "cold") {
    report(await timeRuns(model, 1));
  } else {
    // Steady state: warm up, then the median of batches (robust to a load spike in one batch).
    await timeRuns(model, spec.warmup ?? 30);
    const batches = [];
    for (let i = 0; i < (spec.batches ?? 5); i++) batches.push(await timeRuns(model, 20));
    batches.sort((a, b) => a - b);
    report(batches[batches.length >> 1]);
  }
} else if (workload === "rss") {
  for (let i = 0; i < 40; i++) await runOnce("answer:2000", "Weather in Paris?");
  report(process.resourceUsage().maxRSS / 1024);
} else if (workload === "chunks" || workload === "args") {
  // Marginal cost of one more chunk (or argument fragment): (time at `size` − time of the same
  // exchange at size ~0) / added chunks, the two measured alternately in this process.
  const big = `${workload === "chunks" ? "answer" : "args"}:${size}`;
  const small = workload === "chunks" ? "answer:1" : "args:0";
  const units =
    workload === "chunks" ? size - 1 : argumentFragments(size).length - argumentFragments(0).length;
  const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, Math.round(x)));
  const iterations =
    workload === "chunks" ? clamp(100_000 / size, 1, 50) : clamp(40_000 / size, 3, 40);
  await timeRuns(small, 3);
  await timeRuns(big, 1);
  // Median of per-iteration differences: robust to a load spike hitting one run.
  const diffs = [];
  for (let i = 0; i < iterations; i++) {
    const smallMs = await timeRuns(small, 1);
    const bigMs = await timeRuns(big, 1);
    diffs.push(bigMs - smallMs);
  }
  diffs.sort((a, b) => a - b);
  report((diffs[diffs.length >> 1] * 1000) / units);
} else {
  throw new Error(`unknown workload ${workload}`);
}
process.exit(0);
