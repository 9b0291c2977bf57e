import {
  bytesToBase64,
  defaultLocalFileReader,
  isDataUrl,
  type LocalFileReader,
  parseDataUrl,
  ValidationError,
} from "@agentscope-ts/core";
import type { GeminiInlineData } from "./gemini-content.js";

/** How the Gemini formatters reach media that are not inline: local files and web URLs. */
export interface GeminiMediaIO {
  /** Reads local media files (see {@link LocalFileReader}). */
  readLocalFile: LocalFileReader;
  /** Downloads media given by web URL (AgentScope downloads it and sends it inline). */
  fetch: typeof globalThis.fetch;
}

/** Options of the Gemini formatters for reading media. */
export interface GeminiMediaOptions {
  /**
   * Reads local media paths, which are inlined as base64 as AgentScope does. Defaults to a reader
   * that imports `node:fs/promises` lazily (the package stays browser-safe).
   */
  readLocalFile?: LocalFileReader;
  /** Downloads media given by web URL. Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** The media IO of a formatter's options, with defaults. */
export function geminiMediaIO(options: GeminiMediaOptions): GeminiMediaIO {
  return {
    readLocalFile: options.readLocalFile ?? defaultLocalFileReader,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

/** AgentScope's `GeminiChatFormatter.supported_extensions`: media type by file extension. */
export const GEMINI_SUPPORTED_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  image: ["png", "jpeg", "webp", "heic", "heif"],
  video: ["mp4", "mpeg", "mov", "avi", "x-flv", "mpg", "webm", "wmv", "3gpp"],
  audio: ["mp3", "wav", "aiff", "aac", "ogg", "flac"],
};

/** Gemini's `inline_data` part body, snake_case as AgentScope formats it (see `gemini-content.ts`). */
export type { GeminiInlineData };

function unsupportedExtension(url: string, extension: string): ValidationError {
  return new ValidationError("media URL", [
    {
      path: "source.url",
      message: `Unsupported file extension: ${extension} in ${JSON.stringify(url)}, expected one of ${JSON.stringify(GEMINI_SUPPORTED_EXTENSIONS)}`,
    },
  ]);
}

/** The URL scheme of `url` (`""` for a plain path; a Windows drive letter is no scheme). */
function schemeOf(url: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1] ?? "";
  if (scheme.length === 1 && /^[a-zA-Z]:[\\/]/.test(url)) return "";
  return scheme.toLowerCase();
}

/**
 * AgentScope's `_to_gemini_inline_data`: a local file (path or `file://`) or a web URL becomes
 * `{data: <base64>, mime_type: "<image|audio|video>/<extension>"}`, the type taken from the
 * extension; a `data:` URL becomes its payload with its own media type. Anything else is a
 * {@link ValidationError}.
 */
export async function toGeminiInlineData(
  url: string,
  io: GeminiMediaIO,
): Promise<GeminiInlineData> {
  if (isDataUrl(url)) {
    const { mediaType, data } = parseDataUrl(url);
    return { data, mime_type: mediaType };
  }
  const rawUrl = url.startsWith("file://") ? url.slice("file://".length) : url;
  const extension = (rawUrl.split(".").pop() ?? "").toLowerCase();
  const typ = Object.entries(GEMINI_SUPPORTED_EXTENSIONS).find(([, exts]) =>
    exts.includes(extension),
  )?.[0];
  const scheme = schemeOf(rawUrl);
  if (scheme === "" || scheme === "file") {
    const bytes = await io.readLocalFile(rawUrl);
    if (bytes) {
      if (typ === undefined) throw unsupportedExtension(url, extension);
      return { data: bytesToBase64(bytes), mime_type: `${typ}/${extension}` };
    }
  } else {
    if (typ === undefined) throw unsupportedExtension(url, extension);
    const response = await io.fetch(url);
    if (!response.ok) {
      throw new ValidationError("media URL", [
        {
          path: "source.url",
          message: `Failed to fetch ${JSON.stringify(url)}: HTTP ${response.status}`,
        },
      ]);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { data: bytesToBase64(bytes), mime_type: `${typ}/${extension}` };
  }
  throw new ValidationError("media URL", [
    {
      path: "source.url",
      message: `The URL ${JSON.stringify(url)} is not a valid image URL or local file.`,
    },
  ]);
}

/** An image, audio or video block's source. */
type MediaSource =
  | { type: "url"; url: string }
  | { type: "base64"; media_type: string; data: string }
  | { type: string; [key: string]: unknown };

/**
 * AgentScope's `_format_gemini_media_block`: an image/audio/video block as `{inline_data: {data,
 * mime_type}}`, from a base64 source or a URL (see {@link toGeminiInlineData}).
 */
export async function formatGeminiMediaBlock(
  block: { source: MediaSource },
  io: GeminiMediaIO,
): Promise<{ inline_data: GeminiInlineData }> {
  const source = block.source;
  if (source.type === "base64") {
    for (const field of ["media_type", "data"] as const) {
      if (typeof source[field] !== "string" || source[field] === "") {
        throw new ValidationError("media block", [
          {
            path: `source.${field}`,
            message: `a base64 source needs a non-empty string ${field}, received ${JSON.stringify(source[field]) ?? "undefined"}`,
          },
        ]);
      }
    }
    return {
      inline_data: { data: String(source.data), mime_type: String(source.media_type) },
    };
  }
  if (source.type === "url") {
    return { inline_data: await toGeminiInlineData(String(source.url), io) };
  }
  throw new ValidationError("media block", [
    { path: "source.type", message: `Unsupported source type: ${String(source.type)}` },
  ]);
}
