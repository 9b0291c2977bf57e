import { StudioError } from "./studio-error.js";
import type { StudioProcedure, StudioProcedures } from "./studio-protocol.js";

/** Why a call to Studio failed: no answer, no answer in time, or an error status. */
export type StudioFailureKind = "unreachable" | "timeout" | "status";

/** A failed tRPC call, with what kind of failure it was (the delivery queue decides on it). */
export class StudioCallError extends StudioError {
  /** No answer, no answer in time, or an error status. */
  readonly kind: StudioFailureKind;

  constructor(
    kind: StudioFailureKind,
    message: string,
    options: ConstructorParameters<typeof StudioError>[1] = {},
  ) {
    super(message, { ...options, retryable: kind !== "status" || (options.status ?? 0) >= 500 });
    this.kind = kind;
  }
}

// The `message` of a tRPC error answer (`{"error":{"message":…}}`), when there is one.
function trpcErrorMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string") return message;
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return body.slice(0, 200);
}

/**
 * Calls a Studio tRPC mutation as AgentScope Python does: `POST {url}/trpc/{procedure}` with the
 * input as the JSON body. Resolves when Studio answers 2xx; throws a {@link StudioCallError}.
 */
export async function callStudio<P extends StudioProcedure>(
  url: string,
  procedure: P,
  input: StudioProcedures[P],
  timeoutMs: number,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${url}/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === "TimeoutError";
    throw new StudioCallError(
      timedOut ? "timeout" : "unreachable",
      timedOut
        ? `AgentScope Studio at ${url} did not answer ${procedure} within ${timeoutMs} ms`
        : `AgentScope Studio at ${url} is unreachable (${procedure}: ${String((error as Error)?.cause ?? error)})`,
      { cause: error },
    );
  }
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    throw new StudioCallError(
      "status",
      `AgentScope Studio at ${url} answered ${procedure} with HTTP ${response.status}: ${trpcErrorMessage(body)}`,
      { status: response.status },
    );
  }
}
