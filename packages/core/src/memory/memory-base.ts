import { AgentScopeError } from "../errors/agentscope-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";

/** Options of {@link MemoryBase.add}. */
export interface MemoryAddOptions {
  /** The mark(s) to attach to every added message; none by default. */
  marks?: string | string[] | null;
  /** Whether to add messages whose id is already stored (AgentScope's `allow_duplicates`). Defaults to `false`. */
  allowDuplicates?: boolean;
}

/** Options of {@link MemoryBase.getMemory}. */
export interface GetMemoryOptions {
  /** Only messages carrying this mark; all messages when omitted. */
  mark?: string | null;
  /** Leave out messages carrying this mark. Combined with `mark` when both are given. */
  excludeMark?: string | null;
  /** Put the compressed summary (when there is one) first, as a user message. Defaults to `true`. */
  prependSummary?: boolean;
}

/** Options of {@link MemoryBase.updateMessagesMark}. */
export interface UpdateMessagesMarkOptions {
  /** The mark to set; `null` removes `oldMark` instead. */
  newMark: string | null;
  /** Only messages carrying this mark, which is replaced by `newMark`; no constraint when omitted. */
  oldMark?: string | null;
  /** Only messages with these ids; no constraint when omitted. */
  msgIds?: string[] | null;
}

/**
 * The base class of working memories (the dialogue history of an agent): AgentScope's
 * `MemoryBase`. Messages can carry marks (e.g. `"hint"`, `"compressed"`) to be filtered, updated or
 * deleted by; a compressed summary of older messages, when set, is prepended by `getMemory`.
 * The summary is saved in the state under `_compressed_summary`, as AgentScope saves it.
 */
export abstract class MemoryBase extends StateModule {
  #compressedSummary = "";

  constructor() {
    super();
    this.registerState("_compressed_summary", undefined, (json) => {
      if (json === null || json === undefined) return "";
      if (typeof json !== "string") {
        throw new StateError(
          `Expected '_compressed_summary' to be a string, received ${Array.isArray(json) ? "an array" : typeof json}.`,
        );
      }
      return json;
    });
  }

  /**
   * A counter that changes with every mutation made through this memory's own methods (adding,
   * deleting, clearing, marking, replacing the summary or the content, loading a state), so a
   * caller can tell the stored history is unchanged without comparing messages; `null` when this
   * memory does not track it (the default: a shared backend can change behind this object).
   * Mutating a message returned by `getMemory` in place is not tracked.
   */
  get version(): number | null {
    return null;
  }

  /**
   * A counter that changes with every mutation other than adding messages at the end (deleting,
   * clearing, marking, replacing the summary or the content, loading a state); `null` when not
   * tracked (the default). While it stays the same, messages were only appended, so an earlier
   * `getMemory` result is a prefix of a later one with the same options: what lets a formatter
   * format only the new messages (see `readMemoryHistory`). Changes whenever it does not hold.
   */
  get editVersion(): number | null {
    return null;
  }

  /** The compressed summary of older messages; `""` when there is none. */
  get compressedSummary(): string {
    return this.#compressedSummary;
  }

  /** The state attribute behind {@link MemoryBase.compressedSummary}, named as AgentScope saves it. */
  protected get _compressed_summary(): string {
    return this.#compressedSummary;
  }

  protected set _compressed_summary(value: string) {
    this.#compressedSummary = value;
    this.onMutation();
  }

  /**
   * Called after every change of the compressed summary; memories tracking `version` and
   * `editVersion` bump both.
   */
  protected onMutation(): void {}

  /** Replaces the compressed summary; `""` removes it. */
  async updateCompressedSummary(summary: string): Promise<void> {
    if (typeof summary !== "string") {
      throw new ValidationError(
        "compressed summary",
        [{ path: "summary", message: `expected string, received ${typeof summary}` }],
        { hint: 'Pass "" to remove the summary.' },
      );
    }
    this.#compressedSummary = summary;
    this.onMutation();
  }

  /** Adds message(s) with the given mark(s); `null` adds nothing. */
  abstract add(memories: Msg | Msg[] | null | undefined, options?: MemoryAddOptions): Promise<void>;

  /** Removes the messages with these ids; returns how many were removed. */
  abstract delete(msgIds: string[]): Promise<number>;

  /** Removes the messages carrying any of the given marks; returns how many were removed. */
  async deleteByMark(mark: string | string[]): Promise<number> {
    void mark;
    throw new AgentScopeError(
      `The deleteByMark method is not implemented in ${this.constructor.name}.`,
    );
  }

  /** The number of stored messages (the compressed summary not counted). */
  abstract size(): Promise<number>;

  /** Removes every stored message. */
  abstract clear(): Promise<void>;

  /** The stored messages, filtered by mark, with the compressed summary first when there is one. */
  abstract getMemory(options?: GetMemoryOptions): Promise<Msg[]>;

  /**
   * Adds, replaces or removes a mark on messages (all of them, or those with `msgIds` and/or
   * `oldMark`). Returns the number of messages changed.
   */
  async updateMessagesMark(options: UpdateMessagesMarkOptions): Promise<number> {
    void options;
    throw new AgentScopeError(
      `The updateMessagesMark method is not implemented in ${this.constructor.name}.`,
    );
  }
}
