/** Headers as a `Headers` object or a plain record (as SDK errors carry them). */
export type HeadersLike =
  | { get(name: string): string | null | undefined }
  | Record<string, string | readonly string[] | null | undefined>;

/**
 * Parses a `Retry-After` header value: delay seconds (`"2"`, `"1.5"`) or an HTTP date. Returns
 * milliseconds to wait (0 for a date in the past), or `undefined` when the value is not usable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Parses a `retry-after-ms` header value (milliseconds, as OpenAI sends it). */
export function parseRetryAfterMs(value: string | null | undefined): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Math.round(Number(text));
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null | undefined }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | null | undefined>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return value[0];
  }
  return undefined;
}

/**
 * How long a response's headers ask us to wait before retrying, in milliseconds: `retry-after-ms`
 * first, then `retry-after` (seconds or HTTP date). `undefined` when neither is present or usable.
 */
export function retryAfterMsFromHeaders(
  headers: HeadersLike | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  return (
    parseRetryAfterMs(header(headers, "retry-after-ms")) ??
    parseRetryAfter(header(headers, "retry-after"), now)
  );
}
