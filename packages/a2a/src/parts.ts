import type { Part } from "@a2a-js/sdk";
import type { ContentBlock, Msg, ToolResultBlock, ToolUseBlock } from "@agentscope-ts/core";
import { lookup } from "mime-types";

/** The kind of media block a file part becomes, from its media type (or its URL's extension). */
export function guessMediaType(
  url: string | undefined,
  mediaType: string | undefined,
): "image" | "audio" | "video" | "unknown" {
  const type = mediaType || (url ? lookup(pathOf(url)) || "" : "");
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("video/")) return "video";
  return "unknown";
}

/**
 * Turns our content blocks into A2A parts, as AgentScope's `A2AChatFormatter.format` does: text and
 * thinking become text parts, image/audio/video become file parts (a URL, or raw bytes with their
 * media type), tool_use and tool_result become data parts; other blocks are skipped.
 */
export function blocksToParts(blocks: readonly ContentBlock[]): Part[] {
  const parts: Part[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        if (block.text) parts.push(textPart(block.text));
        break;
      case "thinking":
        if (block.thinking) parts.push(textPart(block.thinking));
        break;
      case "image":
      case "audio":
      case "video": {
        const source = block.source;
        if (source.type === "url") {
          parts.push(filePart({ $case: "url", value: source.url }, ""));
        } else {
          parts.push(
            filePart(
              { $case: "raw", value: Buffer.from(source.data, "base64") },
              source.media_type,
            ),
          );
        }
        break;
      }
      case "tool_use":
      case "tool_result":
        parts.push({
          content: { $case: "data", value: structuredClone(block) },
          metadata: undefined,
          filename: "",
          mediaType: "application/json",
        });
        break;
      default:
        break;
    }
  }
  return parts;
}

/**
 * Turns one A2A part into a content block, as AgentScope's `_format_a2a_part` does: text → text;
 * a file → image/audio/video by media type (URL or base64 source); data holding a tool_use or
 * tool_result block → that block; other data → its JSON as text. A file of another media type
 * becomes a text block naming it, so nothing is dropped silently.
 */
export function partToBlock(part: Part): ContentBlock {
  const content = part.content;
  switch (content?.$case) {
    case "text":
      return { type: "text", text: content.value };
    case "url": {
      const kind = guessMediaType(content.value, part.mediaType || undefined);
      if (kind === "unknown") return fileAsText(part, content.value);
      return { type: kind, source: { type: "url", url: content.value } };
    }
    case "raw": {
      const mediaType = part.mediaType || "application/octet-stream";
      const kind = guessMediaType(undefined, mediaType);
      const data = Buffer.from(content.value).toString("base64");
      if (kind === "unknown") return fileAsText(part, `${data.length} base64 characters`);
      return { type: kind, source: { type: "base64", media_type: mediaType, data } };
    }
    case "data":
      return dataToBlock(content.value);
    default:
      return { type: "text", text: "" };
  }
}

/** Turns A2A parts into blocks (see {@link partToBlock}). */
export function partsToBlocks(parts: readonly Part[]): ContentBlock[] {
  return parts.map(partToBlock);
}

/** A text part. */
export function textPart(text: string): Part {
  return {
    content: { $case: "text", value: text },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  };
}

/** The content of `msg` as blocks (a string content becomes one text block). */
export function msgBlocks(msg: Msg): ContentBlock[] {
  return typeof msg.content === "string"
    ? msg.content
      ? [{ type: "text", text: msg.content }]
      : []
    : msg.content;
}

function filePart(content: Part["content"], mediaType: string): Part {
  return { content, metadata: undefined, filename: "", mediaType };
}

function fileAsText(part: Part, what: string): ContentBlock {
  const name = part.filename ? ` '${part.filename}'` : "";
  return { type: "text", text: `[file${name} (${part.mediaType || "unknown type"}): ${what}]` };
}

function dataToBlock(data: unknown): ContentBlock {
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const d = data as Record<string, unknown>;
    if (d.type === "tool_use" && "id" in d && "name" in d && "input" in d) {
      return structuredClone(d) as unknown as ToolUseBlock;
    }
    if (d.type === "tool_result" && "id" in d && "name" in d && "output" in d) {
      return structuredClone(d) as unknown as ToolResultBlock;
    }
  }
  return { type: "text", text: JSON.stringify(data) ?? "null" };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
