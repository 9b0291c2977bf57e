// The format step of a ReAct step (issue 35): after a step appended a tool call and its result,
// `OpenAIChatFormatter.format([system, ...memory])` in full (every step before, and still without
// a history) against `format(..., { history })` from `readMemoryHistory` (only the appended
// messages formatted), at 10, 100 and 1,000 messages. Measured in a child process.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What this benchmark measures (printed by the runner). */
export const description =
  "per-step format of [system, ...memory] with OpenAIChatFormatter, full vs only the appended tool round: CPU µs (median of 5) and heap bytes allocated per step, heap kept per memory";

export async function run() {
  const child = fileURLToPath(new URL("./formatter-incremental-child.mjs", import.meta.url));
  const result = spawnSync(process.execPath, ["--expose-gc", "--max-semi-space-size=256", child], {
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.status !== 0) {
    throw new Error(`formatter-incremental-child failed: ${result.stderr || result.error}`);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    "| messages | CPU µs per step: full | with history | ratio | allocated per step: full | with history | kept per memory |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const line of result.stdout.trim().split("\n")) {
    const r = JSON.parse(line);
    console.log(
      `| ${r.n} | ${r.fullUs.toFixed(1)} | ${r.reuseUs.toFixed(1)} | ${(r.reuseUs / r.fullUs).toFixed(2)}× | ${kb(r.fullBytes)} | ${kb(r.reuseBytes)} | ${kb(r.retained)} |${r.voided ? ` (${r.voided} samples had a GC)` : ""}`,
    );
  }
}
