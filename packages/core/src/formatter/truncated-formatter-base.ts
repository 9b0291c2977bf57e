import { AgentScopeError } from "../errors/agentscope-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Msg } from "../message/msg.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import { checkFormatHistory, type FormatHistory, FormattedHistoryCache } from "./format-history.js";
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
  /** The previous output per history source (`FormatOptions.history`); made on first use. */
  #formatted: FormattedHistoryCache<TMessage> | null = null;

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
    if (counter === null || maxTokens === null) return this.#formatAll(msgs, options.history);

    const attempt = async (list: Msg[]): Promise<Attempt<TMessage>> => {
      const formatted = await this.formatMessages(list);
      const tokens = await counter.count(formatted, options.tools);
      return { formatted, tokens };
    };

    // Only the untruncated formatting reuses earlier output; truncated candidates format anew.
    const formatted = await this.#formatAll(msgs, options.history);
    const whole = { formatted, tokens: await counter.count(formatted, options.tools) };
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

  // All of `msgs` formatted, reusing the previous output of `history` when it continues.
  #formatAll(msgs: readonly Msg[], history: FormatHistory | undefined): Promise<TMessage[]> {
    if (history === undefined) return this.formatMessages([...msgs]);
    checkFormatHistory(history, msgs.length);
    if (!formatsAppended(this)) return this.formatMessages([...msgs]);
    this.#formatted ??= new FormattedHistoryCache<TMessage>();
    return this.#formatted.format(msgs, history, (list, from) =>
      from === 0
        ? this.formatMessages(list)
        : (this.formatMessagesFrom(list, from) as Promise<TMessage[]>),
    );
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
   * Formats `msgs.slice(start)` exactly as {@link formatMessages} formats them after the first
   * `start`: `formatMessages(msgs)` must equal `formatMessages(msgs.slice(0, start))` followed by
   * `formatMessagesFrom(msgs, start)`, for every `start`. That holds when each message is
   * formatted on its own, from itself and its index (chat formatters; media a tool result promotes
   * into a following message count as that tool result's). Formatters that implement it (and
   * whose `formatMessages` is `formatMessagesFrom(msgs, 0)`) format only the appended messages
   * when `format` is given a continuing `history`. The default returns `null`: not supported
   * (multi-agent formatters merge messages). `msgs` is a fresh array the override may change
   * after `start`.
   */
  protected formatMessagesFrom(_msgs: Msg[], _start: number): Promise<TMessage[]> | null {
    return null;
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

const appendable = new WeakMap<object, boolean>();

function ownerOf(proto: object, name: string): object | null {
  let owner: object | null = proto;
  while (owner && !Object.hasOwn(owner, name)) owner = Object.getPrototypeOf(owner);
  return owner;
}

/**
 * Whether `formatter` formats appended messages on their own: its class implements
 * `formatMessagesFrom` where its `formatMessages` is defined, and overrides neither `format` nor
 * (on the instance itself) either method. Worked out once per class.
 */
function formatsAppended(formatter: TruncatedFormatterBase<object>): boolean {
  if (
    Object.hasOwn(formatter, "formatMessages") ||
    Object.hasOwn(formatter, "formatMessagesFrom")
  ) {
    return false;
  }
  const proto = Object.getPrototypeOf(formatter) as object;
  let known = appendable.get(proto);
  if (known === undefined) {
    const base = TruncatedFormatterBase.prototype;
    const from = ownerOf(proto, "formatMessagesFrom");
    known =
      from !== base &&
      from === ownerOf(proto, "formatMessages") &&
      ownerOf(proto, "format") === base;
    appendable.set(proto, known);
  }
  return known;
}
