// Import cost of core alone and the cost of `Msg.fromDict` per message (issue 19: core loads
// neither zod nor yaml at import; messages are checked by hand-written validators).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What this benchmark measures (printed by the runner). */
export const description =
  "CPU ms to import @agentscope-ts/core (and /node) in a fresh process (median of 5), and µs per Msg.fromDict (median of 5 runs of 20,000 messages)";

const RUNS = 5;
const here = fileURLToPath(new URL(".", import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU ms (user + system) spent importing `specifier`, measured inside a fresh process. */
function importCpuMs(specifier) {
  const script = `const t = process.cpuUsage(); await import(${JSON.stringify(specifier)}); const d = process.cpuUsage(t); process.stdout.write(String((d.user + d.system) / 1000));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: here,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`importing ${specifier} failed: ${run.stderr}`);
  return Number(run.stdout);
}

/** A message dict as AgentScope writes it: text, a tool call, a tool result. */
function dicts(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({
      id: `m${i}`,
      name: "assistant",
      role: "assistant",
      content: [
        { type: "text", text: `answer ${i}` },
        { type: "tool_use", id: `c${i}`, name: "search", input: { q: "x", n: i } },
        { type: "tool_result", id: `c${i}`, name: "search", output: [{ type: "text", text: "r" }] },
      ],
      metadata: null,
      timestamp: "2026-11-23 10:00:00.000",
    });
  }
  return out;
}

/** Prints the figures. */
export async function run(core) {
  for (const specifier of ["@agentscope-ts/core", "@agentscope-ts/core/node", "zod"]) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(importCpuMs(specifier));
    console.log(
      `import ${specifier}: ${median(times).toFixed(1)} ms CPU (median; ${times.map((t) => t.toFixed(1)).join(", ")})`,
    );
  }
  const N = 20_000;
  const input = dicts(N);
  for (const d of input.slice(0, 2_000)) core.Msg.fromDict(d); // warm-up
  const perMsg = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    for (const d of input) core.Msg.fromDict(d);
    perMsg.push(((performance.now() - started) * 1000) / N);
  }
  console.log(
    `Msg.fromDict: ${median(perMsg).toFixed(2)} µs per message (median; ${perMsg.map((t) => t.toFixed(2)).join(", ")})`,
  );
}
