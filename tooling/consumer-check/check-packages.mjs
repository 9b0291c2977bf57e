// Runs publint and arethetypeswrong on every published package under packages/ (each packed as
// npm would publish it), and fails when either reports a problem. ESM-only packages: attw's
// `esm-only` profile skips the CommonJS-require resolution they do not offer.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(here, "..", "..", "packages");
const bin = (name) => join(here, "node_modules", ".bin", name);

let failed = 0;
for (const name of readdirSync(packagesDir).sort()) {
  const dir = join(packagesDir, name);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  } catch {
    continue;
  }
  if (manifest.private) continue;
  for (const [tool, args] of [
    ["publint", [dir, "--strict", "--pack", "pnpm"]],
    ["attw", ["--pack", dir, "--profile", "esm-only", "--format", "ascii", "--no-emoji"]],
  ]) {
    const run = spawnSync(bin(tool), args, { encoding: "utf8", timeout: 120_000 });
    const ok = run.status === 0;
    if (!ok) failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${tool} ${manifest.name}`);
    if (!ok) console.log(`${run.stdout ?? ""}${run.stderr ?? ""}${run.error ?? ""}`);
  }
}
if (failed > 0) {
  console.error(`${failed} package check(s) failed`);
  process.exit(1);
}
