import {
  bytesToBase64,
  type ImageBlock,
  isDataUrl,
  type LocalFileReader,
  parseDataUrl,
  ValidationError,
} from "@agentscope-ts/core";
import type { AnthropicImageBlockParam } from "./anthropic-message.js";
import { extensionOf, IMAGE_EXTENSIONS, sniffImageMediaType } from "./image-media-type.js";

/** The media types Claude takes for images (the values of {@link IMAGE_EXTENSIONS}). */
const CLAUDE_IMAGE_TYPES = [...new Set(Object.values(IMAGE_EXTENSIONS))];

/**
 * A `data:` URL image (what core's default `saveBase64Data` makes of tool-result media) as the
 * base64 source Claude needs: its `url` sources must be http(s). A media type Claude does not
 * take is a `ValidationError` naming `source.url`.
 */
function dataUrlImageBlock(url: string): AnthropicImageBlockParam {
  const { mediaType, data } = parseDataUrl(url);
  if (!CLAUDE_IMAGE_TYPES.includes(mediaType)) {
    throw new ValidationError(
      "image block",
      [{ path: "source.url", message: `unsupported image media type ${mediaType} in a data: URL` }],
      { hint: `Use one of ${CLAUDE_IMAGE_TYPES.join(", ")}.` },
    );
  }
  return {
    type: "image",
    source: { type: "base64", media_type: mediaType, data },
  };
}

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
 * extension or, without a known one, from the file's bytes; a `data:` URL becomes a base64 source;
 * a web URL becomes a `url` source.
 * Anything else is a `ValidationError` naming the URL.
 */
export async function formatAnthropicImageBlock(
  block: ImageBlock,
  readLocalFile: LocalFileReader,
): Promise<AnthropicImageBlockParam> {
  const source = block.source;
  if (source.type === "base64") return { ...block };
  const url = source.url;
  if (isDataUrl(url)) return dataUrlImageBlock(url);
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
