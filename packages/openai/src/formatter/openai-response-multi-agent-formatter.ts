import { type Msg, MultiAgentFormatterBase, toolFormatterOptions } from "@agentscope-ts/core";
import type { ResponseInputAudio } from "openai/resources/responses/responses";
import { historyText } from "./history-text.js";
import { mediaIO } from "./openai-chat-formatter.js";
import { type MediaIO, toOpenAIAudioData } from "./openai-media.js";
import {
  formatResponseImageBlock,
  OpenAIResponseChatFormatter,
  type OpenAIResponseChatFormatterOptions,
} from "./openai-response-chat-formatter.js";
import type {
  OpenAIResponseContentPart,
  OpenAIResponseImagePart,
  OpenAIResponseInputItem,
} from "./openai-response-input.js";

/** Options of {@link OpenAIResponseMultiAgentFormatter}. */
export interface OpenAIResponseMultiAgentFormatterOptions
  extends OpenAIResponseChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `OpenAIResponseMultiAgentFormatter`: for conversations among more than one user and
 * one agent on the Responses API. The system message keeps its text as `input_text` parts; runs of
 * agent messages become one user message whose `input_text` holds their text as `name: text` lines
 * in `<history>` tags, followed by their `input_image`s and (non-assistant) `input_audio`s; tool
 * calls and results are formatted as {@link OpenAIResponseChatFormatter} does.
 */
export class OpenAIResponseMultiAgentFormatter extends MultiAgentFormatterBase<OpenAIResponseInputItem> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web audio are read. */
  readonly mediaIO: MediaIO;

  constructor(options: OpenAIResponseMultiAgentFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = mediaIO(options);
  }

  protected override async formatSystemMessage(msg: Msg): Promise<OpenAIResponseInputItem> {
    return {
      role: "system",
      content: msg
        .getContentBlocks("text")
        .map((block) => ({ type: "input_text", text: block.text })),
    };
  }

  protected createToolFormatter(): OpenAIResponseChatFormatter {
    return new OpenAIResponseChatFormatter({ ...toolFormatterOptions(this) });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OpenAIResponseInputItem[]> {
    const images: OpenAIResponseImagePart[] = [];
    const audios: ResponseInputAudio[] = [];
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks()) {
        if (block.type === "image") {
          images.push(await formatResponseImageBlock(block, this.mediaIO));
        } else if (block.type === "audio" && msg.role !== "assistant") {
          audios.push({
            type: "input_audio",
            input_audio: await toOpenAIAudioData(block.source, this.mediaIO),
          });
        }
      }
    }
    const text = historyText(msgs, this.historyPrompt(isFirst));
    const content: OpenAIResponseContentPart[] = [];
    if (text) content.push({ type: "input_text", text });
    content.push(...images, ...audios);
    return content.length > 0 ? [{ role: "user", content }] : [];
  }
}
