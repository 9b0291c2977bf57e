import type { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import type { TokenCounter } from "../token/token-counter-base.js";

/** The prompt asking the model for a continuation summary (AgentScope's default text). */
export const DEFAULT_COMPRESSION_PROMPT =
  "<system-hint>You have been working on the task described above but have not yet completed it. Now write a continuation summary that will allow you to resume work efficiently in a future context window where the conversation history will be replaced with this summary. Your summary should be structured, concise, and actionable.</system-hint>";

/** How the summary is shown to the agent; `{field}` placeholders take the summary's fields. */
export const DEFAULT_SUMMARY_TEMPLATE =
  "<system-info>Here is a summary of your previous work\n# Task Overview\n{task_overview}\n\n# Current State\n{current_state}\n\n# Important Discoveries\n{important_discoveries}\n\n# Next Steps\n{next_steps}\n\n# Context to Preserve\n{context_to_preserve}</system-info>";

/**
 * When and how a ReAct agent compresses its memory (AgentScope's `ReActAgent.CompressionConfig`):
 * once the formatted uncompressed messages exceed `triggerThreshold` tokens, all but the
 * `keepRecent` latest are summarised into the memory's compressed summary and marked
 * `"compressed"`. `TMessage` is the agent's formatted message type.
 */
export interface CompressionConfig<TMessage extends object = object> {
  /** Whether automatic compression is on. */
  enable: boolean;
  /** Counts the tokens of the agent's prompt; must match the agent's model. */
  agentTokenCounter: TokenCounter<TMessage>;
  /** Compress when the prompt takes more tokens than this. */
  triggerThreshold: number;
  /** How many recent messages stay uncompressed (tool_use/tool_result pairs kept together). Default 3. */
  keepRecent?: number;
  /** The instruction appended (as a user message) to ask for the summary. */
  compressionPrompt?: string;
  /** Presents the summary to the agent; `{field}` placeholders take the summary's fields. */
  summaryTemplate?: string;
  /** The zod object schema of the summary. Default `SummarySchema` of `@agentscope-ts/core/zod`. */
  summarySchema?: z.ZodType;
  /** The model writing the summary; the agent's model by default. */
  compressionModel?: ChatModelBase<TMessage>;
  /** The formatter of `compressionModel`; the agent's formatter by default. */
  compressionFormatter?: FormatterBase<TMessage>;
}

/** The memory mark of hint messages, removed once they were sent to the model. */
export const HINT_MARK = "hint";
/** The memory mark of messages folded into the compressed summary. */
export const COMPRESSED_MARK = "compressed";

/**
 * The messages to compress: all but the `keepRecent` most recent, counting a tool_use and its
 * tool_result as kept together (AgentScope's rule, including its quirk that fewer messages than
 * `keepRecent` leaves everything to compress).
 */
export function selectMessagesToCompress(msgs: readonly Msg[], keepRecent: number): Msg[] {
  let kept = 0;
  const pending = new Set<string>();
  for (let i = msgs.length - 1; i >= 0; i--) {
    const msg = msgs[i] as Msg;
    for (const block of msg.getContentBlocks("tool_result")) pending.add(block.id);
    for (const block of msg.getContentBlocks("tool_use")) pending.delete(block.id);
    if (pending.size === 0) kept++;
    if (kept >= keepRecent) return msgs.slice(0, i);
  }
  return [...msgs];
}

/**
 * Fills a summary template like Python's `str.format(**fields)`: `{name}` takes the field's value
 * and `{{`/`}}` stand for braces. A placeholder without a field is an error naming it.
 */
export function fillSummaryTemplate(template: string, fields: Record<string, unknown>): string {
  const missing: string[] = [];
  const out = template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, key: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (key === undefined || !(key in fields)) {
      missing.push(key ?? whole);
      return whole;
    }
    const value = fields[key];
    return typeof value === "string" ? value : JSON.stringify(value);
  });
  if (missing.length > 0) {
    throw new ValidationError(
      "compression summary",
      missing.map((key) => ({ path: key, message: "used by summaryTemplate but missing" })),
      { hint: "Make summarySchema produce every field the summaryTemplate uses." },
    );
  }
  return out;
}
