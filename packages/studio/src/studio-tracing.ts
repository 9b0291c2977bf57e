import { StudioError } from "./studio-error.js";

/** The running tracing of a Studio connection. */
export interface StudioTracing {
  /** Where spans are exported. */
  readonly url: string;
  /** Flushes the last spans and uninstalls the tracer. */
  shutdown(): Promise<void>;
}

type OtelModule = typeof import("@agentscope-ts/otel");

/** Loads `@agentscope-ts/otel` (an optional peer): resolves `null` when it is not installed. */
export async function loadOtel(): Promise<OtelModule | null> {
  try {
    return await import("@agentscope-ts/otel");
  } catch (error) {
    const code = (error as { code?: string })?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return null;
    throw error;
  }
}

/**
 * Points tracing at Studio's OTLP/HTTP route (`{url}/v1/traces`) with the run id as the
 * conversation id, as AgentScope's `init(studio_url=…)` does. `required`: throw a
 * {@link StudioError} naming the package when `@agentscope-ts/otel` is missing (else `null`).
 */
export async function startStudioTracing(
  url: string,
  runId: string,
  required: boolean,
  exportTimeoutMs: number,
  load: () => Promise<OtelModule | null> = loadOtel,
): Promise<StudioTracing | null> {
  const otel = await load();
  if (!otel) {
    if (!required) return null;
    throw new StudioError(
      "Tracing to AgentScope Studio needs the package @agentscope-ts/otel, which is not installed. Install it (npm i @agentscope-ts/otel @opentelemetry/api) or pass tracing: false.",
    );
  }
  const handle = otel.setupTracing({
    endpoint: `${url}/v1/traces`,
    conversationId: runId,
    exportTimeoutMillis: exportTimeoutMs,
  });
  return { url: handle.url, shutdown: () => handle.shutdown() };
}
