import {
  formatToolChat,
  functionToolCall,
  type Msg,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import {
  formatOllamaImageBlock,
  type OllamaMediaIO,
  type OllamaMediaOptions,
  ollamaMediaIO,
} from "./ollama-media.js";
import type { OllamaMessage, OllamaToolCall } from "./ollama-message.js";

/** Options of {@link OllamaChatFormatter} (AgentScope's keyword arguments, camelCased). */
export interface OllamaChatFormatterOptions
  extends TruncatedFormatterBaseOptions,
    OllamaMediaOptions {
  /**
   * Put images from tool results into a user message right after the tool message (Ollama takes
   * images in user messages, not in tool results). Default `false`.
   */
  promoteToolResultImages?: boolean;
  /**
   * Send thinking blocks back as `<think>…</think>` text, as AgentScope does after v1.0.21.
   * Default `true`; `false` leaves them out, as AgentScope v1.0.21 itself does (its exact output:
   * a message holding only thinking is then not sent at all).
   */
  thinkingAsText?: boolean;
}

/**
 * AgentScope's `OllamaChatFormatter`: formats messages for Ollama's `/api/chat` in a
 * one-user-one-agent chat. Text blocks are joined by newlines into a string `content` (thinking
 * becomes `<think>…</think>` text, as after v1.0.21; `thinkingAsText: false` drops it, as v1.0.21
 * does), images go to `images` as base64, tool calls to `tool_calls`
 * (arguments as objects), tool results to `role: "tool"` messages (text only; media become "can be
 * found at" lines, optionally promoted to a user message).
 */
export class OllamaChatFormatter extends TruncatedFormatterBase<OllamaMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether thinking goes back as `<think>…</think>` text (else it is left out). */
  readonly thinkingAsText: boolean;
  /** How local files and web images are read. */
  readonly mediaIO: OllamaMediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = false;
  static readonly supportVision = true;

  constructor(options: OllamaChatFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.thinkingAsText = options.thinkingAsText ?? true;
    this.mediaIO = ollamaMediaIO(options);
  }

  protected override formatMessages(msgs: Msg[]): Promise<OllamaMessage[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  /** Formats `msgs` from `start` on (each message on its own; see the base class). */
  protected override formatMessagesFrom(msgs: Msg[], start: number): Promise<OllamaMessage[]> {
    return formatToolChat<OllamaMessage, { text: string } | { image: string }, OllamaToolCall>(
      this,
      msgs,
      {
        promote: { images: this.promoteToolResultImages },
        toolCall: (block) => functionToolCall(block, block.input ?? {}),
        part: async (block) => {
          switch (block.type) {
            case "text":
              return { text: block.text ?? "" };
            case "image":
              return { image: await formatOllamaImageBlock(block, this.mediaIO) };
            case "thinking":
              return block.thinking && this.thinkingAsText
                ? { text: `<think>${block.thinking}</think>` }
                : null;
            default:
              return undefined;
          }
        },
        message: (msg, parts, toolCalls) => {
          const content = parts.flatMap((part) => ("text" in part ? [part.text] : [])).join("\n");
          const images = parts.flatMap((part) => ("image" in part ? [part.image] : []));
          const formatted: OllamaMessage = { role: msg.role, content: content || null };
          if (toolCalls.length > 0) formatted.tool_calls = toolCalls;
          if (images.length > 0) formatted.images = images;
          return content || images.length > 0 || toolCalls.length > 0 ? formatted : undefined;
        },
      },
      start,
    );
  }
}

/** The formatters' message type and media options, defined in `ollama-message.ts` / `ollama-media.ts`. */
export type { OllamaMediaOptions, OllamaMessage };
