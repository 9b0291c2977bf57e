import {
  bytesToBase64,
  type ImageBlock,
  type LocalFileReader,
  ValidationError,
} from "@agentscope-ts/core";
import type { AnthropicImageBlockParam } from "./anthropic-message.js";
import { extensionOf, IMAGE_EXTENSIONS, sniffImageMediaType } from "./image-media-type.js";

/** Whether `url` has a scheme other than `file:` (Python's `urlparse(url).scheme`). */
function isWebUrl(url: string): boolean {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (!match) return false;
  const scheme = (match[1] as string).toLowerCase();
  // A Windows drive letter (`C:\…`) is a path, as urlparse would see a one-letter scheme.
  return scheme !== "file" && scheme.length > 1;
}

/**
 * AgentScope's `_format_anthropic_image_block`: base64 sources pass through; a local file (a path
 * or `file://` URL, read with `readLocalFile`) is inlined as base64, its media type from the
 * extension or, without a known one, from the file's bytes; a web URL becomes a `url` source.
 * Anything else is a `ValidationError` naming the URL.
 */
export async function formatAnthropicImageBlock(
  block: ImageBlock,
  readLocalFile: LocalFileReader,
): Promise<AnthropicImageBlockParam> {
  const source = block.source;
  if (source.type === "base64") return { ...block };
  const url = source.url;
  const path = url.startsWith("file://") ? url.slice("file://".length) : url;
  if (!isWebUrl(path)) {
    const bytes = await readLocalFile(path);
    if (bytes) {
      const mediaType = IMAGE_EXTENSIONS[extensionOf(path)] ?? sniffImageMediaType(bytes);
      if (mediaType) {
        return {
          type: "image",
          source: { type: "base64", media_type: mediaType, data: bytesToBase64(bytes) },
        };
      }
    }
  } else {
    return { type: "image", source: { type: "url", url } };
  }
  throw new ValidationError(
    "image block",
    [{ path: "source.url", message: `invalid image URL ${JSON.stringify(url)}` }],
    {
      hint: "It should be an existing local image file (png, jpeg, gif, webp) or a web URL.",
    },
  );
}
