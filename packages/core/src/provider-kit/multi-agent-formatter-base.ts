import type { FormatterBase } from "../formatter/formatter-base.js";
import {
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "../formatter/truncated-formatter-base.js";
import type { Msg } from "../message/msg.js";
import { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./multi-agent-history.js";

/** Options of a {@link MultiAgentFormatterBase}. */
export interface MultiAgentFormatterBaseOptions<TMessage extends object = object>
  extends TruncatedFormatterBaseOptions<TMessage> {
  /** The prompt before the first `<history>` block. Default AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * The shared part of AgentScope's multi-agent formatters: the conversation-history prompt, and
 * tool calls and results formatted by the provider's chat formatter ({@link createToolFormatter},
 * built on first use). A provider adds its system message and its agent-run (`<history>`) format.
 */
export abstract class MultiAgentFormatterBase<
  TMessage extends object,
> extends TruncatedFormatterBase<TMessage> {
  /** AgentScope's class flags. */
  static readonly supportToolsApi: boolean = true;
  static readonly supportMultiagent: boolean = true;
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  #toolFormatter: FormatterBase<TMessage> | undefined;

  constructor(options: MultiAgentFormatterBaseOptions<TMessage> = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
  }

  /** The provider's chat formatter, which formats tool calls and results. */
  protected abstract createToolFormatter(): FormatterBase<TMessage>;

  /** The prompt an agent run's history starts with: the conversation prompt on the first run only. */
  protected historyPrompt(isFirst: boolean): string {
    return isFirst ? this.conversationHistoryPrompt : "";
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<TMessage[]> {
    this.#toolFormatter ??= this.createToolFormatter();
    return this.#toolFormatter.format(msgs);
  }
}
