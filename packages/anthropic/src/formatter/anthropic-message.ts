import type { AudioBlock, VideoBlock } from "@agentscope-ts/core";
import type {
  Base64ImageSource,
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  ThinkingBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";

// The request messages of the Messages API as AgentScope v1.0.21 sends them: the SDK's own param
// types, widened by exactly the fields where AgentScope's wire is wider than the SDK's types (each
// documented below). Everything the SDK accepts is accepted too, so hand-written SDK messages
// (documents, `cache_control`…) pass. The model hands these to the SDK through one adapter,
// `toMessageCreateParams` / `toCountTokensParams` (model/messages-sdk-params.ts).

/**
 * A base64 image source with any media type. Wider than the SDK's `Base64ImageSource` (png, jpeg,
 * gif, webp): a base64 image block of a `Msg` passes through unchanged, as in AgentScope, and a
 * local file without a known extension is sent with the type its bytes show.
 */
export interface AnthropicBase64ImageSource extends Omit<Base64ImageSource, "media_type"> {
  media_type: Base64ImageSource["media_type"] | (string & {});
}

/** An image block whose base64 source may have any media type (see {@link AnthropicBase64ImageSource}). */
export interface AnthropicImageBlockParam extends Omit<ImageBlockParam, "source"> {
  source: ImageBlockParam["source"] | AnthropicBase64ImageSource;
}

/**
 * A thinking block, its `signature` optional. Wider than the SDK's `ThinkingBlockParam`: a
 * thinking block of a `Msg` passes through as it is (AgentScope's `{**block}`), and one that did
 * not come from Claude has no signature.
 */
export interface AnthropicThinkingBlockParam extends Omit<ThinkingBlockParam, "signature"> {
  signature?: string;
}

/** What a tool result's content list may hold on the SDK's side. */
type SdkToolResultPart = Exclude<ToolResultBlockParam["content"], string | undefined>[number];

/**
 * One part of a tool result's content list: the SDK's, the wider image block, or, as AgentScope
 * passes a tool's output blocks on unchanged, an audio or video block (which the API refuses; the
 * SDK's types leave them out).
 */
export type AnthropicToolResultPart =
  | SdkToolResultPart
  | AnthropicImageBlockParam
  | AudioBlock
  | VideoBlock;

/** A tool result block whose content list holds {@link AnthropicToolResultPart}s. */
export interface AnthropicToolResultBlockParam extends Omit<ToolResultBlockParam, "content"> {
  content?: string | AnthropicToolResultPart[];
}

/** One content block of an {@link AnthropicMessage}: any of the SDK's, or a wider wire form. */
export type AnthropicContentBlockParam =
  | ContentBlockParam
  | AnthropicImageBlockParam
  | AnthropicThinkingBlockParam
  | AnthropicToolResultBlockParam;

/**
 * One message of a Messages API request, as the Anthropic formatters build it and
 * `AnthropicChatModel` reads it: the SDK's `MessageParam` with the wider blocks above. A leading
 * `system` message is sent as the request's `system` field; its content may hold any block (the
 * chat formatter passes the system `Msg`'s blocks on, as AgentScope does).
 */
export interface AnthropicMessage {
  role: MessageParam["role"];
  content: string | AnthropicContentBlockParam[];
}
