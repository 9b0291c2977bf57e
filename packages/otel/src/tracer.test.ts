import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Imports `entry` (a TypeScript source, run with Node's type stripping) in a fresh Node process
 * and returns every module URL it loaded.
 */
function modulesLoadedBy(entry: string): string[] {
  const script = `
    import { registerHooks } from "node:module";
    const seen = [];
    registerHooks({
      resolve(specifier, context, next) {
        let result;
        try { result = next(specifier, context); }
        catch { result = next(specifier.replace(/\\.js$/, ".ts"), context); }
        seen.push(result.url);
        return result;
      },
    });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify(seen));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  return JSON.parse(out) as string[];
}

describe("@agentscope-ts/otel/tracer", () => {
  it("loads OpenTelemetryTracer without the Node SDK that the main entry loads", () => {
    const tracerOnly = modulesLoadedBy(fileURLToPath(new URL("./tracer.ts", import.meta.url)));
    const main = modulesLoadedBy(fileURLToPath(new URL("./index.ts", import.meta.url)));
    expect(tracerOnly.some((u) => u.endsWith("/opentelemetry-tracer.ts"))).toBe(true);
    expect(tracerOnly.filter((u) => u.includes("sdk-node") || u.includes("sdk-trace"))).toEqual([]);
    expect(main.some((u) => u.includes("@opentelemetry/sdk-node"))).toBe(true);
  });
});
