/** How long an API model may stay silent (before the answer, between streamed pieces), in ms. */
export const DEFAULT_API_MODEL_TIMEOUT_MS = 120_000;

/** The same for Ollama, which may first load the model into memory: 10 minutes. */
export const DEFAULT_OLLAMA_MODEL_TIMEOUT_MS = 600_000;

/**
 * The timeout the CLI gives its model (`ChatModelBase.timeout`: how long the model may stay
 * silent before the attempt fails with a retryable error), in ms: `--model-timeout` seconds when
 * given, else 10 minutes for Ollama, none for the in-process llama.cpp model (it cannot stall on a
 * network; Ctrl-C interrupts it), and 120 s for every API provider.
 */
export function modelTimeoutMs(
  providerId: string,
  flagSeconds: number | undefined,
): number | undefined {
  if (flagSeconds !== undefined) return flagSeconds * 1000;
  if (providerId === "llama-cpp") return undefined;
  if (providerId === "ollama") return DEFAULT_OLLAMA_MODEL_TIMEOUT_MS;
  return DEFAULT_API_MODEL_TIMEOUT_MS;
}
