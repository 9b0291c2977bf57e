import {
  historyPieces,
  type Msg,
  MultiAgentFormatterBase,
  toolFormatterOptions,
} from "@agentscope-ts/core";
import { GeminiChatFormatter, type GeminiChatFormatterOptions } from "./gemini-chat-formatter.js";
import type { GeminiContent, GeminiPart } from "./gemini-content.js";
import { formatGeminiMediaBlock, type GeminiMediaIO, geminiMediaIO } from "./gemini-media.js";

/** Options of {@link GeminiMultiAgentFormatter}. */
export interface GeminiMultiAgentFormatterOptions extends GeminiChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `GeminiMultiAgentFormatter`: for conversations among more than one user and one
 * agent. The leading system message becomes a user content with its text; runs of agent messages
 * become one user content whose parts interleave `name: text` lines (in `<history>` tags) with
 * their media, in order; tool calls and results are formatted as {@link GeminiChatFormatter} does.
 */
export class GeminiMultiAgentFormatter extends MultiAgentFormatterBase<GeminiContent> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web media are read. */
  readonly mediaIO: GeminiMediaIO;
  /** AgentScope's class flags. */
  static readonly supportVision = true;

  constructor(options: GeminiMultiAgentFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = geminiMediaIO(options);
  }

  protected override async formatSystemMessage(msg: Msg): Promise<GeminiContent> {
    return { role: "user", parts: [{ text: msg.getTextContent() }] };
  }

  protected createToolFormatter(): GeminiChatFormatter {
    return new GeminiChatFormatter({ ...toolFormatterOptions(this) });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<GeminiContent[]> {
    const pieces = await historyPieces(
      msgs,
      this.historyPrompt(isFirst),
      async (block) =>
        block.type === "image" || block.type === "audio" || block.type === "video"
          ? formatGeminiMediaBlock(block, this.mediaIO)
          : undefined,
      { openSeparator: "" },
    );
    if (pieces.length === 0) return [];
    const parts: GeminiPart[] = pieces.map((piece) =>
      "text" in piece ? { text: piece.text } : piece.media,
    );
    return [{ role: "user", parts }];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "@agentscope-ts/core";
