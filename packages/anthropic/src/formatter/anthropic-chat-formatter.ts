import {
  defaultLocalFileReader,
  type LocalFileReader,
  type Msg,
  type ThinkingBlock,
  type ToolResultOutputBlock,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
  warnSkippedBlock,
} from "@agentscope-ts/core";
import { formatAnthropicImageBlock } from "./anthropic-image-block.js";
import type {
  AnthropicContentBlockParam,
  AnthropicMessage,
  AnthropicThinkingBlockParam,
  AnthropicToolResultPart,
} from "./anthropic-message.js";

export type { AnthropicMessage };

/** Options of {@link AnthropicChatFormatter} (AgentScope's keyword arguments, camelCased). */
export interface AnthropicChatFormatterOptions
  extends TruncatedFormatterBaseOptions<AnthropicMessage> {
  /**
   * Reads local image paths, which are inlined as base64 as AgentScope does. Defaults to a reader
   * that imports `node:fs/promises` lazily, only when a local path is met (so the package stays
   * browser-safe); in a browser pass your own, or use URL/base64 sources.
   */
  readLocalFile?: LocalFileReader;
}

/**
 * A thinking block as sent back: unchanged (with its `signature`), or, for redacted thinking
 * (a block carrying `redacted_data`), the API's `redacted_thinking{data}`.
 */
function formatThinking(
  block: ThinkingBlock & { redacted_data?: unknown },
): AnthropicThinkingBlockParam | { type: "redacted_thinking"; data: string } {
  if (typeof block.redacted_data === "string") {
    return { type: "redacted_thinking", data: block.redacted_data };
  }
  return { ...block };
}

/**
 * AgentScope's `AnthropicChatFormatter`: formats messages for Claude's Messages API in a
 * one-user-one-assistant chat. Text and thinking blocks pass through (thinking keeps its
 * `signature`, as Claude needs it back); images become base64 (local files) or `url` sources; a
 * tool call becomes a `tool_use` block and its result a user message with a `tool_result` block
 * (images inside inlined too); a system message after the first is sent as a user message.
 */
export class AnthropicChatFormatter extends TruncatedFormatterBase<AnthropicMessage> {
  /** Reads local image files. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = false;
  static readonly supportVision = true;

  constructor(options: AnthropicChatFormatterOptions = {}) {
    super(options);
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
  }

  protected override formatMessages(msgs: Msg[]): Promise<AnthropicMessage[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  /** Formats `msgs` from `start` on (each message on its own; see the base class). */
  protected override async formatMessagesFrom(
    msgs: Msg[],
    start: number,
  ): Promise<AnthropicMessage[]> {
    const messages: AnthropicMessage[] = [];
    for (let index = start; index < msgs.length; index++) {
      const msg = msgs[index] as Msg;
      const content: AnthropicContentBlockParam[] = [];
      for (const block of msg.getContentBlocks()) {
        switch (block.type) {
          case "text":
            content.push({ ...block });
            break;
          case "thinking":
            content.push(formatThinking(block));
            break;
          case "image":
            content.push(await formatAnthropicImageBlock(block, this.readLocalFile));
            break;
          case "tool_use":
            content.push({
              id: block.id,
              type: "tool_use",
              name: block.name,
              input: block.input ?? {},
            });
            break;
          case "tool_result":
            messages.push({
              role: "user",
              content: [
                {
                  type: "tool_result",
                  tool_use_id: block.id,
                  content: await this.toolResultContent(block.output),
                },
              ],
            });
            break;
          default:
            warnSkippedBlock(this.constructor.name, block.type);
        }
      }
      // Claude takes a system message only first; a later one is sent as the user's.
      const role = msg.role === "system" && index !== 0 ? "user" : msg.role;
      if (content.length > 0) messages.push({ role, content });
    }
    return messages;
  }

  /** A tool result's `content`: its blocks (images formatted), or its text as one text block. */
  private async toolResultContent(
    output: string | readonly ToolResultOutputBlock[] | null | undefined,
  ): Promise<AnthropicToolResultPart[]> {
    if (output == null) return [{ type: "text", text: "" }];
    if (!Array.isArray(output)) return [{ type: "text", text: String(output) }];
    const out: AnthropicToolResultPart[] = [];
    for (const item of output as readonly ToolResultOutputBlock[]) {
      out.push(
        item.type === "image"
          ? await formatAnthropicImageBlock(item, this.readLocalFile)
          : { ...item },
      );
    }
    return out;
  }
}
