// Builds a package's `dist/` for fast imports: `tsc` emits only the `.d.ts` files (and their maps),
// then esbuild bundles each entry point (`node bundle-dist.mjs src/index.ts src/node.ts …`) into one
// ESM file, with code shared between entries in common chunks so classes keep one identity across
// subpaths. Dependencies and peers stay external (`import "zod"` etc.), as in the tsc output,
// except the packages named with `--inline=NAME` (a dev dependency then, bundled with its license
// notice in `dist/THIRD-PARTY-LICENSES.md`).
// Why: Node's ESM loader pays per module (resolve, read, parse, link); core's ~140 small modules
// (and `yaml`'s ~70) cost more to import than their code does to run (issue 19).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";

const args = process.argv.slice(2);
const inline = args.filter((a) => a.startsWith("--inline=")).map((a) => a.slice(9));
const entryPoints = args.filter((a) => !a.startsWith("--"));
if (entryPoints.length === 0) {
  throw new Error("usage: bundle-dist.mjs [--inline=PKG] src/entry.ts [more entries]");
}
const require = createRequire(`${process.cwd()}/`);

rmSync("dist", { recursive: true, force: true });
const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly"], {
  stdio: "inherit",
});

await build({
  entryPoints,
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // Every bare import stays external but the inlined packages (and their own relative files).
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          const isInlined = inline.some((p) => args.path === p || args.path.startsWith(`${p}/`));
          return isInlined ? undefined : { path: args.path, external: true };
        });
      },
    },
  ],
  sourcemap: true,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
});

// The license of every inlined package travels with the code that contains it.
if (inline.length > 0) {
  const notices = inline.map((name) => {
    const dir = dirname(require.resolve(`${name}/package.json`));
    const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const license = readFileSync(join(dir, "LICENSE"), "utf8").trim();
    return `## ${name}@${version}\n\n${license}\n`;
  });
  writeFileSync(
    "dist/THIRD-PARTY-LICENSES.md",
    `# Third-party code bundled into this package's dist/\n\n${notices.join("\n")}`,
  );
}
