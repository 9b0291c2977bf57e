import {
  type Msg,
  systemTextMessage,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import { DeepSeekChatFormatter } from "./deepseek-chat-formatter.js";
import { DEFAULT_CONVERSATION_HISTORY_PROMPT, historyText } from "./history-text.js";
import type { OpenAIChatMessage } from "./openai-chat-message.js";

/** Options of {@link DeepSeekMultiAgentFormatter}. */
export interface DeepSeekMultiAgentFormatterOptions extends TruncatedFormatterBaseOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `DeepSeekMultiAgentFormatter`: runs of agent messages become one user message whose
 * content is their `name: text` lines in `<history>` tags (a string); tool calls and results are
 * formatted as {@link DeepSeekChatFormatter} does.
 */
export class DeepSeekMultiAgentFormatter extends TruncatedFormatterBase<OpenAIChatMessage> {
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  private readonly toolFormatter: DeepSeekChatFormatter;

  constructor(options: DeepSeekMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
    this.toolFormatter = new DeepSeekChatFormatter({ saveBase64Data: this.saveBase64Data });
  }

  /** The leading system message, as AgentScope formats it: its text blocks. */
  protected override async formatSystemMessage(msg: Msg): Promise<OpenAIChatMessage> {
    return { ...systemTextMessage(msg) };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<OpenAIChatMessage[]> {
    return this.toolFormatter.format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OpenAIChatMessage[]> {
    const text = historyText(msgs, isFirst ? this.conversationHistoryPrompt : "");
    return text ? [{ role: "user", content: text }] : [];
  }
}
