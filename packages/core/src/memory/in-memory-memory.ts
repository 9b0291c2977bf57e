import { ValidationError } from "../errors/validation-error.js";
import { Msg, type MsgDict } from "../message/msg.js";
import { msgFromJsonCopy } from "../message/msg-from-json-copy.js";
import {
  isHandedOverState,
  isOwnedLoad,
  type StateDict,
  stateErrorFrom,
} from "../state/state-module.js";
import { copyJsonValueAt } from "../utils/json-copy.js";
import { isPlainObject } from "../utils/json-value.js";
import { copyPlainTree } from "../utils/tree-copy.js";
import {
  describeValue,
  memoryMessagesArgument,
  optionalMarkArgument,
  stringListArgument,
} from "./memory-arguments.js";
import {
  type GetMemoryOptions,
  type MemoryAddOptions,
  MemoryBase,
  type UpdateMessagesMarkOptions,
} from "./memory-base.js";

/** One stored message and its marks, as AgentScope's `InMemoryMemory` keeps them. */
export type MemoryEntry = [msg: Msg, marks: string[]];

/** The saved form of one {@link MemoryEntry}: `[msg.toDict(), marks]`. */
export type MemoryEntryDict = [msg: MsgDict, marks: string[]];

// Plain-tree copy (strings shared) rather than `structuredClone`: the agent adds several messages
// per step, and a structured clone of even a small message is the bulk of `add` (issue 19).
function cloneJson<T>(value: T): T {
  try {
    return copyPlainTree(value);
  } catch {
    return value;
  }
}

/** A copy of `msg` that shares no content or metadata objects with it. */
function copyMsg(msg: Msg): Msg {
  return new Msg({
    id: msg.id,
    name: msg.name,
    role: msg.role,
    content: cloneJson(msg.content),
    metadata: cloneJson(msg.metadata),
    timestamp: msg.timestamp,
    invocationId: msg.invocationId,
  });
}

// `item` is a plain-JSON copy owned by the load, so the message may keep its objects:
// `fromStoredDict` checks it without copying it again, and a dict that fails the quick check gets
// `fromDict`'s ValidationError naming the field.
// With `owned` (the item is the load's to keep), the pair and its marks are kept, not copied.
function entryFromJson(item: unknown, index: number, owned = false): MemoryEntry {
  const toMsg = (data: unknown, path: string): Msg => {
    try {
      return Msg.fromStoredDict(data);
    } catch (error) {
      if (error instanceof ValidationError) {
        throw new ValidationError(
          "InMemoryMemory state",
          error.issues.map((i) => ({
            path: i.path ? `${path}.${i.path}` : path,
            message: i.message,
          })),
        );
      }
      throw error;
    }
  };
  if (Array.isArray(item) && item.length === 2) {
    if (!Array.isArray(item[1])) {
      throw new ValidationError("InMemoryMemory state", [
        {
          path: `content[${index}][1]`,
          message: `expected a list of marks, received ${describeValue(item[1])}`,
        },
      ]);
    }
    const given: unknown[] = item[1];
    if (owned && given.every((m) => typeof m === "string")) {
      // The pair itself becomes the entry (one array less per message).
      item[0] = toMsg(item[0], `content[${index}][0]`);
      return item as MemoryEntry;
    }
    const marks = stringListArgument(given, `content[${index}][1]`, false, "InMemoryMemory state");
    return [toMsg(item[0], `content[${index}][0]`), marks];
  }
  // A bare message dict: the format of AgentScope versions before marks existed.
  if (isPlainObject(item)) return [toMsg(item, `content[${index}]`), []];
  throw new ValidationError("InMemoryMemory state", [
    {
      path: `content[${index}]`,
      message: `expected [message dict, marks] or a message dict, received ${describeValue(item)}`,
    },
  ]);
}

// The usual entry, `[message dict, marks]`, read from the caller's state in one walk (the message
// gets copies of the dict's objects); `undefined` sends it the long way (copy, then check).
function entryFromCallerJson(item: unknown): MemoryEntry | undefined {
  try {
    if (!Array.isArray(item) || item.length !== 2) return undefined;
    const given: unknown = item[1];
    if (!Array.isArray(given)) return undefined;
    const count = given.length;
    const marks: string[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const mark: unknown = given[i];
      if (typeof mark !== "string") return undefined;
      marks[i] = mark;
    }
    const msg = msgFromJsonCopy(item[0]);
    return msg && [msg, marks];
  } catch {
    return undefined;
  }
}

// The saved `content` as the caller gave it (registered `rawJson`: `StateModule` did not copy it).
// Each entry takes the one-walk read, or else is copied (`copyJsonValue`'s error if it is not
// JSON) and checked as a whole, with the same errors as a load of the copied state.
function entriesFromJson(json: unknown): MemoryEntry[] {
  if (isOwnedLoad() && Array.isArray(json)) return entriesFromOwnedJson(json);
  const copied = (): MemoryEntry[] => {
    const copy = copyJsonValueAt(json, "");
    if (!Array.isArray(copy)) {
      throw new ValidationError("InMemoryMemory state", [
        { path: "content", message: `expected array, received ${describeValue(copy)}` },
      ]);
    }
    return copy.map((item, i) => entryFromJson(item, i));
  };
  if (!Array.isArray(json)) return copied();
  let length: number;
  try {
    length = json.length;
  } catch {
    return copied();
  }
  const out: MemoryEntry[] = new Array(length);
  for (let i = 0; i < length; i++) {
    let item: unknown;
    try {
      item = json[i];
    } catch {
      return copied();
    }
    out[i] = entryFromCallerJson(item) ?? entryFromJson(copyJsonValueAt(item, `[${i}]`), i);
  }
  return out;
}

// A handed-over `content` (parsed by a session store, held by nobody else): each entry is checked
// and its message built from the parsed objects, none copied; each `[dict, marks]` pair becomes an
// entry, in a new list. A bad entry throws before anything reaches the memory.
function entriesFromOwnedJson(json: unknown[]): MemoryEntry[] {
  const length = json.length;
  const out: MemoryEntry[] = new Array(length);
  for (let i = 0; i < length; i++) out[i] = entryFromJson(json[i], i, true);
  return out;
}

/**
 * A working memory that keeps messages and their marks in a list: AgentScope's `InMemoryMemory`.
 * Its state (`{"_compressed_summary": "...", "content": [[msg dict, [marks]], ...]}`) is exactly
 * what AgentScope Python saves, so sessions move between the two. Messages are copied when added;
 * `getMemory` returns the stored messages themselves.
 */
export class InMemoryMemory extends MemoryBase {
  #content: MemoryEntry[] = [];
  /**
   * How many stored messages have each id, for the duplicate check on add; `null` after the
   * messages were replaced (a load), until something needs it (≈ 30–90 ms per 100k messages that
   * a load which is only read never pays; the first add or delete after it does).
   */
  #idIndex: Map<string, number> | null = new Map();
  #version = 0;
  #editVersion = 0;

  constructor() {
    super();
    this.registerState(
      "content",
      (content: MemoryEntry[]): MemoryEntryDict[] =>
        content.map(([msg, marks]) => [msg.toDict(), [...marks]]),
      entriesFromJson,
      { rawJson: true },
    );
  }

  /** Bumped by every mutation path of this memory (see {@link MemoryBase.version}). */
  override get version(): number {
    return this.#version;
  }

  /** Bumped by every mutation path but `add` (see {@link MemoryBase.editVersion}). */
  override get editVersion(): number {
    return this.#editVersion;
  }

  protected override onMutation(): void {
    this.#edited();
  }

  // A mutation other than appending: both counters move.
  #edited(): void {
    this.#version++;
    this.#editVersion++;
  }

  /**
   * The stored messages with their marks, oldest first. Assigning replaces them all (and counts as
   * an edit: `memory.content = [...memory.content]` tells formatters that messages were changed in
   * place); changing the returned array in place is not seen by {@link InMemoryMemory.version}.
   */
  get content(): MemoryEntry[] {
    return this.#content;
  }

  set content(entries: MemoryEntry[]) {
    this.#content = entries;
    this.#reindex();
    this.#edited();
  }

  #reindex(): void {
    this.#idIndex = null;
  }

  get #idCounts(): Map<string, number> {
    if (this.#idIndex !== null) return this.#idIndex;
    const index = new Map<string, number>();
    const content = this.#content;
    for (let i = 0; i < content.length; i++) {
      const id = (content[i] as MemoryEntry)[0].id;
      index.set(id, (index.get(id) ?? 0) + 1);
    }
    this.#idIndex = index;
    return index;
  }

  #countId(id: string, delta: number): void {
    const next = (this.#idCounts.get(id) ?? 0) + delta;
    if (next > 0) this.#idCounts.set(id, next);
    else this.#idCounts.delete(id);
  }

  #keep(predicate: (entry: MemoryEntry) => boolean): number {
    // Most calls (the agent drops its hint messages every step) remove nothing: keep the list.
    if (this.#content.every(predicate)) return 0;
    const before = this.#content.length;
    const kept: MemoryEntry[] = [];
    for (const entry of this.#content) {
      if (predicate(entry)) kept.push(entry);
      else this.#countId(entry[0].id, -1);
    }
    this.#content = kept;
    this.#edited();
    return before - kept.length;
  }

  override async getMemory(options: GetMemoryOptions = {}): Promise<Msg[]> {
    const mark = optionalMarkArgument(options.mark, "mark");
    const excludeMark = optionalMarkArgument(options.excludeMark, "excludeMark");
    const out: Msg[] = [];
    if ((options.prependSummary ?? true) && this.compressedSummary) {
      out.push(new Msg("user", this.compressedSummary, "user"));
    }
    // Indexed, not `for (const [msg, marks] of ...)`: destructuring each entry through the
    // iterator protocol allocated ≈ 190 bytes per stored message on every read (issue 35).
    const content = this.#content;
    for (let i = 0; i < content.length; i++) {
      const entry = content[i] as MemoryEntry;
      const marks = entry[1];
      if (mark !== null && !marks.includes(mark)) continue;
      if (excludeMark !== null && marks.includes(excludeMark)) continue;
      out.push(entry[0]);
    }
    return out;
  }

  override async add(
    memories: Msg | Msg[] | null | undefined,
    options: MemoryAddOptions = {},
  ): Promise<void> {
    if (memories === null || memories === undefined) return;
    if (memories instanceof Msg && options.marks == null) {
      // One unmarked message (what the agent adds on every step): no argument lists to build.
      if (!options.allowDuplicates && this.#idCounts.has(memories.id)) return;
      this.#content.push([copyMsg(memories), []]);
      this.#countId(memories.id, 1);
      this.#version++;
      return;
    }
    const list = memoryMessagesArgument(memories);
    const marks = stringListArgument(options.marks, "marks", true);
    // As in AgentScope, duplicates are checked against the messages stored before this call.
    const toAdd = options.allowDuplicates ? list : list.filter((m) => !this.#idCounts.has(m.id));
    for (const msg of toAdd) {
      this.#content.push([copyMsg(msg), [...marks]]);
      this.#countId(msg.id, 1);
    }
    if (toAdd.length > 0) this.#version++;
  }

  override async delete(msgIds: string[]): Promise<number> {
    const ids = new Set(stringListArgument(msgIds, "msgIds", false, "message ids"));
    return this.#keep(([msg]) => !ids.has(msg.id));
  }

  override async deleteByMark(mark: string | string[]): Promise<number> {
    const marks = stringListArgument(mark, "mark", false);
    // Nothing is marked (the agent drops its hints on every step, usually none): nothing to scan.
    if (this.#content.every((entry) => entry[1].length === 0)) return 0;
    return this.#keep(([, own]) => !own.some((m) => marks.includes(m)));
  }

  override async clear(): Promise<void> {
    this.#content = [];
    this.#idCounts.clear();
    this.#edited();
  }

  override async size(): Promise<number> {
    return this.#content.length;
  }

  override async updateMessagesMark(options: UpdateMessagesMarkOptions): Promise<number> {
    const newMark = optionalMarkArgument(options.newMark, "newMark");
    const oldMark = optionalMarkArgument(options.oldMark, "oldMark");
    const ids =
      options.msgIds === undefined || options.msgIds === null
        ? null
        : new Set(stringListArgument(options.msgIds, "msgIds", false, "message ids"));
    let updated = 0;
    let changed = false;
    for (const [msg, marks] of this.#content) {
      if (ids !== null && !ids.has(msg.id)) continue;
      if (oldMark !== null && !marks.includes(oldMark)) continue;
      if (newMark === null) {
        const at = oldMark === null ? -1 : marks.indexOf(oldMark);
        if (at >= 0) {
          marks.splice(at, 1);
          updated++;
          changed = true;
        }
        continue;
      }
      if (oldMark !== null) {
        const at = marks.indexOf(oldMark);
        if (at >= 0) {
          marks.splice(at, 1);
          changed = true;
        }
      }
      if (!marks.includes(newMark)) {
        marks.push(newMark);
        updated++;
        changed = true;
      }
    }
    if (changed) this.#edited();
    return updated;
  }

  /**
   * Loads a state saved by {@link InMemoryMemory.stateDict} or by AgentScope Python. As there, a
   * missing `_compressed_summary` means no summary (older saves lack it), and bare message dicts in
   * `content` are read as unmarked messages.
   */
  override loadStateDict(state: StateDict, strict = true): void {
    let filled: unknown = state;
    try {
      if (isPlainObject(state)) {
        // A handed-over state is the load's own: filled in place, so the load still knows it.
        const copy: StateDict = isHandedOverState(state) ? state : { ...state };
        copy._compressed_summary ??= "";
        if (!strict && !("content" in copy)) copy.content = [];
        filled = copy;
      }
    } catch (error) {
      throw stateErrorFrom(error, this);
    }
    super.loadStateDict(filled as StateDict, strict);
  }
}
