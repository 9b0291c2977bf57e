// Type-checks src/ as a user's strict project would (each tsconfig given: no skipLibCheck, Node
// types only). Every error in our packages' .d.ts or in src/ fails the check. Errors inside a
// third-party SDK's own typings (they use DOM names such as HeadersInit, which Node's types do not
// declare globally) are listed by package; a package not on the known list fails the check too.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// Upstream typings that do not compile without the DOM lib (or have their own errors), as of the
// versions in pnpm-lock.yaml. Users of these packages need "DOM" in lib or skipLibCheck.
const KNOWN_UPSTREAM = new Map([
  ["@google/genai", "uses DOM's RequestInfo, ErrorEvent, HeadersInit"],
  ["@modelcontextprotocol/sdk", "uses DOM's HeadersInit"],
  ["ollama", "uses DOM's HeadersInit"],
  ["node-llama-cpp", "its own .d.ts errors (LlamaOptions.tempDir, untyped async-retry)"],
]);

const here = dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const config of process.argv.slice(2)) {
  const path = join(here, config);
  const read = ts.readConfigFile(path, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, here, undefined, path);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const ours = [];
  const upstream = new Map();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? "";
    const pkg = /\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(
      file,
    );
    if (pkg && !pkg[1].startsWith("@agentscope-ts/") && pkg[1] !== "typescript") {
      upstream.set(pkg[1], (upstream.get(pkg[1]) ?? 0) + 1);
    } else {
      ours.push(ts.formatDiagnostic(d, ts.createCompilerHost(parsed.options)));
    }
  }
  const unknown = [...upstream.keys()].filter((name) => !KNOWN_UPSTREAM.has(name));
  for (const [name, count] of upstream) {
    const why = KNOWN_UPSTREAM.get(name) ?? "NEW: not on the known list";
    console.log(`  upstream ${name}: ${count} error(s) in its own typings (${why})`);
  }
  if (ours.length > 0 || unknown.length > 0) failed++;
  console.log(
    `${ours.length === 0 && unknown.length === 0 ? "ok  " : "FAIL"} ${config}: ${ours.length} error(s) in our packages and src`,
  );
  for (const text of ours) console.log(text);
}
process.exit(failed > 0 ? 1 : 0);
