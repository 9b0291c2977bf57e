import { nodeHttpFetch } from "@agentscope-ts/core";
import { type Config, Ollama } from "ollama/browser";

/** Options of the `ollama` client besides the host: `headers`, `fetch`, `proxy`. */
export type OllamaClientKwargs = Partial<Omit<Config, "host">>;

/** Reads an environment variable where there is one (Node, Deno, Bun); undefined in browsers. */
export function readEnv(name: string): string | undefined {
  const holder = globalThis as { process?: { env?: Record<string, string | undefined> } };
  const value = holder.process?.env?.[name]?.trim();
  return value ? value : undefined;
}

/**
 * The `ollama` library's client, exposing the host it resolved (`http://127.0.0.1:11434` by
 * default) so errors can name it. Built from `ollama/browser`: the Node entry only adds reading
 * image paths, which the formatters already do.
 */
export class OllamaClient extends Ollama {
  /** The server address requests go to, as the library normalised it. */
  get host(): string {
    return this.config.host;
  }
}

/**
 * Builds an {@link OllamaClient} for `host` (default: `OLLAMA_HOST`, else the library's
 * `127.0.0.1:11434`). With `signal`, every request of the client carries it: the library passes no
 * signal on its non-streaming calls (`chat` with `stream: false`, `embed`), so this is how an abort
 * or a timeout closes them.
 */
export function createOllamaClient(
  host: string | undefined,
  kwargs: OllamaClientKwargs = {},
  signal?: AbortSignal,
): OllamaClient {
  const resolvedHost = host ?? readEnv("OLLAMA_HOST");
  const baseFetch = kwargs.fetch ?? nodeHttpFetch;
  const fetch: typeof globalThis.fetch = signal
    ? (input, init) =>
        baseFetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
        })
    : baseFetch;
  return new OllamaClient({
    ...kwargs,
    ...(resolvedHost !== undefined ? { host: resolvedHost } : {}),
    fetch,
  });
}
