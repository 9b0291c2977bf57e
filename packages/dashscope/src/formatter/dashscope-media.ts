import { bytesToBase64, ValidationError } from "@agentscope-ts/core";
import { guessMediaType } from "../utils/guess-media-type.js";
import type { LocalFileReader } from "./local-file-reader.js";

/** A media block as the formatters read it. */
export interface DashScopeMediaBlock {
  type: "image" | "audio" | "video";
  source: { type: string; url?: unknown; media_type?: unknown; data?: unknown };
}

/** One part of a DashScope message's content: `{text}`, `{image}`, `{audio}` or `{video}`. */
export type DashScopeContentPart = Record<string, string>;

/**
 * AgentScope's `_format_dashscope_media_block`: `{<type>: url}`. A URL that names a local file
 * (a path, or `file://` + path) is read and sent as a base64 `data:` URL with the media type of its
 * extension; other URLs pass unchanged; base64 sources become `data:` URLs.
 */
export async function formatDashScopeMediaBlock(
  block: DashScopeMediaBlock,
  readLocalFile: LocalFileReader,
): Promise<DashScopeContentPart> {
  const { type, source } = block;
  if (source.type === "url") {
    const url = String(source.url);
    const path = url.startsWith("file://") ? url.slice("file://".length) : url;
    const bytes = /^([a-z][a-z0-9+.-]+:\/\/|data:)/i.test(path)
      ? undefined
      : await readLocalFile(path);
    if (!bytes) return { [type]: path };
    const mediaType = guessMediaType(path);
    if (!mediaType) {
      throw new ValidationError(
        `${type} block`,
        [
          {
            path: "source.url",
            message: `cannot determine the media type of ${JSON.stringify(path)}`,
          },
        ],
        { hint: "Use a file with a recognised extension (e.g. .png, .jpg, .mp3, .mp4)." },
      );
    }
    return { [type]: `data:${mediaType};base64,${bytesToBase64(bytes)}` };
  }
  if (source.type === "base64") {
    return { [type]: `data:${String(source.media_type)};base64,${String(source.data)}` };
  }
  throw new ValidationError(`${type} block`, [
    {
      path: "source.type",
      message: `unsupported source type ${JSON.stringify(source.type)}, expected "url" or "base64"`,
    },
  ]);
}

/**
 * AgentScope's `_reformat_messages`: a message whose content parts are all text (`{text}` without
 * a non-text `type`) gets its non-empty texts joined by newlines into a string content (what the
 * API and Hugging Face token counters take); others are left as they are. Changes `messages` in
 * place and returns it.
 */
export function joinAllTextContent<T extends Record<string, unknown>>(messages: T[]): T[] {
  for (const message of messages) {
    const content = message.content;
    if (!Array.isArray(content)) continue;
    const texts: string[] = [];
    let allText = true;
    for (const item of content as unknown[]) {
      if (item === null || typeof item !== "object" || !("text" in item)) {
        allText = false;
        break;
      }
      const part = item as { text: unknown; type?: unknown };
      if ("type" in part && part.type !== "text") {
        allText = false;
        break;
      }
      if (part.text) texts.push(String(part.text));
    }
    if (allText && texts.length > 0)
      (message as Record<string, unknown>).content = texts.join("\n");
  }
  return messages;
}
