import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  type Msg,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import { LlamaCppChatFormatter } from "./llama-cpp-chat-formatter.js";
import type { LlamaCppMessage } from "./llama-cpp-message.js";

/** Options of {@link LlamaCppMultiAgentFormatter}. */
export interface LlamaCppMultiAgentFormatterOptions extends TruncatedFormatterBaseOptions {
  /** The prompt put before the first `<history>` block. */
  conversationHistoryPrompt?: string;
}

/**
 * The formatter for conversations between several agents on a local llama.cpp model (the
 * counterpart of AgentScope's `OllamaMultiAgentFormatter`): runs of agent messages become one
 * user message holding `name: text` lines inside `<history></history>` (the first one preceded
 * by `conversationHistoryPrompt`), tool calls and results keep the tool format of
 * {@link LlamaCppChatFormatter}, and a leading system message stays a system message.
 */
export class LlamaCppMultiAgentFormatter extends TruncatedFormatterBase<LlamaCppMessage> {
  /** Whether the formatter sends tools through the model's tool API (it does). */
  readonly supportToolsApi = true;
  /** Whether the formatter is meant for several agents (it is). */
  readonly supportMultiagent = true;
  /** Whether images reach the model (they do not). */
  readonly supportVision = false;
  /** The prompt put before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;

  constructor(options: LlamaCppMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
  }

  protected override async formatSystemMessage(msg: Msg): Promise<LlamaCppMessage> {
    return { role: "system", content: msg.getTextContent() ?? "" };
  }

  protected override async formatToolSequence(msgs: Msg[]): Promise<LlamaCppMessage[]> {
    return new LlamaCppChatFormatter({ saveBase64Data: this.saveBase64Data }).format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<LlamaCppMessage[]> {
    const lines: string[] = [];
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks("text")) lines.push(`${msg.name}: ${block.text}`);
    }
    if (lines.length === 0) return [];
    const prompt = isFirst ? this.conversationHistoryPrompt : "";
    return [{ role: "user", content: `${prompt}<history>\n${lines.join("\n")}\n</history>` }];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT };
