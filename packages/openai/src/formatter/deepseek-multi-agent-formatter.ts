import {
  type Msg,
  MultiAgentFormatterBase,
  systemTextMessage,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import { DeepSeekChatFormatter } from "./deepseek-chat-formatter.js";
import { historyText } from "./history-text.js";
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
export class DeepSeekMultiAgentFormatter extends MultiAgentFormatterBase<OpenAIChatMessage> {
  constructor(options: DeepSeekMultiAgentFormatterOptions = {}) {
    super(options);
  }

  /** The leading system message, as AgentScope formats it: its text blocks. */
  protected override async formatSystemMessage(msg: Msg): Promise<OpenAIChatMessage> {
    return { ...systemTextMessage(msg) };
  }

  protected createToolFormatter(): DeepSeekChatFormatter {
    return new DeepSeekChatFormatter({ saveBase64Data: this.saveBase64Data });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OpenAIChatMessage[]> {
    const text = historyText(msgs, this.historyPrompt(isFirst));
    return text ? [{ role: "user", content: text }] : [];
  }
}
