// Why this exists: a Stainless SDK's (OpenAI, Anthropic) parsing of a non-streamed response (its
// promise chain, the media-type checks, `_request_id` defined on the result, the log guards) costs
// ≈ 14 µs per request on a cold cache, a quarter of the framework's cost per agent step (issue 35).
// The SDK still builds and sends the request (`.asResponse()`) and turns HTTP errors into its
// `APIError`s; only the body is read here, as the SDK reads it.

/**
 * The body of a successful non-streamed response as the SDK's parsing gives it: JSON parsed for a
 * JSON media type, `null` for 204, `undefined` for an empty body, the text for any other type.
 */
export async function jsonResponseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return undefined;
  return isJsonMediaType(response.headers.get("content-type")) ? JSON.parse(text) : text;
}

/** Whether a `Content-Type` value names JSON (`application/json`, or a `+json` type), as the SDKs read it. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return !!mediaType && (mediaType.includes("application/json") || mediaType.endsWith("+json"));
}
