import { ValidationError } from "@agentscope-ts/core";
import type { TracingHandle } from "@agentscope-ts/otel";
import type { CliOptions } from "../args/parse-args.js";
import { CliError, EXIT } from "../cli-error.js";

/** Milliseconds an export may take: a dead collector must not hold the CLI at exit for long. */
const EXPORT_TIMEOUT_MS = 5000;

/**
 * Starts OpenTelemetry tracing when `--trace URL` or `OTEL_EXPORTER_OTLP_ENDPOINT` names an
 * OTLP/HTTP endpoint; returns `undefined` otherwise. A bad URL is a usage error (exit code 2).
 * The OpenTelemetry SDK (about 300 ms to load) is imported only when tracing is asked for.
 */
export async function startTracing(
  options: CliOptions,
  env: NodeJS.ProcessEnv,
): Promise<TracingHandle | undefined> {
  const fromFlag = options.trace !== undefined;
  const endpoint = options.trace ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined || endpoint.trim() === "") return undefined;
  const { setupTracing } = await import("@agentscope-ts/otel");
  try {
    return setupTracing({
      endpoint,
      serviceName: env.OTEL_SERVICE_NAME ?? "agentscope-cli",
      exportTimeoutMillis: EXPORT_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const source = fromFlag ? "--trace" : "OTEL_EXPORTER_OTLP_ENDPOINT";
    throw new CliError(
      `${source} ${JSON.stringify(endpoint)} is not an OTLP/HTTP URL: give one like http://localhost:4318`,
      { exitCode: EXIT.usage, cause: error },
    );
  }
}
