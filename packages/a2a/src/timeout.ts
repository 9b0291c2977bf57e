import { A2AConnectionError } from "./a2a-connection-error.js";

/** The default bound of every wait on a remote agent: 600 000 ms, AgentScope's httpx timeout. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * Runs `run` with a signal aborted after `ms` (or when `outer` aborts). A timeout rejects with an
 * {@link A2AConnectionError} naming `option`; an outer abort rejects with the outer reason.
 */
export async function withTimeout<T>(
  ms: number | null,
  option: string,
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer =
    ms === null
      ? undefined
      : setTimeout(
          () =>
            controller.abort(
              new A2AConnectionError(
                `The remote A2A agent did not answer within ${ms} ms; raise '${option}' or check the agent.`,
              ),
            ),
          ms,
        );
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
}
