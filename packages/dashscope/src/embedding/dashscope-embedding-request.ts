import { postJson } from "../model/dashscope-http.js";

/** What an embedding model needs to reach DashScope. */
export interface DashScopeEmbeddingClient {
  apiKey: string;
  baseURL: string;
  fetch: typeof globalThis.fetch;
  provider: string;
}

/** One embedding request's answer: vectors in input order and the usage DashScope reported. */
export interface DashScopeEmbeddingAnswer {
  embeddings: number[][];
  usage: Record<string, unknown>;
}

/**
 * POSTs one embedding request to `path` (under the base URL) and returns its vectors, ordered by
 * `text_index` / `index`. Failures become `DashScopeError`s (throttling retried by the base class).
 */
export async function postEmbedding(
  client: DashScopeEmbeddingClient,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<DashScopeEmbeddingAnswer> {
  const data = await postJson({
    url: `${client.baseURL}${path}`,
    headers: {
      authorization: `Bearer ${client.apiKey}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body,
    signal,
    fetch: client.fetch,
    provider: client.provider,
  });
  const output = data.output as { embeddings?: unknown } | undefined;
  const items = Array.isArray(output?.embeddings) ? output.embeddings : [];
  const ordered = items
    .map((item, i) => {
      const e = item as { text_index?: unknown; index?: unknown; embedding?: unknown };
      const index =
        typeof e.text_index === "number" ? e.text_index : typeof e.index === "number" ? e.index : i;
      return { index, embedding: e.embedding as number[] };
    })
    .sort((a, b) => a.index - b.index);
  const usage = (data.usage ?? {}) as Record<string, unknown>;
  return { embeddings: ordered.map((item) => item.embedding), usage };
}
