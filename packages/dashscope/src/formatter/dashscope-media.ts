import { base64DataUrl, bytesToBase64, isDataUrl, ValidationError } from "@agentscope-ts/core";
import { guessMediaType } from "../utils/guess-media-type.js";
import type { DashScopeContentPart } from "./dashscope-message.js";
import type { LocalFileReader } from "./local-file-reader.js";

/** A media block as the formatters read it. */
export interface DashScopeMediaBlock {
  type: "image" | "audio" | "video";
  source: { type: string; url?: unknown; media_type?: unknown; data?: unknown };
}

/** The content part of a media `type` holding `url`. */
function mediaPart(type: DashScopeMediaBlock["type"], url: string): DashScopeContentPart {
  switch (type) {
    case "image":
      return { image: url };
    case "audio":
      return { audio: url };
    case "video":
      return { video: url };
  }
}

/**
 * AgentScope's `_format_dashscope_media_block`: `{<type>: url}`. A URL that names a local file
 * (a path, or `file://` + path) is read and sent as a base64 `data:` URL with the media type of its
 * extension; a `data:` URL is sent with a base64 payload (a percent-encoded one converted); other
 * URLs pass unchanged; base64 sources become `data:` URLs.
 */
export async function formatDashScopeMediaBlock(
  block: DashScopeMediaBlock,
  readLocalFile: LocalFileReader,
): Promise<DashScopeContentPart> {
  const { type, source } = block;
  if (source.type === "url") {
    const url = String(source.url);
    if (isDataUrl(url)) return mediaPart(type, base64DataUrl(url));
    const path = url.startsWith("file://") ? url.slice("file://".length) : url;
    const bytes = /^([a-z][a-z0-9+.-]+:\/\/|data:)/i.test(path)
      ? undefined
      : await readLocalFile(path);
    if (!bytes) return mediaPart(type, path);
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
    return mediaPart(type, `data:${mediaType};base64,${bytesToBase64(bytes)}`);
  }
  if (source.type === "base64") {
    return mediaPart(type, `data:${String(source.media_type)};base64,${String(source.data)}`);
  }
  throw new ValidationError(`${type} block`, [
    {
      path: "source.type",
      message: `unsupported source type ${JSON.stringify(source.type)}, expected "url" or "base64"`,
    },
  ]);
}
