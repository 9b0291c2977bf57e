import { ValidationError } from "@agentscope-ts/core";
import { connectStudio, type StudioConnection } from "@agentscope-ts/studio";
import type { CliOptions } from "../args/parse-args.js";
import { CliError, EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { studioUrl } from "./studio-url.js";

/**
 * Connects the run to AgentScope Studio when `--studio URL` or `AGENTSCOPE_STUDIO_URL` names one
 * (returns `undefined` otherwise): the run and its messages show in Studio, and traces go there
 * unless `--trace` sends them elsewhere. Studio being down costs a warning on stderr, not the run.
 */
export async function connectCliStudio(
  options: CliOptions,
  io: CliIO,
  kind: "chat" | "run",
  tracingElsewhere: boolean,
): Promise<StudioConnection | undefined> {
  const url = studioUrl(options, io.env);
  if (url === undefined) return undefined;
  try {
    return await connectStudio({
      url,
      project: "agentscope-cli",
      name: `${kind}-${new Date().toISOString().slice(11, 19).replaceAll(":", "")}`,
      ...(tracingElsewhere ? { tracing: false } : {}),
      userInput: false,
      // A Studio that went away must not hold the CLI at exit for long.
      flushTimeoutMs: 2000,
      onWarning: (message) => io.stderr.write(`${message}\n`),
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const source = options.studio !== undefined ? "--studio" : "AGENTSCOPE_STUDIO_URL";
    throw new CliError(
      `${source} ${JSON.stringify(url)} is not an http(s) URL: give Studio's address, like http://localhost:3000`,
      { exitCode: EXIT.usage, cause: error },
    );
  }
}
