import { ValidationError } from "../errors/validation-error.js";
import type { Msg } from "../message/msg.js";

/**
 * Where the messages of a `format` call come from, so a chat formatter can format only what was
 * appended since its previous call with the same history and reuse the rest of its previous output
 * (`FormatOptions.history`). Build it with `readMemoryHistory`, which reads the memory and proves
 * the append-only case; a formatter that cannot reuse (multi-agent ones) ignores it.
 */
export interface FormatHistory {
  /** What the history is read from, compared by identity (the memory). */
  readonly source: object;
  /**
   * Where the history starts in the call's messages. The messages before it (the system prompt)
   * are compared by value with the previous call's; the history runs to the end.
   */
  readonly start: number;
  /**
   * Equal in two calls with the same `source` only when, between them, the history did nothing
   * but grow at the end (e.g. the memory's `editVersion` and the `getMemory` options).
   */
  readonly epoch: string | number;
}

/** What is kept of one call, per source: enough to check and extend it with the next. */
interface Entry<T> {
  epoch: string | number;
  start: number;
  /** The head (messages before `start`) by value: role, name, content (arrays as JSON). */
  head: unknown[];
  /** Per history message, role, name, content and content length: a check for in-place edits. */
  shapes: unknown[];
  /** How many of `shapes` belong to this entry (later entries may extend the same array). */
  shapeCount: number;
  /** The formatted messages; `outCount` of them belong to this entry, as with `shapes`. */
  out: T[];
  outCount: number;
}

const SHAPE = 4;

function contentKey(msg: Msg): unknown {
  return typeof msg.content === "string" ? msg.content : JSON.stringify(msg.content);
}

function headOf(msgs: readonly Msg[], start: number): unknown[] {
  const head: unknown[] = [];
  for (let i = 0; i < start; i++) {
    const msg = msgs[i] as Msg;
    head.push(msg.role, msg.name, contentKey(msg));
  }
  return head;
}

function sameHead(head: unknown[], msgs: readonly Msg[], start: number): boolean {
  for (let i = 0, j = 0; i < start; i++, j += 3) {
    const msg = msgs[i] as Msg;
    if (head[j] !== msg.role || head[j + 1] !== msg.name) return false;
    if (head[j + 2] !== contentKey(msg)) return false;
  }
  return true;
}

// Appends the shapes of msgs[from..] to `shapes` (from = the first message not yet in it).
function pushShapes(shapes: unknown[], msgs: readonly Msg[], from: number): void {
  for (let i = from; i < msgs.length; i++) {
    const msg = msgs[i] as Msg;
    const content = msg.content;
    shapes.push(msg.role, msg.name, content, typeof content === "string" ? -1 : content.length);
  }
}

// Whether the history messages of the previous call still look as they were formatted.
function sameShapes<T>(entry: Entry<T>, msgs: readonly Msg[], start: number): boolean {
  const { shapes, shapeCount } = entry;
  for (let i = 0, j = 0; i < shapeCount; i++, j += SHAPE) {
    const msg = msgs[start + i] as Msg;
    const content = msg.content;
    if (shapes[j + 2] !== content || shapes[j] !== msg.role || shapes[j + 1] !== msg.name) {
      return false;
    }
    if (typeof content !== "string" && shapes[j + 3] !== content.length) return false;
  }
  return true;
}

/** Throws a `ValidationError` naming the field unless `history` is a usable {@link FormatHistory}. */
export function checkFormatHistory(history: FormatHistory, count: number): void {
  const issues = [];
  if (history === null || typeof history !== "object") {
    issues.push({ path: "history", message: "expected { source, start, epoch }" });
  } else {
    if (history.source === null || typeof history.source !== "object") {
      issues.push({ path: "history.source", message: "expected an object (the memory)" });
    }
    const { start } = history;
    if (!Number.isInteger(start) || start < 0 || start > count) {
      issues.push({
        path: "history.start",
        message: `expected an integer from 0 to ${count} (the number of messages), received ${String(start)}`,
      });
    }
    if (typeof history.epoch !== "string" && typeof history.epoch !== "number") {
      issues.push({ path: "history.epoch", message: "expected a string or a number" });
    }
  }
  if (issues.length > 0) {
    throw new ValidationError("format options", issues, {
      hint: "Build the history with readMemoryHistory(memory, options, start), or leave it out.",
    });
  }
}

/**
 * A formatter's previous output per history source (weakly held), and the proof that a new call
 * continues it: same epoch and start, the head equal by value, at least as many messages, and each
 * earlier history message with the same role, name and content (by identity; arrays also by
 * length). Messages changed inside their content blocks in place are not detected (see
 * `readMemoryHistory`).
 */
export class FormattedHistoryCache<T> {
  #entries = new WeakMap<object, Entry<T>>();

  /**
   * Formats `msgs` through `formatFrom(list, from)` (`list` a fresh copy of `msgs`; `from` 0
   * formats everything), with `from` past the messages of the previous call of this history when
   * it continues, whose output is then reused. Returns a fresh array.
   */
  async format(
    msgs: readonly Msg[],
    history: FormatHistory,
    formatFrom: (list: Msg[], from: number) => Promise<T[]>,
  ): Promise<T[]> {
    const { source, start, epoch } = history;
    const prev = this.#entries.get(source);
    const historyCount = msgs.length - start;
    const continues =
      prev !== undefined &&
      prev.epoch === epoch &&
      prev.start === start &&
      prev.shapeCount <= historyCount &&
      sameHead(prev.head, msgs, start) &&
      sameShapes(prev, msgs, start);
    // Shapes are taken before formatting: a message changed while the formatter awaited is then
    // seen by the next call.
    if (!continues) {
      const shapes: unknown[] = [];
      pushShapes(shapes, msgs, start);
      const head = headOf(msgs, start);
      const out = await formatFrom(msgs.slice(), 0);
      const outCount = out.length;
      const shapeCount = historyCount;
      this.#entries.set(source, { epoch, start, head, shapes, shapeCount, out, outCount });
      return out.slice();
    }
    const from = start + prev.shapeCount;
    const added: unknown[] = [];
    pushShapes(added, msgs, from);
    const tail = await formatFrom(msgs.slice(), from);
    // Extend the previous arrays when no other call did (they are append-only), else copy them.
    const shapes =
      prev.shapes.length === prev.shapeCount * SHAPE
        ? prev.shapes
        : prev.shapes.slice(0, prev.shapeCount * SHAPE);
    for (const item of added) shapes.push(item);
    const out = prev.out.length === prev.outCount ? prev.out : prev.out.slice(0, prev.outCount);
    for (const item of tail) out.push(item);
    this.#entries.set(source, {
      epoch,
      start,
      head: prev.head,
      shapes,
      shapeCount: historyCount,
      out,
      outCount: out.length,
    });
    return out.slice();
  }
}
