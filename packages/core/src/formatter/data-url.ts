import { ValidationError } from "../errors/validation-error.js";
import { bytesToBase64 } from "../utils/base64.js";

/** A `data:` URL's content: its media type and its payload as base64. */
export interface DataUrlContent {
  /** The media type, e.g. `image/png` (parameters such as `;charset=` left off). */
  mediaType: string;
  /** The payload as base64 (a percent-encoded payload is converted). */
  data: string;
}

/** Whether `url` is a `data:` URL (scheme compared case-insensitively). */
export function isDataUrl(url: string): boolean {
  return /^data:/i.test(url);
}

/** The bytes of a `data:` URL's percent-encoded (not base64) payload. */
function percentDecode(payload: string): Uint8Array {
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < payload.length; ) {
    const hex = payload.slice(i + 1, i + 3);
    if (payload[i] === "%" && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(payload.codePointAt(i) as number);
      bytes.push(...utf8.encode(char));
      i += char.length;
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * Parses a `data:` URL (what core's default `saveBase64Data` makes of a tool result's base64
 * media) into its media type and base64 payload, for formatters whose APIs take base64 rather than
 * URLs. A URL that is not `data:` or has no `<type>/<subtype>` is a {@link ValidationError} naming
 * `path` (default `source.url`).
 */
export function parseDataUrl(url: string, path = "source.url"): DataUrlContent {
  const comma = url.indexOf(",");
  const params = url.slice("data:".length, comma < 0 ? url.length : comma).split(";");
  const mediaType = (params[0] ?? "").trim().toLowerCase();
  if (!isDataUrl(url) || comma < 0 || !/^[^/\s]+\/[^/\s]+$/.test(mediaType)) {
    throw new ValidationError("media URL", [
      {
        path,
        message: `data: URL without a media type: ${JSON.stringify(url.slice(0, 40))}; write it as data:<type>/<subtype>;base64,<data>`,
      },
    ]);
  }
  const payload = url.slice(comma + 1);
  const base64 = params.slice(1).some((param) => param.trim().toLowerCase() === "base64");
  return { mediaType, data: base64 ? payload : bytesToBase64(percentDecode(payload)) };
}

/**
 * A `data:` URL with a base64 payload (`data:<type>;base64,<data>`), for APIs that take `data:`
 * URLs but only base64 ones; a percent-encoded payload is converted. Errors as {@link parseDataUrl}.
 */
export function base64DataUrl(url: string, path = "source.url"): string {
  const { mediaType, data } = parseDataUrl(url, path);
  return `data:${mediaType};base64,${data}`;
}
