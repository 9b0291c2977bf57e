// Runs every benchmark in ./benchmarks (or those whose file name contains one of the CLI
// arguments) against the built @agentscope-ts/core and prints their figures.
import { readdir } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const dir = new URL("./benchmarks/", import.meta.url);
const filters = process.argv.slice(2);
const files = (await readdir(dir))
  .filter((f) => f.endsWith(".bench.mjs"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(", ")}; see ${dir.pathname}`);
  process.exit(1);
}

const coreSpecifier = process.env.AGENTSCOPE_BENCH_CORE
  ? pathToFileURL(process.env.AGENTSCOPE_BENCH_CORE).href
  : "@agentscope-ts/core";
let core;
try {
  core = await import(coreSpecifier);
} catch (error) {
  console.error(
    `Cannot import ${coreSpecifier}: build it first (pnpm --filter @agentscope-ts/core run build).`,
  );
  throw error;
}

console.log(`node ${process.version}, ${new Date().toISOString()}`);
for (const file of files) {
  const bench = await import(new URL(file, dir).href);
  console.log(`\n## ${file.replace(/\.bench\.mjs$/, "")}: ${bench.description ?? ""}`);
  const started = performance.now();
  await bench.run(core);
  console.log(`(${(performance.now() - started).toFixed(0)} ms in total)`);
}
