// The install row: what a user's `npm i @agentscope-ts/core @agentscope-ts/openai` puts in
// node_modules. Packs both packages from this checkout (`pnpm pack`, so `workspace:` ranges become
// versions), installs the tarballs into a temp project with npm (third-party dependencies and
// required peers such as zod from the registry, optional peers left out, as users get them) and
// sums the bytes of every file under node_modules (`du -sb`). The baseline installs `openai` alone.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function installedMB(dir, dependencies) {
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "install-size", private: true, dependencies }),
  );
  run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], dir);
  return Number(run("du", ["-sb", join(dir, "node_modules")]).split("\t")[0]) / 1e6;
}

/** `{ framework, raw }`: MB installed for core + openai from this checkout, and for `openai` alone. */
export function measureInstallSize() {
  const work = mkdtempSync(join(tmpdir(), "agentscope-install-"));
  try {
    const tarballs = join(work, "tarballs");
    for (const pkg of ["core", "openai"]) {
      run("pnpm", ["pack", "--pack-destination", tarballs], join(repo, "packages", pkg));
    }
    const files = readdirSync(tarballs);
    const tarball = (name) =>
      `file:${join(
        tarballs,
        files.find((f) => f.startsWith(name)),
      )}`;
    const project = join(work, "framework");
    const baseline = join(work, "raw");
    for (const d of [project, baseline]) execFileSync("mkdir", ["-p", d]);
    const { version } = JSON.parse(
      readFileSync(join(repo, "packages/openai/node_modules/openai/package.json"), "utf8"),
    );
    return {
      framework: installedMB(project, {
        "@agentscope-ts/core": tarball("agentscope-ts-core-"),
        "@agentscope-ts/openai": tarball("agentscope-ts-openai-"),
      }),
      raw: installedMB(baseline, { openai: version }),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
