import {
  type AudioBlock,
  type ImageBlock,
  type TextBlock,
  type ToolResponse,
  type ToolResultOutputBlock,
  toolResponse,
  type VideoBlock,
} from "@agentscope-ts/core";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";

const text = (value: string): TextBlock => ({ type: "text", text: value });

const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** An image, audio or video block for base64 data of a media type, or `undefined` for other types. */
function mediaBlock(
  mimeType: string | undefined,
  data: string,
): ImageBlock | AudioBlock | VideoBlock | undefined {
  const type = mimeType?.split("/")[0];
  if (mimeType && (type === "image" || type === "audio" || type === "video")) {
    return { type, source: { type: "base64", media_type: mimeType, data } };
  }
  return undefined;
}

/**
 * Converts MCP content blocks to AgentScope blocks: text → `text`; image and audio → `image` /
 * `audio` with a base64 source; an embedded text resource → `text` holding its JSON (`uri`,
 * `mimeType`, `text`), as AgentScope does; an embedded binary resource → an `image` / `audio` /
 * `video` block when its MIME type is one, otherwise a `text` block describing it (the bytes are
 * left out); a resource link → `text` holding its JSON (`type`, `uri`, `name`, …); any other
 * (future) block → `text` holding its JSON, so nothing the server said is silently dropped.
 */
export function convertMcpContentToBlocks(
  content: readonly ContentBlock[] | undefined,
): ToolResultOutputBlock[] {
  const out: ToolResultOutputBlock[] = [];
  for (const block of content ?? []) {
    switch (block.type) {
      case "text":
        out.push(text(block.text));
        break;
      case "image":
        out.push({
          type: "image",
          source: { type: "base64", media_type: block.mimeType, data: block.data },
        });
        break;
      case "audio":
        out.push({
          type: "audio",
          source: { type: "base64", media_type: block.mimeType, data: block.data },
        });
        break;
      case "resource": {
        const resource = block.resource;
        if ("text" in resource && typeof resource.text === "string") {
          out.push(
            text(json({ uri: resource.uri, mimeType: resource.mimeType, text: resource.text })),
          );
          break;
        }
        const blob = "blob" in resource && typeof resource.blob === "string" ? resource.blob : "";
        const media = mediaBlock(resource.mimeType, blob);
        if (media) {
          out.push(media);
        } else {
          out.push(
            text(
              json({
                uri: resource.uri,
                mimeType: resource.mimeType,
                blob: `<${Math.floor((blob.length * 3) / 4)} bytes of binary data, not shown>`,
              }),
            ),
          );
        }
        break;
      }
      case "resource_link": {
        const { type, uri, name, title, description, mimeType } = block;
        out.push(text(json({ type, uri, name, title, description, mimeType })));
        break;
      }
      default:
        out.push(text(json(block)));
    }
  }
  return out;
}

/** Deep equality of JSON values (for comparing structured content with a text block). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** True when some text block of `blocks` is the JSON of `value`. */
function hasJsonText(blocks: readonly ToolResultOutputBlock[], value: unknown): boolean {
  return blocks.some((block) => {
    if (block.type !== "text") return false;
    try {
      return jsonEqual(JSON.parse(block.text), value);
    } catch {
      return false;
    }
  });
}

/**
 * Turns the result of an MCP `tools/call` into a {@link ToolResponse}:
 * - the content blocks through {@link convertMcpContentToBlocks};
 * - `structuredContent` is added as a JSON text block unless a text block already holds it (servers
 *   are asked to send both), and is kept in `metadata.structured_content`;
 * - an `isError` result starts with a text block saying the tool failed, so the model reads it as
 *   an error, and gets `metadata.is_error: true`;
 * - the result's `_meta` fields are copied into `metadata` (AgentScope's `metadata=res.meta`).
 */
export function callToolResultToToolResponse(
  result: CallToolResult,
  toolName: string,
): ToolResponse {
  const blocks = convertMcpContentToBlocks(result.content);
  const metadata: Record<string, unknown> = { ...(result._meta ?? {}) };
  const structured = result.structuredContent;
  if (structured !== undefined) {
    metadata.structured_content = structured;
    if (!hasJsonText(blocks, structured)) blocks.push(text(JSON.stringify(structured)));
  }
  if (result.isError === true) {
    metadata.is_error = true;
    blocks.unshift(text(`Error: the MCP tool '${toolName}' reported an error:`));
  }
  return toolResponse(blocks, Object.keys(metadata).length > 0 ? { metadata } : {});
}
