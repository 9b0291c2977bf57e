import {
  type Msg,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
  toolResultText,
  warnSkippedBlock,
} from "@agentscope-ts/core";
import type { GeminiContent, GeminiPart } from "./gemini-content.js";
import {
  formatGeminiMediaBlock,
  type GeminiMediaIO,
  type GeminiMediaOptions,
  geminiMediaIO,
} from "./gemini-media.js";

/** Options of {@link GeminiChatFormatter} (AgentScope's keyword arguments, camelCased). */
export interface GeminiChatFormatterOptions
  extends TruncatedFormatterBaseOptions,
    GeminiMediaOptions {
  /**
   * Put images from tool results into a user message right after the tool result (most APIs do
   * not take images in tool results). Default `false`.
   */
  promoteToolResultImages?: boolean;
}

/**
 * AgentScope's `GeminiChatFormatter`: formats messages for the Gemini API in a
 * one-user-one-assistant chat. Assistant messages get role `model`, all others `user` (system
 * included). Text (with its `thought_signature`), image/audio/video as `inline_data`, tool calls
 * as `function_call` (with the call's `thought_signature`, which Gemini 3 requires back), tool
 * results as `function_response` user contents (media become "can be found at" lines, images
 * optionally promoted).
 */
export class GeminiChatFormatter extends TruncatedFormatterBase<GeminiContent> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web media are read. */
  readonly mediaIO: GeminiMediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = false;
  static readonly supportVision = true;

  constructor(options: GeminiChatFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = geminiMediaIO(options);
  }

  protected override formatMessages(msgs: Msg[]): Promise<GeminiContent[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  /** Formats `msgs` from `start` on (each message on its own; see the base class). */
  protected override async formatMessagesFrom(
    msgs: Msg[],
    start: number,
  ): Promise<GeminiContent[]> {
    const messages: GeminiContent[] = [];
    for (let i = start; i < msgs.length; i++) {
      const msg = msgs[i] as Msg;
      const parts: GeminiPart[] = [];
      for (const block of msg.getContentBlocks()) {
        // Gemini's thought signature rides on text and tool_use blocks (see the response parser).
        const signature = "thought_signature" in block ? block.thought_signature : undefined;
        switch (block.type) {
          case "text": {
            const part: GeminiPart = { text: block.text };
            if (typeof signature === "string") part.thought_signature = signature;
            parts.push(part);
            break;
          }
          case "tool_use": {
            const part: GeminiPart = {
              function_call: { id: null, name: block.name, args: block.input },
            };
            if (typeof signature === "string") part.thought_signature = signature;
            parts.push(part);
            break;
          }
          case "tool_result": {
            const text = await toolResultText(this, block, msgs, i, {
              images: this.promoteToolResultImages,
            });
            messages.push({
              role: "user",
              parts: [
                {
                  function_response: {
                    id: block.id,
                    name: block.name,
                    response: { output: text },
                  },
                },
              ],
            });
            break;
          }
          case "image":
          case "audio":
          case "video":
            parts.push(await formatGeminiMediaBlock(block, this.mediaIO));
            break;
          default:
            warnSkippedBlock(this.constructor.name, block.type);
        }
      }
      if (parts.length > 0) {
        messages.push({ role: msg.role === "assistant" ? "model" : "user", parts });
      }
    }
    return messages;
  }
}

/** The formatters' message type, defined with the SDK types in `gemini-content.ts`. */
export type { GeminiContent };
