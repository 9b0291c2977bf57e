/**
 * Content blocks: the parts of a message, exactly as AgentScope v1 writes them on the wire
 * (snake_case keys, plain JSON objects).
 */

/** Inline media data: base64 bytes with their media type. */
export interface Base64Source {
  type: "base64";
  /** The media type of the data, e.g. `image/jpeg` or `audio/mpeg`. */
  media_type: string;
  /** The base64-encoded bytes. */
  data: string;
}

/** Media referenced by URL (or local file path, which formatters read and inline). */
export interface URLSource {
  type: "url";
  url: string;
}

/** Where the bytes of an image, audio or video block come from. */
export type MediaSource = Base64Source | URLSource;

/** Plain text. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** The model's reasoning, shown dimmed in UIs and usually not sent back to other agents. */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  /** The provider's signature of the reasoning (Anthropic); send it back unchanged. */
  signature?: string;
}

/** An image. */
export interface ImageBlock {
  type: "image";
  source: MediaSource;
}

/** A piece of audio. */
export interface AudioBlock {
  type: "audio";
  source: MediaSource;
}

/** A video. */
export interface VideoBlock {
  type: "video";
  source: MediaSource;
}

/** A tool call requested by the model. */
export interface ToolUseBlock {
  type: "tool_use";
  /** The id of this call; the matching `tool_result` carries the same id. */
  id: string;
  /** The tool's name. */
  name: string;
  /** The parsed arguments. */
  input: Record<string, unknown>;
  /** The raw argument string as the model API sent it, when it differs from `input`. */
  raw_input?: string;
}

/** What a tool call produced. */
export interface ToolResultBlock {
  type: "tool_result";
  /** The id of the `tool_use` this answers. */
  id: string;
  /** The tool's name. */
  name: string;
  /** Text, or a list of text and media blocks. */
  output: string | ToolResultOutputBlock[];
}

/** The blocks a tool result may contain. */
export type ToolResultOutputBlock = TextBlock | ImageBlock | AudioBlock | VideoBlock;

/** Any content block. */
export type ContentBlock =
  | TextBlock
  | ThinkingBlock
  | ToolUseBlock
  | ToolResultBlock
  | ImageBlock
  | AudioBlock
  | VideoBlock;

/** The `type` of a content block. */
export type ContentBlockType = ContentBlock["type"];

/** The block type whose `type` is `T`: `BlockOf<"tool_use">` is `ToolUseBlock`. */
export type BlockOf<T extends ContentBlockType> = Extract<ContentBlock, { type: T }>;

/** Every content block type, in AgentScope's order. */
export const CONTENT_BLOCK_TYPES: readonly ContentBlockType[] = [
  "text",
  "thinking",
  "tool_use",
  "tool_result",
  "image",
  "audio",
  "video",
];
