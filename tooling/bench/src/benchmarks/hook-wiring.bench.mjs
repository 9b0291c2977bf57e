// What applying hooks and tracing costs when there are none: µs per direct `agent.reply()`,
// `agent.print()` (called per streamed chunk), `agent.call()`, `formatter.format()` and agent
// construction, with no hooks and the no-op tracer. Compare builds with AGENTSCOPE_BENCH_CORE.
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "no hooks, tracing off: CPU µs per agent.reply() / print() / call(), formatter.format() and agent construction (median of 7 runs)";

const RUNS = 7;

/** CPU µs (user + system) per iteration of `fn` over `n` iterations (the machine is shared). */
async function once(n, fn) {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn(i);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

export async function run(core) {
  const { AgentBase, FormatterBase, Msg } = core;

  class EchoAgent extends AgentBase {
    async reply(msg) {
      return msg;
    }
    async observe() {}
  }
  class LoudAgent extends EchoAgent {
    async reply(msg) {
      return super.reply(msg);
    }
  }
  class PlainFormatter extends FormatterBase {
    async format(msgs) {
      return msgs;
    }
  }

  const echo = new EchoAgent({ name: "Echo", consoleOutputEnabled: false });
  const loud = new LoudAgent({ name: "Loud", consoleOutputEnabled: false });
  const formatter = new PlainFormatter();
  const msg = new Msg("user", "hi", "user");
  const msgs = [msg];

  const scenarios = {
    "agent.reply(msg)": [200_000, () => echo.reply(msg)],
    "agent.reply(msg) through super.reply()": [200_000, () => loud.reply(msg)],
    "agent.print(msg)": [200_000, () => echo.print(msg)],
    "agent.call(msg)": [100_000, () => echo.call(msg)],
    "formatter.format(msgs)": [200_000, () => formatter.format(msgs)],
    "new EchoAgent()": [50_000, () => new EchoAgent({ name: "x" })],
  };
  for (const [label, [n, fn]] of Object.entries(scenarios)) {
    await once(n / 10, fn); // warm-up
    const times = [];
    for (let r = 0; r < RUNS; r++) times.push(await once(n, fn));
    console.log(`${label}: ${median(times).toFixed(3)} µs`);
  }
}
