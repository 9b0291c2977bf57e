import {
  base64DataUrl,
  bytesToBase64,
  isDataUrl,
  type LocalFileReader,
  parseDataUrl,
  ValidationError,
} from "@agentscope-ts/core";
import type {
  ChatCompletionContentPartImage,
  ChatCompletionContentPartInputAudio,
} from "openai/resources/chat/completions";
import { guessImageMime } from "../utils/image-info.js";

/** How the OpenAI formatters reach media that are not inline: local files and web URLs. */
export interface MediaIO {
  /** Reads local image/audio files (see {@link LocalFileReader}). */
  readLocalFile: LocalFileReader;
  /** Downloads audio given by web URL (AgentScope downloads it and sends base64). */
  fetch: typeof globalThis.fetch;
}

/** An image or audio source as blocks carry it. */
type MediaSource =
  | { type: "url"; url: string }
  | { type: "base64"; media_type: string; data: string }
  | { type: string; [key: string]: unknown };

const IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp"];

/** True when `url` has a scheme other than `file:` (http, https, data…), i.e. is not a local path. */
export function isWebUrl(url: string): boolean {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1];
  if (!scheme) return false;
  // "C:\\x.png" is a Windows path, not a URL with scheme "c".
  if (scheme.length === 1 && /^[a-zA-Z]:[\\/]/.test(url)) return false;
  return scheme.toLowerCase() !== "file";
}

function stripFileScheme(url: string): string {
  return url.startsWith("file://") ? url.slice("file://".length) : url;
}

/**
 * AgentScope's `_to_openai_image_url`: a local image file (path or `file://`) becomes a base64
 * `data:` URL (MIME from the extension, or sniffed from the bytes when there is none); web URLs are
 * returned as they are, a `data:` URL with its payload as base64. Anything else is an error.
 */
export async function toOpenAIImageUrl(url: string, io: MediaIO): Promise<string> {
  if (isDataUrl(url)) return base64DataUrl(url);
  if (isWebUrl(url)) return url;
  const rawUrl = stripFileScheme(url);
  const bytes = await io.readLocalFile(rawUrl);
  if (bytes) {
    if (IMAGE_EXTENSIONS.some((ext) => rawUrl.endsWith(ext))) {
      const extension = rawUrl.toLowerCase().split(".").pop() as string;
      return `data:image/${extension};base64,${bytesToBase64(bytes)}`;
    }
    const mime = guessImageMime(bytes);
    if (mime) return `data:${mime};base64,${bytesToBase64(bytes)}`;
  }
  throw new ValidationError("image URL", [
    {
      path: "source.url",
      message: `Invalid image URL: "${url}". It should be a local file or a web URL.`,
    },
  ]);
}

/**
 * AgentScope's `_format_openai_image_block`: `{type: "image_url", image_url: {url}}` from a URL
 * source (see {@link toOpenAIImageUrl}) or a base64 source (as a `data:` URL).
 */
export async function formatOpenAIImageBlock(
  block: { source: MediaSource },
  io: MediaIO,
): Promise<ChatCompletionContentPartImage> {
  const source = block.source;
  let url: string;
  if (source.type === "url") {
    url = await toOpenAIImageUrl(String(source.url), io);
  } else if (source.type === "base64") {
    url = `data:${String(source.media_type)};base64,${String(source.data)}`;
  } else {
    throw new ValidationError("image block", [
      { path: "source.type", message: `Unsupported image source type: ${String(source.type)}` },
    ]);
  }
  return { type: "image_url", image_url: { url } };
}

/** The `input_audio` formats by media type (AgentScope takes `audio/wav` and `audio/mp3`). */
const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/mp3": "mp3",
};

/** The `input_audio` format of `mediaType`, or a `ValidationError` naming `path`. */
function audioFormat(mediaType: string, path: string): "wav" | "mp3" {
  const format = AUDIO_FORMATS[mediaType];
  if (format) return format;
  throw new ValidationError("audio block", [
    {
      path,
      message: `Unsupported audio media type: ${mediaType}, only audio/wav and audio/mp3 are supported.`,
    },
  ]);
}

/**
 * AgentScope's `_to_openai_audio_data`: `{data, format}` for an `input_audio` block. URL sources
 * must end in `.wav` or `.mp3`; local files are read, web URLs downloaded, both sent as base64.
 * Base64 sources, and `data:` URLs, must be `audio/wav` or `audio/mp3`.
 */
export async function toOpenAIAudioData(
  source: MediaSource,
  io: MediaIO,
): Promise<ChatCompletionContentPartInputAudio.InputAudio> {
  if (source.type === "url" && isDataUrl(String(source.url))) {
    const { mediaType, data } = parseDataUrl(String(source.url));
    return { data, format: audioFormat(mediaType, "source.url") };
  }
  if (source.type === "url") {
    const url = String(source.url);
    const rawUrl = stripFileScheme(url);
    const extension = (rawUrl.split(".").pop() ?? "").toLowerCase();
    if (extension !== "wav" && extension !== "mp3") {
      throw new ValidationError("audio block", [
        {
          path: "source.url",
          message: `Unsupported audio file extension: ${extension}, wav and mp3 are supported.`,
        },
      ]);
    }
    const local = isWebUrl(rawUrl) ? undefined : await io.readLocalFile(rawUrl);
    let data: string;
    if (local) {
      data = bytesToBase64(local);
    } else if (isWebUrl(rawUrl)) {
      const response = await io.fetch(url);
      if (!response.ok) {
        throw new Error(`Downloading the audio ${url} failed: HTTP ${response.status}.`);
      }
      data = bytesToBase64(new Uint8Array(await response.arrayBuffer()));
    } else {
      throw new ValidationError("audio block", [
        {
          path: "source.url",
          message: `Unsupported audio source: ${url}, it should be a local file or a web URL.`,
        },
      ]);
    }
    return { data, format: extension };
  }
  if (source.type === "base64") {
    const format = audioFormat(String(source.media_type), "source.media_type");
    return { data: String(source.data), format };
  }
  throw new ValidationError("audio block", [
    { path: "source.type", message: `Unsupported audio source: ${String(source.type)}.` },
  ]);
}
