// Checks what importing an entry point loads: each entry in LAZY is imported in a fresh Node process
// whose resolve hook records every bare specifier the import graph asks for, and the check fails
// when one of the entry's "never at import" packages shows up. These are the packages a user may
// never need (zod when they write no zod tool, yaml before the first skill) but that cost most of
// the import time (issue 19): they must load on first use, not at `import`.
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Entry point → bare specifiers (or package names: `zod` also covers `zod/v4`) it must not load. */
export const LAZY = {
  "@agentscope-ts/core": ["zod", "yaml"],
  "@agentscope-ts/core/node": ["zod", "yaml"],
  // Scripted models run in a plain Node process (a CLI fixture, a user's script): no test runner.
  "@agentscope-ts/core/testing": ["zod", "yaml", "vitest"],
  // The `openai` SDK (≈ 130 ms of its import) loads with the first model, not at import.
  "@agentscope-ts/openai": ["zod", "openai"],
  "@agentscope-ts/dashscope": ["zod", "ws"],
  "@agentscope-ts/llama-cpp": ["zod"],
  "@agentscope-ts/evaluate": ["bullmq", "ioredis", "zod"],
};

// Runs in the child: records every bare specifier resolved while importing the entry.
const hook = `
import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) seen.add(specifier);
    return next(specifier, context);
  },
});
process.on("exit", () => process.stdout.write(JSON.stringify([...seen])));
`;

/** The bare specifiers importing `entry` resolves, in a fresh process started in this folder. */
export function loadedSpecifiers(entry) {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      `data:text/javascript,${encodeURIComponent(hook)}`,
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(entry)});`,
    ],
    { cwd: here, encoding: "utf8", timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`importing ${entry} failed: ${run.stderr || run.error}`);
  return JSON.parse(run.stdout);
}

/** True when `specifier` is `name` or one of its subpaths. */
const within = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = 0;
  for (const [entry, never] of Object.entries(LAZY)) {
    const loaded = loadedSpecifiers(entry);
    const eager = loaded.filter((s) => never.some((n) => within(s, n)));
    if (eager.length > 0) failed++;
    console.log(
      `${eager.length === 0 ? "ok  " : "FAIL"} import ${entry} loads none of ${never.join(", ")}` +
        (eager.length > 0 ? ` (loaded: ${eager.join(", ")})` : ""),
    );
  }
  if (failed > 0) {
    console.error(`${failed} entry point(s) load at import what they should load on first use`);
    process.exit(1);
  }
}
