import { readFileSync } from "node:fs";

/** The version of `@agentscope-ts/cli`, read from its package.json. */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version?: string;
  };
  return pkg.version ?? "0.0.0";
}
