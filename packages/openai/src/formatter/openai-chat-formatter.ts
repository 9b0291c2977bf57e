import {
  defaultLocalFileReader,
  formatToolChat,
  functionToolCall,
  type LocalFileReader,
  type Msg,
  pythonJsonDumps,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import type { ChatCompletionContentPart } from "openai/resources/chat/completions";
import { type OpenAIChatMessage, type OpenAIToolCall, roleMessage } from "./openai-chat-message.js";
import { formatOpenAIImageBlock, type MediaIO, toOpenAIAudioData } from "./openai-media.js";

/** Options shared by the OpenAI formatters besides truncation. */
export interface OpenAIMediaOptions {
  /**
   * Reads local image/audio paths, which are inlined as base64 as AgentScope does. Defaults to a
   * reader that imports `node:fs/promises` lazily, only when a local path is met (so the package
   * stays browser-safe); in a browser pass your own, or use URL/base64 sources.
   */
  readLocalFile?: LocalFileReader;
  /** Downloads audio given by web URL (sent as base64). Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** Options of {@link OpenAIChatFormatter} (AgentScope's keyword arguments, camelCased). */
export interface OpenAIChatFormatterOptions
  extends TruncatedFormatterBaseOptions,
    OpenAIMediaOptions {
  /**
   * Put images from tool results into a user message right after the tool message (most APIs do
   * not take images in tool results). Default `false`.
   */
  promoteToolResultImages?: boolean;
}

/** The media IO of a formatter's options, with defaults. */
export function mediaIO(options: OpenAIMediaOptions): MediaIO {
  return {
    readLocalFile: options.readLocalFile ?? defaultLocalFileReader,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

/**
 * AgentScope's `OpenAIChatFormatter`: formats messages for the OpenAI Chat Completions API (and
 * compatible servers) in a one-user-one-assistant chat, keeping each message's `name`. Text, image
 * (`image_url`), audio (`input_audio`; dropped from assistant messages), tool calls and tool results
 * (`role: "tool"`, text only; media become "can be found at" lines, optionally promoted).
 */
export class OpenAIChatFormatter extends TruncatedFormatterBase<OpenAIChatMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web audio are read. */
  readonly mediaIO: MediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;

  constructor(options: OpenAIChatFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = mediaIO(options);
  }

  protected override formatMessages(msgs: Msg[]): Promise<OpenAIChatMessage[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  /** Formats `msgs` from `start` on (each message on its own; see the base class). */
  protected override formatMessagesFrom(msgs: Msg[], start: number): Promise<OpenAIChatMessage[]> {
    return formatToolChat<OpenAIChatMessage, ChatCompletionContentPart, OpenAIToolCall>(
      this,
      msgs,
      {
        promote: { images: this.promoteToolResultImages },
        toolCall: (block) => functionToolCall(block, pythonJsonDumps(block.input ?? {})),
        // Not `async`: a text part (most of them) is returned as is, without a promise.
        part: (block, msg) => {
          switch (block.type) {
            case "text":
              return { ...block };
            case "image":
              return formatOpenAIImageBlock(block, this.mediaIO);
            case "audio":
              // Audio an assistant produced (text + audio models) is not sent back.
              if (msg.role === "assistant") return null;
              return toOpenAIAudioData(block.source, this.mediaIO).then((input_audio) => ({
                type: "input_audio" as const,
                input_audio,
              }));
            default:
              return undefined;
          }
        },
        message: (msg, content, toolCalls) =>
          content.length > 0 || toolCalls.length > 0
            ? roleMessage(msg.role, {
                name: msg.name,
                content: content.length > 0 ? content : null,
                ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
              })
            : undefined,
      },
      start,
    );
  }
}
