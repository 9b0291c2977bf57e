import type { Msg } from "../message/msg.js";
import { TruncationError } from "./truncation-error.js";

/**
 * The candidate message lists a truncating formatter may send, from the whole history (step 0) to
 * the most it may drop (step `steps`). `TruncatedFormatterBase` searches them for the first that
 * fits the budget, so later steps must never take more tokens than earlier ones.
 */
export interface TruncationPlan {
  /** The number of steps; step 0 is the untruncated input. */
  readonly steps: number;
  /** The messages left after `step` steps (0 ≤ step ≤ steps), oldest first. */
  messagesAt(step: number): Msg[];
  /** The error to throw when even the last step takes `tokens` > `maxTokens`. */
  exhausted(tokens: number, maxTokens: number): Error;
}

/** A state of the drop-oldest loop: an optional kept system message and a suffix of the input. */
interface DropState {
  /** Index of the system message kept at the front, or -1. */
  head: number;
  /** Index of the first message of the remaining suffix. */
  start: number;
}

type DropEnd =
  | { kind: "system_only" }
  | { kind: "empty" }
  | { kind: "unmatched_tool_use"; ids: string[]; remaining: number };

/**
 * AgentScope's truncation strategy (`TruncatedFormatterBase._truncate`) laid out as a plan: each
 * step drops the oldest message after the leading system message, and a message with tool calls
 * is dropped together with every message up to the one that holds the last of their results. A
 * leading system message is kept; when dropping uncovers a system message at the front, it is
 * kept from then on, exactly as AgentScope's loop does. Building the plan reads each message once.
 */
export function dropOldestPlan(msgs: readonly Msg[]): TruncationPlan {
  const n = msgs.length;
  const normalize = (s: DropState): DropState =>
    s.head < 0 && s.start < n && msgs[s.start]?.role === "system"
      ? { head: s.start, start: s.start + 1 }
      : s;

  const states: DropState[] = [normalize({ head: -1, start: 0 })];
  let end: DropEnd | null = null;
  while (end === null) {
    const s = states[states.length - 1] as DropState;
    if (s.start >= n) {
      end = s.head >= 0 ? { kind: "system_only" } : { kind: "empty" };
      break;
    }
    const open = new Set<string>();
    let next = -1;
    for (let i = s.start; i < n; i++) {
      const msg = msgs[i] as Msg;
      for (const block of msg.getContentBlocks("tool_use")) open.add(block.id);
      for (const block of msg.getContentBlocks("tool_result")) open.delete(block.id);
      if (open.size === 0) {
        next = i + 1;
        break;
      }
    }
    if (next < 0) {
      end = { kind: "unmatched_tool_use", ids: [...open], remaining: n - s.start };
      break;
    }
    states.push(normalize({ head: s.head, start: next }));
  }
  const finalEnd: DropEnd = end;

  return {
    steps: states.length - 1,
    messagesAt(step: number): Msg[] {
      const s = states[step];
      if (!s) throw new RangeError(`truncation step ${step} is outside 0..${states.length - 1}`);
      const rest = msgs.slice(s.start);
      if (s.head >= 0) rest.unshift(msgs[s.head] as Msg);
      return rest;
    },
    exhausted(tokens: number, maxTokens: number): Error {
      const opts = { tokens, maxTokens };
      switch (finalEnd.kind) {
        case "system_only":
          return new TruncationError(
            `The system prompt message alone takes ${tokens} tokens, more than maxTokens (${maxTokens}), so no truncation of the history can fit it. Raise maxTokens or shorten the system prompt.`,
            opts,
          );
        case "empty":
          return new TruncationError(
            `Even with every message dropped the formatted request takes ${tokens} tokens, more than maxTokens (${maxTokens}). Raise maxTokens.`,
            opts,
          );
        case "unmatched_tool_use":
          return new TruncationError(
            `Cannot truncate the messages to maxTokens (${maxTokens}): the last ${finalEnd.remaining} message(s) start with tool call(s) ${finalEnd.ids.map((id) => JSON.stringify(id)).join(", ")} that have no tool result, and a tool call is only dropped together with its result (what is left takes ${tokens} tokens). Add the missing tool_result(s) or raise maxTokens.`,
            opts,
          );
      }
    },
  };
}
