import {
  type Msg,
  MultiAgentFormatterBase,
  systemTextMessage,
  toolFormatterOptions,
} from "@agentscope-ts/core";
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartImage,
  ChatCompletionContentPartInputAudio,
} from "openai/resources/chat/completions";
import { historyText } from "./history-text.js";
import {
  mediaIO,
  OpenAIChatFormatter,
  type OpenAIChatFormatterOptions,
} from "./openai-chat-formatter.js";
import type { OpenAIChatMessage } from "./openai-chat-message.js";
import { formatOpenAIImageBlock, type MediaIO, toOpenAIAudioData } from "./openai-media.js";

/** Options of {@link OpenAIMultiAgentFormatter}. */
export interface OpenAIMultiAgentFormatterOptions extends OpenAIChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `OpenAIMultiAgentFormatter`: for conversations among more than one user and one
 * agent. Runs of agent messages become one user message holding their text as `name: text` lines
 * in `<history>` tags, followed by their images and (non-assistant) audio; tool calls and results
 * are formatted as {@link OpenAIChatFormatter} does.
 */
export class OpenAIMultiAgentFormatter extends MultiAgentFormatterBase<OpenAIChatMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web audio are read. */
  readonly mediaIO: MediaIO;

  constructor(options: OpenAIMultiAgentFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = mediaIO(options);
  }

  /** The leading system message, as AgentScope formats it: its text blocks. */
  protected override async formatSystemMessage(msg: Msg): Promise<OpenAIChatMessage> {
    return { ...systemTextMessage(msg) };
  }

  protected createToolFormatter(): OpenAIChatFormatter {
    return new OpenAIChatFormatter({ ...toolFormatterOptions(this) });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OpenAIChatMessage[]> {
    const images: ChatCompletionContentPartImage[] = [];
    const audios: ChatCompletionContentPartInputAudio[] = [];
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks()) {
        if (block.type === "image") {
          images.push(await formatOpenAIImageBlock(block, this.mediaIO));
        } else if (block.type === "audio" && msg.role !== "assistant") {
          audios.push({
            type: "input_audio",
            input_audio: await toOpenAIAudioData(block.source, this.mediaIO),
          });
        }
      }
    }
    const text = historyText(msgs, this.historyPrompt(isFirst));
    const content: ChatCompletionContentPart[] = [];
    if (text) content.push({ type: "text", text });
    content.push(...images, ...audios);
    return content.length > 0 ? [{ role: "user", content }] : [];
  }
}
