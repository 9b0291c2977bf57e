import {
  bytesToBase64,
  defaultLocalFileReader,
  type ImageBlock,
  isDataUrl,
  type LocalFileReader,
  parseDataUrl,
  ValidationError,
} from "@agentscope-ts/core";

/** How the Ollama formatters reach images that are not inline: local files and web URLs. */
export interface OllamaMediaIO {
  /** Reads a local image path (inlined as base64, as AgentScope does). */
  readLocalFile: LocalFileReader;
  /** Downloads an image given by web URL (sent as base64). */
  fetch: typeof globalThis.fetch;
}

/** How the Ollama formatters read images that are not inline. */
export interface OllamaMediaOptions {
  /**
   * Reads local image paths, which are inlined as base64 as AgentScope does. Defaults to a reader
   * that imports `node:fs/promises` lazily, only when a local path is met (so the package stays
   * browser-safe); in a browser pass your own, or use URL/base64 sources.
   */
  readLocalFile?: LocalFileReader;
  /** Downloads images given by web URL (sent as base64). Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** The media IO of a formatter's options, with defaults. */
export function ollamaMediaIO(options: OllamaMediaOptions): OllamaMediaIO {
  return {
    readLocalFile: options.readLocalFile ?? defaultLocalFileReader,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

async function download(url: string, io: OllamaMediaIO): Promise<string> {
  const response = await io.fetch(url);
  if (!response.ok) {
    throw new ValidationError("image block", [
      {
        path: "source.url",
        message: `downloading ${url} failed with HTTP ${response.status}`,
      },
    ]);
  }
  return bytesToBase64(new Uint8Array(await response.arrayBuffer()));
}

/**
 * AgentScope's `_format_ollama_image_block`: the base64 data Ollama takes in a message's `images`.
 * Base64 sources are sent as they are; a URL that names a local file is read and encoded; a web URL
 * is downloaded and encoded (a `data:` URL, as core's default tool-result saver makes, gives its
 * payload, percent-encoded ones converted to base64). Anything else is a `ValidationError` naming the URL.
 */
export async function formatOllamaImageBlock(
  block: ImageBlock,
  io: OllamaMediaIO,
): Promise<string> {
  const source = block.source as { type?: unknown; url?: unknown; data?: unknown };
  if (source.type === "base64" && typeof source.data === "string") return source.data;
  if (source.type !== "url" || typeof source.url !== "string") {
    throw new ValidationError("image block", [
      {
        path: "source.type",
        message: `unsupported image source type ${JSON.stringify(source.type)}`,
      },
    ]);
  }
  const url = source.url;
  if (isDataUrl(url)) return parseDataUrl(url).data;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") return download(url, io);
  const path = scheme === "file" ? decodeURIComponent(new URL(url).pathname) : url;
  // A Windows drive letter (C:\…) parses as a one-letter scheme: still a local path.
  if (scheme === undefined || scheme === "file" || scheme.length === 1) {
    const bytes = await io.readLocalFile(path);
    if (bytes) return bytesToBase64(bytes);
  }
  throw new ValidationError("image block", [
    {
      path: "source.url",
      message: `The URL \`${url}\` is not a valid image URL or local file.`,
    },
  ]);
}
