// The format step of a ReAct step (issue 35): `OpenAIChatFormatter.format([system, ...memory])`
// in full (what every step did before, and what a formatter without the reuse still does) against
// `format(..., { history })` from `readMemoryHistory` (only the appended messages formatted):
// per ReActAgent reply, and per step at 10, 100 and 1,000 messages. Measured in a child process.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What this benchmark measures (printed by the runner). */
export const description =
  "format CPU per ReActAgent reply (10 tool rounds, OpenAIChatFormatter, scripted model; median of 9), and per step at 10/100/1,000 messages: full vs only the appended tool round, CPU µs (median of 5), heap allocated per step, heap kept per memory";

export async function run() {
  const child = fileURLToPath(new URL("./formatter-incremental-child.mjs", import.meta.url));
  const result = spawnSync(process.execPath, ["--expose-gc", "--max-semi-space-size=256", child], {
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.status !== 0) {
    throw new Error(`formatter-incremental-child failed: ${result.stderr || result.error}`);
  }
  const rows = result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ratio = (r) => `${(r.reuseUs / r.fullUs).toFixed(2)}×`;
  console.log(
    "| ReActAgent reply, 10 tool rounds | CPU µs in format: full | with history | ratio |",
  );
  console.log("|---|---|---|---|");
  for (const r of rows.filter((row) => row.agent)) {
    console.log(
      `| ${r.n} messages in memory before | ${r.fullUs.toFixed(0)} | ${r.reuseUs.toFixed(0)} | ${ratio(r)} |`,
    );
  }
  console.log("");
  console.log(
    "| messages | CPU µs per step: full | with history | ratio | allocated per step: full | with history | kept per memory |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows.filter((row) => !row.agent)) {
    const voided = r.voided ? ` (${r.voided} samples had a GC)` : "";
    console.log(
      `| ${r.n} | ${r.fullUs.toFixed(1)} | ${r.reuseUs.toFixed(1)} | ${ratio(r)} | ${kb(r.fullBytes)} | ${kb(r.reuseBytes)} | ${kb(r.retained)} |${voided}`,
    );
  }
}
