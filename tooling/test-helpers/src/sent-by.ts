/**
 * Which client sent a request, from the headers a test server recorded: `"fetch"` when Node's
 * `fetch` did (it sends `sec-fetch-mode: cors` with every request), else `"node:http"` (core's
 * `nodeHttpFetch`, the provider clients' default, sends none).
 */
export function sentBy(
  headers: Readonly<Record<string, string>> | undefined,
): "fetch" | "node:http" {
  return headers?.["sec-fetch-mode"] === "cors" ? "fetch" : "node:http";
}
