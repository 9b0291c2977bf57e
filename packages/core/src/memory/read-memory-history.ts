import type { FormatHistory } from "../formatter/format-history.js";
import type { Msg } from "../message/msg.js";
import type { GetMemoryOptions, MemoryBase } from "./memory-base.js";

/** What {@link readMemoryHistory} returns. */
export interface MemoryHistory {
  /** `memory.getMemory(options)`. */
  msgs: Msg[];
  /**
   * The {@link FormatHistory} of `msgs` placed at `start` in a `format` call, or `undefined` when
   * the memory does not track `editVersion` or was edited while it was read.
   */
  history: FormatHistory | undefined;
}

/**
 * Reads `memory.getMemory(options)` together with the `FormatOptions.history` that lets a chat
 * formatter format only the messages appended since its previous call: pass `msgs` at index
 * `start` of the formatted list (after `start` messages such as the system prompt) and `history`
 * as the format option. The proof is the memory's `editVersion`, unchanged while the read ran.
 *
 * What is detected: every change made through the memory's methods (`add` only appends; the
 * others are edits), and a stored message whose `role`, `name` or `content` was replaced in place,
 * or whose content list changed length. What is not: a content block of a stored message changed
 * in place (`getMemory` returns the stored messages themselves): after such a change assign
 * `memory.content = [...memory.content]` (an edit) or format without `history`. Media a formatter
 * read from a local file or URL are also not read again while their message is reused.
 */
export async function readMemoryHistory(
  memory: MemoryBase,
  options: GetMemoryOptions,
  start: number,
): Promise<MemoryHistory> {
  const before = memory.editVersion;
  const msgs = await memory.getMemory(options);
  const after = memory.editVersion;
  if (before === null || before !== after) return { msgs, history: undefined };
  const { mark, excludeMark, prependSummary } = options;
  const epoch = JSON.stringify([before, mark ?? null, excludeMark ?? null, prependSummary ?? true]);
  return { msgs, history: { source: memory, start, epoch } };
}
