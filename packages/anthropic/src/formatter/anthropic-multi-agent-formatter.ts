import {
  defaultLocalFileReader,
  historyPieces,
  type LocalFileReader,
  type Msg,
  MultiAgentFormatterBase,
  systemTextMessage,
} from "@agentscope-ts/core";
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import {
  AnthropicChatFormatter,
  type AnthropicChatFormatterOptions,
} from "./anthropic-chat-formatter.js";
import { formatAnthropicImageBlock } from "./anthropic-image-block.js";
import type { AnthropicImageBlockParam, AnthropicMessage } from "./anthropic-message.js";

/** Options of {@link AnthropicMultiAgentFormatter}. */
export interface AnthropicMultiAgentFormatterOptions extends AnthropicChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `AnthropicMultiAgentFormatter`: for conversations among more than one user and one
 * agent. A run of agent messages becomes one user message: their text as `name: text` lines in
 * `<history>` tags, split around their images, which stay in place; tool calls and results are
 * formatted as {@link AnthropicChatFormatter} does.
 */
export class AnthropicMultiAgentFormatter extends MultiAgentFormatterBase<AnthropicMessage> {
  /** Reads local image files. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportVision = true;

  constructor(options: AnthropicMultiAgentFormatterOptions = {}) {
    super(options);
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
  }

  /** The leading system message, as AgentScope formats it: its text blocks. */
  protected override async formatSystemMessage(msg: Msg): Promise<AnthropicMessage> {
    return { ...systemTextMessage(msg) };
  }

  protected createToolFormatter(): AnthropicChatFormatter {
    return new AnthropicChatFormatter({ readLocalFile: this.readLocalFile });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<AnthropicMessage[]> {
    const pieces = await historyPieces(msgs, this.historyPrompt(isFirst), async (block) =>
      block.type === "image" ? formatAnthropicImageBlock(block, this.readLocalFile) : undefined,
    );
    if (pieces.length === 0) return [];
    const blocks = pieces.map((piece): TextBlockParam | AnthropicImageBlockParam =>
      "text" in piece ? { type: "text", text: piece.text } : piece.media,
    );
    return [{ role: "user", content: blocks }];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "@agentscope-ts/core";
