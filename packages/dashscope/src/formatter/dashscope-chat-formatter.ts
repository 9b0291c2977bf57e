import {
  formatToolChat,
  functionToolCall,
  type Msg,
  pythonJsonDumps,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import { formatDashScopeMediaBlock } from "./dashscope-media.js";
import type {
  DashScopeChatMessage,
  DashScopeContentPart,
  DashScopeMessage,
  DashScopeToolCall,
} from "./dashscope-message.js";
import { joinAllTextContent } from "./join-text-content.js";
import { defaultLocalFileReader, type LocalFileReader } from "./local-file-reader.js";

export type { DashScopeMessage };

/** Options of {@link DashScopeChatFormatter} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeChatFormatterOptions
  extends TruncatedFormatterBaseOptions<DashScopeMessage> {
  /** Put images from tool results into a user message after the tool message. Default `false`. */
  promoteToolResultImages?: boolean;
  /** Put audio from tool results into a user message after the tool message. Default `false`. */
  promoteToolResultAudios?: boolean;
  /** Put videos from tool results into a user message after the tool message. Default `false`. */
  promoteToolResultVideos?: boolean;
  /**
   * Reads local media paths, which are inlined as base64 `data:` URLs as AgentScope does. Defaults
   * to a reader that imports `node:fs/promises` lazily (the package stays browser-safe).
   */
  readLocalFile?: LocalFileReader;
}

/**
 * AgentScope's `DashScopeChatFormatter`: messages for DashScope's native generation APIs in a
 * one-user-one-assistant chat. Content parts are `{text}`, `{image}`, `{audio}`, `{video}` (local
 * files inlined as `data:` URLs); an all-text content becomes one string; an assistant tool-call
 * message keeps an empty content list (Qwen-VL fails on a missing or `null` content); tool results
 * are `role: "tool"` text, their media optionally promoted to a user message.
 */
export class DashScopeChatFormatter extends TruncatedFormatterBase<DashScopeMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether tool-result audio is promoted to a user message. */
  readonly promoteToolResultAudios: boolean;
  /** Whether tool-result videos are promoted to a user message. */
  readonly promoteToolResultVideos: boolean;
  /** How local media files are read. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = false;
  static readonly supportVision = true;

  constructor(options: DashScopeChatFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.promoteToolResultAudios = options.promoteToolResultAudios ?? false;
    this.promoteToolResultVideos = options.promoteToolResultVideos ?? false;
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
  }

  protected override formatMessages(msgs: Msg[]): Promise<DashScopeMessage[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  /** Formats `msgs` from `start` on (each message on its own; see the base class). */
  protected override async formatMessagesFrom(
    msgs: Msg[],
    start: number,
  ): Promise<DashScopeMessage[]> {
    const messages = await formatToolChat<
      DashScopeMessage,
      DashScopeContentPart,
      DashScopeToolCall
    >(
      this,
      msgs,
      {
        promote: {
          images: this.promoteToolResultImages,
          audios: this.promoteToolResultAudios,
          videos: this.promoteToolResultVideos,
          noun: "media",
        },
        toolCall: (block) => functionToolCall(block, pythonJsonDumps(block.input ?? {})),
        part: (block) => {
          switch (block.type) {
            case "text":
              return { text: block.text };
            case "image":
            case "audio":
            case "video":
              return formatDashScopeMediaBlock(block, this.readLocalFile);
            case "thinking":
              // AgentScope drops thinking blocks here too (it logs each one as unsupported); the
              // model's own thinking comes back in every ReAct turn, so it is skipped quietly.
              return null;
            default:
              return undefined;
          }
        },
        message: (msg, content, toolCalls) => {
          const formatted: DashScopeChatMessage = { role: msg.role, content };
          if (toolCalls.length > 0) formatted.tool_calls = toolCalls;
          return content.length > 0 || toolCalls.length > 0 ? formatted : undefined;
        },
      },
      start,
    );
    return joinAllTextContent(messages);
  }
}
