import {
  functionToolCall,
  type Msg,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
  toolResultText,
  toolRoleMessage,
  warnSkippedBlock,
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

  protected override async formatMessages(msgs: Msg[]): Promise<OllamaMessage[]> {
    const messages: OllamaMessage[] = [];
    for (let i = 0; i < msgs.length; i++) {
      const msg = msgs[i] as Msg;
      const texts: string[] = [];
      const toolCalls: OllamaToolCall[] = [];
      const images: string[] = [];
      for (const block of msg.getContentBlocks()) {
        switch (block.type) {
          case "text":
            texts.push(block.text ?? "");
            break;
          case "tool_use":
            toolCalls.push(functionToolCall(block, block.input ?? {}));
            break;
          case "tool_result": {
            const text = await toolResultText(this, block, msgs, i, {
              images: this.promoteToolResultImages,
            });
            messages.push(toolRoleMessage(block, text));
            break;
          }
          case "image":
            images.push(await formatOllamaImageBlock(block, this.mediaIO));
            break;
          case "thinking":
            if (block.thinking && this.thinkingAsText)
              texts.push(`<think>${block.thinking}</think>`);
            break;
          default:
            warnSkippedBlock(this.constructor.name, block.type);
        }
      }
      const content = texts.join("\n");
      const formatted: OllamaMessage = { role: msg.role, content: content || null };
      if (toolCalls.length > 0) formatted.tool_calls = toolCalls;
      if (images.length > 0) formatted.images = images;
      if (content || images.length > 0 || toolCalls.length > 0) messages.push(formatted);
    }
    return messages;
  }
}

/** The formatters' message type and media options, defined in `ollama-message.ts` / `ollama-media.ts`. */
export type { OllamaMediaOptions, OllamaMessage };
