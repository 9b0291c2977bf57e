import { AgentScopeError } from "../errors/agentscope-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Msg } from "../message/msg.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import { type FormatOptions, FormatterBase, type FormatterBaseOptions } from "./formatter-base.js";
import { groupMessages } from "./message-groups.js";
import { dropOldestPlan, type TruncationPlan } from "./truncation-plan.js";

/** Options of {@link TruncatedFormatterBase} (AgentScope's `token_counter`, `max_tokens`). */
export interface TruncatedFormatterBaseOptions<TMessage extends object = object>
  extends FormatterBaseOptions {
  /**
   * Counts the tokens of formatted messages; without it nothing is truncated. It reads this
   * formatter's messages (`TokenCounter<TMessage>`, or a `TokenCounter<object>` that reads any).
   */
  tokenCounter?: TokenCounter<TMessage> | null;
  /** The most tokens the formatted messages may take; without it nothing is truncated. */
  maxTokens?: number | null;
}

/** Formatted messages of one truncation step and the tokens they take. */
interface Attempt<TMessage> {
  formatted: TMessage[];
  tokens: number;
}

/**
 * AgentScope's `TruncatedFormatterBase`: formats messages and, given a `tokenCounter` and
 * `maxTokens`, drops the oldest messages until the formatted request fits. The leading system
 * message is always kept and a tool_use is dropped only together with its tool_result.
 *
 * The result equals AgentScope's drop-one-and-recount loop (for a counter that never counts more
 * tokens for fewer messages), but the candidate cut points are searched (doubling, then bisection)
 * instead of tried one by one, so the counter runs O(log n) times, not O(n).
 *
 * Subclasses either override {@link formatMessages} (chat formatters) or keep it and implement
 * {@link formatToolSequence}, {@link formatAgentMessage} (multi-agent formatters, whose agent
 * messages become `<history>` user messages) and {@link formatSystemMessage}.
 */
export abstract class TruncatedFormatterBase<
  TMessage extends object = Record<string, unknown>,
> extends FormatterBase<TMessage> {
  /** Counts tokens of formatted messages; `null` disables truncation. */
  readonly tokenCounter: TokenCounter<TMessage> | null;
  /** The token budget; `null` disables truncation. */
  readonly maxTokens: number | null;

  constructor(options: TruncatedFormatterBaseOptions<TMessage> = {}) {
    super(options);
    const { tokenCounter, maxTokens } = options;
    if (tokenCounter != null && typeof tokenCounter.count !== "function") {
      throw new ValidationError(
        "formatter options",
        [
          {
            path: "tokenCounter",
            message: "expected an object with a count(messages, tools?) method",
          },
        ],
        { hint: "Pass a TokenCounter, e.g. a CharTokenCounter or a provider's token counter." },
      );
    }
    if (maxTokens != null && !(typeof maxTokens === "number" && maxTokens > 0)) {
      throw new ValidationError(
        "formatter options",
        [{ path: "maxTokens", message: `must be greater than 0, received ${String(maxTokens)}` }],
        { hint: "Pass a positive token budget, or leave maxTokens out to disable truncation." },
      );
    }
    this.tokenCounter = tokenCounter ?? null;
    this.maxTokens = maxTokens ?? null;
  }

  /**
   * Formats `msgs`; when both `tokenCounter` and `maxTokens` are set and the result is over budget,
   * returns the formatting of the longest drop-oldest truncation that fits (see the class doc).
   * `tools` are passed to the counter. Throws a `TruncationError` when nothing fits.
   */
  async format(msgs: readonly Msg[], options: FormatOptions = {}): Promise<TMessage[]> {
    FormatterBase.assertListOfMsgs(msgs);
    const counter = this.tokenCounter;
    const maxTokens = this.maxTokens;
    if (counter === null || maxTokens === null) return this.formatMessages([...msgs]);

    const attempt = async (list: Msg[]): Promise<Attempt<TMessage>> => {
      const formatted = await this.formatMessages(list);
      const tokens = await counter.count(formatted, options.tools);
      return { formatted, tokens };
    };

    const whole = await attempt([...msgs]);
    if (whole.tokens <= maxTokens) return whole.formatted;

    const plan = this.planTruncation(msgs);
    // Step 0 does not fit. Double the step until one fits (or the plan ends), then bisect.
    let lo = 0;
    let loTokens = whole.tokens;
    let hi = -1;
    let best: TMessage[] = whole.formatted;
    for (let probe = 1; hi < 0; probe *= 2) {
      const step = Math.min(probe, plan.steps);
      if (step <= lo) throw plan.exhausted(loTokens, maxTokens);
      const result = await attempt(plan.messagesAt(step));
      if (result.tokens <= maxTokens) {
        hi = step;
        best = result.formatted;
      } else {
        lo = step;
        loTokens = result.tokens;
      }
    }
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      const result = await attempt(plan.messagesAt(mid));
      if (result.tokens <= maxTokens) {
        hi = mid;
        best = result.formatted;
      } else {
        lo = mid;
      }
    }
    return best;
  }

  /**
   * The truncation strategy: the candidate message lists, from all of `msgs` to the most that may
   * be dropped. Defaults to AgentScope's ({@link dropOldestPlan}); override it for another one
   * (AgentScope's `_truncate` hook). Later steps must not count more tokens than earlier ones.
   */
  protected planTruncation(msgs: readonly Msg[]): TruncationPlan {
    return dropOldestPlan(msgs);
  }

  /**
   * AgentScope's `_format`: formats a (possibly truncated) message list. The default formats a
   * leading system message with {@link formatSystemMessage}, groups the rest into tool sequences
   * and agent-message runs ({@link groupMessages}) and formats each group with
   * {@link formatToolSequence} or {@link formatAgentMessage} (`isFirst` is true for the first
   * agent-message group only). Chat formatters override this. `msgs` is a fresh array the
   * override may change.
   */
  protected async formatMessages(msgs: Msg[]): Promise<TMessage[]> {
    const out: TMessage[] = [];
    let start = 0;
    const first = msgs[0];
    if (first && first.role === "system") {
      out.push(await this.formatSystemMessage(first));
      start = 1;
    }
    let isFirst = true;
    for (const group of groupMessages(msgs.slice(start))) {
      if (group.type === "tool_sequence") {
        out.push(...(await this.formatToolSequence(group.msgs)));
      } else {
        out.push(...(await this.formatAgentMessage(group.msgs, isFirst)));
        isFirst = false;
      }
    }
    return out;
  }

  /**
   * Formats the leading system message (multi-agent formatters implement this; a formatter whose
   * messages take AgentScope's `{ role: "system", content: <text blocks> }` returns
   * `systemTextMessage(msg)`).
   */
  protected async formatSystemMessage(_msg: Msg): Promise<TMessage> {
    throw this.missingHook("formatSystemMessage");
  }

  /** Formats a run of tool-call/tool-result messages (multi-agent formatters implement this). */
  protected async formatToolSequence(_msgs: Msg[]): Promise<TMessage[]> {
    throw this.missingHook("formatToolSequence");
  }

  /**
   * Formats a run of messages without tool calls; `isFirst` tells whether this is the first such
   * run (multi-agent formatters put their conversation-history prompt there only).
   */
  protected async formatAgentMessage(_msgs: Msg[], _isFirst: boolean): Promise<TMessage[]> {
    throw this.missingHook("formatAgentMessage");
  }

  private missingHook(name: string): AgentScopeError {
    return new AgentScopeError(
      `${this.constructor.name}.${name} is not implemented: a formatter that keeps the default formatMessages must implement formatToolSequence, formatAgentMessage and (for a leading system message) formatSystemMessage.`,
    );
  }
}
