// Builds a package's `dist/` for fast imports: `tsc` emits only the `.d.ts` files (and their maps),
// then esbuild bundles each entry point (`node bundle-dist.mjs src/index.ts src/node.ts …`) into one
// ESM file, with code shared between entries in common chunks so classes keep one identity across
// subpaths. Dependencies and peers stay external (`import "zod"` etc.), as in the tsc output,
// except the packages named with `--inline=NAME` (a dev dependency then, bundled with its license
// notice in `dist/THIRD-PARTY-LICENSES.md`). With `--through-main`, the first entry is one file and
// the others import what they share with it from it (see `buildThroughMain`). With `--alone`,
// each entry is bundled on its own, sharing no chunk with the others (see `buildAlone`).
// Why: Node's ESM loader pays per module (resolve, read, parse, link); core's ~140 small modules
// (and `yaml`'s ~70) cost more to import than their code does to run (issue 19).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { build } from "esbuild";

const args = process.argv.slice(2);
const inline = args.filter((a) => a.startsWith("--inline=")).map((a) => a.slice(9));
const throughMain = args.includes("--through-main");
const alone = args.includes("--alone");
const entryPoints = args.filter((a) => !a.startsWith("--"));
if (entryPoints.length === 0) {
  throw new Error("usage: bundle-dist.mjs [--inline=PKG] src/entry.ts [more entries]");
}
const require = createRequire(`${process.cwd()}/`);

/** The MIT license's permission notice, for inlined MIT packages that ship no license file. */
const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

rmSync("dist", { recursive: true, force: true });
const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly"], {
  stdio: "inherit",
});

const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const isInlined = inline.some((p) => args.path === p || args.path.startsWith(`${p}/`));
      return isInlined ? undefined : { path: args.path, external: true };
    });
  },
};
const options = {
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
};

if (throughMain) {
  await buildThroughMain();
} else if (alone) {
  await buildAlone();
} else {
  finish(await build({ ...options, entryPoints, plugins: [externalPackages], metafile: true }));
}

/** What every build's output goes through: see the two functions it calls. */
function finish(result) {
  dropRuntimeOnlyImports(result);
  escapeNonAscii(result);
}

/**
 * Removes the bare `import "./chunks/chunk-X.js";` of a chunk holding only esbuild's runtime
 * helpers (`__export`…: no input of ours, nothing run at load) from the files that use none of its
 * helpers. esbuild keeps such an import whenever the chunk is shared with a dynamic import's chunk,
 * and each module costs the loader a resolve, read, compile and link (≈ 0.7 ms). The line is
 * emptied, not removed, so the source map's lines still match.
 */
function dropRuntimeOnlyImports(result) {
  const outputs = Object.entries(result.metafile.outputs);
  const runtimeOnly = new Set(
    outputs
      .filter(([file, o]) => file.endsWith(".js") && Object.keys(o.inputs).length === 0)
      .filter(([, o]) => o.imports.length === 0 && o.entryPoint === undefined)
      .map(([file]) => resolve(file)),
  );
  if (runtimeOnly.size === 0) return;
  for (const [file, output] of outputs) {
    const bare = output.imports
      .filter((i) => i.kind === "import-statement" && runtimeOnly.has(resolve(i.path)))
      .map((i) => {
        let path = relative(dirname(file), i.path);
        if (!path.startsWith(".")) path = `./${path}`;
        return `import ${JSON.stringify(path)};`;
      });
    if (bare.length === 0) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    const kept = lines.map((line) => (bare.includes(line) ? "" : line));
    writeFileSync(file, kept.join("\n"));
  }
}

/**
 * Escapes the non-ASCII characters esbuild leaves (in comments and regular expression literals;
 * it escapes those of strings and templates itself) as `\uXXXX`, only on lines where that cannot
 * change what the code does (see `INERT_LINE`). An ASCII-only file is read by Node's loader as a
 * one-byte string: one non-ASCII character made core's 0.5 MB entry a two-byte string, ≈ 1 ms
 * more CPU to decode and compile at import.
 */
function escapeNonAscii(result) {
  // A comment line, or a line that only declares a regular expression (`var X = /…/g;`).
  const INERT_LINE = /^\s*(\/\/|\/\*|\*)|^var [\w$]+ = \/.*\/[dgimsuvy]*;$/;
  for (const file of Object.keys(result.metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(file, "utf8");
    if (!/[\u0080-\uffff]/.test(text)) continue;
    const lines = text
      .split("\n")
      .map((line) =>
        INERT_LINE.test(line)
          ? line.replace(
              /[\u0080-\uffff]/g,
              (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
            )
          : line,
      );
    writeFileSync(file, lines.join("\n"));
  }
}

/**
 * `--alone`: each entry bundled by itself (plus the chunks of its own dynamic imports), so the
 * main entry is one module. What two entries share is copied into both; use it only where the
 * shared code has no module state and no class whose identity users compare across entries.
 */
async function buildAlone() {
  for (const entry of entryPoints) {
    finish(
      await build({
        ...options,
        entryPoints: [entry],
        plugins: [externalPackages],
        metafile: true,
      }),
    );
  }
}

/**
 * `--through-main`: the first entry is bundled alone, into one file (plus the chunks of its dynamic
 * imports), and the other entries import what they share with it from that file. Split together,
 * esbuild gives each set of entries sharing code its own chunk, and the main entry paid for
 * loading ≈ 10 modules (≈ 0.7 ms each) instead of one. What the other entries take from the main
 * entry's modules must therefore be among its exports (Node fails at link time otherwise).
 */
async function buildThroughMain() {
  const [main, ...rest] = entryPoints;
  const first = await build({
    ...options,
    entryPoints: [main],
    plugins: [externalPackages],
    metafile: true,
  });
  finish(first);
  const mainOutput = Object.entries(first.metafile.outputs).find(
    ([, output]) => output.entryPoint === main,
  );
  if (!mainOutput) throw new Error(`bundle-dist: no output for ${main}`);
  const [mainFile, { inputs, exports }] = mainOutput;
  const inMain = new Set(Object.keys(inputs).map((input) => resolve(input)));
  if (rest.length === 0) return;
  const marker = "__bundle_dist_main_entry__";
  const skip = Symbol("through-main");
  const second = await build({
    ...options,
    entryPoints: rest,
    metafile: true,
    plugins: [
      externalPackages,
      {
        name: "through-main",
        setup(b) {
          b.onResolve({ filter: /^\./ }, async (args) => {
            if (args.kind === "entry-point" || args.pluginData === skip) return undefined;
            const target = await b.resolve(args.path, {
              resolveDir: args.resolveDir,
              kind: args.kind,
              importer: args.importer,
              pluginData: skip,
            });
            return inMain.has(target.path) ? { path: marker, external: true } : undefined;
          });
        },
      },
    ],
  });
  // The marker becomes the main entry's path relative to each output that imports it.
  for (const file of Object.keys(second.metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(file, "utf8");
    if (!text.includes(marker)) continue;
    // Every name taken from the main entry must be one of its exports (else Node fails at link).
    const taken = [...text.matchAll(new RegExp(`\\{([^}]*)\\}\\s*from\\s*"${marker}"`, "g"))]
      .flatMap((m) => m[1].split(","))
      .map((name) => name.trim().split(/\s+as\s+/)[0])
      .filter((name) => name !== "");
    const missing = taken.filter((name) => !exports.includes(name));
    if (missing.length > 0) {
      throw new Error(
        `bundle-dist --through-main: ${file} takes ${missing.join(", ")} from ${main}, which does not export them`,
      );
    }
    let path = relative(dirname(file), mainFile);
    if (!path.startsWith(".")) path = `./${path}`;
    writeFileSync(file, text.replaceAll(`"${marker}"`, JSON.stringify(path)));
  }
  finish(second);
}

// The license of every inlined package travels with the code that contains it.
if (inline.length > 0) {
  const notices = inline.map((name) => {
    // The package's folder (not `require.resolve("x/package.json")`: not every package exports it).
    const dir = (require.resolve.paths(name) ?? [])
      .map((base) => join(base, name))
      .find((d) => existsSync(join(d, "package.json")));
    if (!dir) throw new Error(`bundle-dist: cannot find the inlined package ${name}`);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = ["LICENSE", "LICENSE.md", "LICENSE.txt"].find((f) => existsSync(join(dir, f)));
    // A package shipping no license file (`@cfworker/json-schema`): its package.json's license
    // and author, with the MIT text when that is its license.
    const author =
      typeof pkg.author === "string" ? pkg.author : (pkg.author?.name ?? "its authors");
    let license;
    if (file) license = readFileSync(join(dir, file), "utf8").trim();
    else if (pkg.license === "MIT")
      license = `MIT License\n\nCopyright (c) ${author}\n\n${MIT_TEXT}`;
    else throw new Error(`bundle-dist: ${name} ships no license file; add its notice by hand`);
    return `## ${name}@${pkg.version}\n\n${license}\n`;
  });
  writeFileSync(
    "dist/THIRD-PARTY-LICENSES.md",
    `# Third-party code bundled into this package's dist/\n\n${notices.join("\n")}`,
  );
}
