// The measuring process of formatter-incremental.bench.mjs (started with --expose-gc and a young
// generation large enough that no GC runs inside a measured call): prints one JSON line per size.
import { InMemoryMemory, Msg, ReActAgent, readMemoryHistory, Toolkit } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText, scriptedToolCall } from "@agentscope-ts/core/testing";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";

const SIZES = [10, 100, 1000];
const SAMPLES = { 10: 2000, 100: 500, 1000: 60 };
const RUNS = 5;
const SYSTEM = "You are Friday, a helpful assistant.";

/** A tool round as a ReAct step appends it: the call and its result. */
function toolRound(i) {
  const id = `call_${i}`;
  return [
    new Msg(
      "Friday",
      [{ type: "tool_use", id, name: "search", input: { query: `topic ${i}`, page: i } }],
      "assistant",
    ),
    new Msg(
      "system",
      [{ type: "tool_result", id, name: "search", output: [{ type: "text", text: `found ${i}` }] }],
      "system",
    ),
  ];
}

/** `n` messages: a user question, then tool rounds, answers and questions. */
function history(n) {
  const msgs = [];
  for (let i = 0; msgs.length < n; i++) {
    if (i % 3 === 2) msgs.push(...toolRound(i));
    else if (i % 3 === 0)
      msgs.push(new Msg("user", `Question ${i}: what about item ${i}?`, "user"));
    else msgs.push(new Msg("Friday", [{ type: "text", text: `Answer ${i}: fine.` }], "assistant"));
  }
  return msgs.slice(0, n);
}

/** One step: read the memory, format [system, ...memory], with or without the history. */
async function step(formatter, memory, withHistory) {
  const { msgs, history } = await readMemoryHistory(memory, {}, 1);
  const list = [new Msg("system", SYSTEM, "system"), ...msgs];
  return formatter.format(list, withHistory ? { history } : {});
}

/**
 * `count` memories at n - 2 messages, each formatted once (the previous step), then the tool round
 * of the measured step appended to each: the measured call formats n messages.
 */
async function prepare(formatter, n, count, withHistory) {
  const base = history(n - 2);
  const memories = [];
  for (let s = 0; s < count; s++) {
    const memory = new InMemoryMemory();
    await memory.add(base);
    await step(formatter, memory, withHistory);
    await memory.add(toolRound(n + s));
    memories.push(memory);
  }
  return memories;
}

async function cpuPerStep(n, withHistory) {
  const formatter = new OpenAIChatFormatter();
  const memories = await prepare(formatter, n, SAMPLES[n], withHistory);
  globalThis.gc();
  const started = process.cpuUsage();
  for (const memory of memories) await step(formatter, memory, withHistory);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / memories.length;
}

async function bytesPerStep(n, withHistory) {
  const formatter = new OpenAIChatFormatter();
  const memories = await prepare(formatter, n, SAMPLES[n], withHistory);
  globalThis.gc();
  let total = 0;
  let negative = 0;
  for (const memory of memories) {
    const before = process.memoryUsage().heapUsed;
    await step(formatter, memory, withHistory);
    const delta = process.memoryUsage().heapUsed - before;
    if (delta < 0)
      negative++; // a GC ran inside: the sample is void
    else total += delta;
  }
  return { bytes: total / (memories.length - negative), voided: negative };
}

/** Heap the formatter keeps per memory for its reuse (its previous output), after GC. */
async function retainedPerMemory(n) {
  let formatter = new OpenAIChatFormatter();
  const memories = await prepare(formatter, n, Math.min(SAMPLES[n], 200), true);
  for (const memory of memories) await step(formatter, memory, true);
  globalThis.gc();
  const withCache = process.memoryUsage().heapUsed;
  formatter = null;
  globalThis.gc();
  const without = process.memoryUsage().heapUsed;
  return (withCache - without) / memories.length;
}

/** Formats everything every call: overriding `format` turns the reuse off. */
class FullFormatter extends OpenAIChatFormatter {
  async format(msgs, options) {
    return super.format(msgs, options);
  }
}

/**
 * CPU µs spent in `formatter.format` during one ReActAgent reply of 10 tool rounds and an answer
 * (ScriptedChatModel, so nothing but the agent runs), its memory holding `n` messages before.
 */
async function agentFormatUs(n, Formatter) {
  const formatter = new Formatter();
  let used = 0;
  const format = formatter.format;
  Object.defineProperty(formatter, "format", {
    value: async (msgs, options) => {
      const started = process.cpuUsage();
      const out = await format.call(formatter, msgs, options);
      const d = process.cpuUsage(started);
      used += d.user + d.system;
      return out;
    },
  });
  const toolkit = new Toolkit();
  toolkit.registerToolFunction({
    name: "search",
    description: "Searches.",
    parameters: { type: "object", properties: { query: { type: "string" } } },
    execute: ({ query }) => `found ${query}`,
  });
  const script = [
    ...Array.from({ length: 10 }, (_, i) => scriptedToolCall("search", { query: `q${i}` })),
    scriptedText("done"),
  ];
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: SYSTEM,
    model: new ScriptedChatModel({ script }),
    formatter,
    toolkit,
    consoleOutputEnabled: false,
  });
  await agent.memory.add(history(n));
  await agent.call(new Msg("user", "Search ten times.", "user"));
  return used;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const n of [0, 100, 1000]) {
  const full = [];
  const reuse = [];
  for (let r = 0; r < 3; r++) await agentFormatUs(n, OpenAIChatFormatter); // warm-up
  for (let r = 0; r < 9; r++) {
    full.push(await agentFormatUs(n, FullFormatter));
    reuse.push(await agentFormatUs(n, OpenAIChatFormatter));
  }
  console.log(JSON.stringify({ agent: true, n, fullUs: median(full), reuseUs: median(reuse) }));
}

for (const n of SIZES) {
  const full = [];
  const reuse = [];
  for (let r = 0; r < RUNS; r++) {
    full.push(await cpuPerStep(n, false));
    reuse.push(await cpuPerStep(n, true));
  }
  const fullBytes = await bytesPerStep(n, false);
  const reuseBytes = await bytesPerStep(n, true);
  const retained = await retainedPerMemory(n);
  console.log(
    JSON.stringify({
      n,
      fullUs: median(full),
      reuseUs: median(reuse),
      fullBytes: fullBytes.bytes,
      reuseBytes: reuseBytes.bytes,
      voided: fullBytes.voided + reuseBytes.voided,
      retained,
    }),
  );
}
