import { ValidationError } from "../errors/validation-error.js";
import type { ChatUsage } from "../model/chat-response.js";
import { checkValue } from "../utils/checks.js";
import { copyJsonValue, describeThrown, NonJsonValueError } from "../utils/json-copy.js";
import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";
import type { BlockOf, ContentBlock, ContentBlockType } from "./content-block.js";
import { msgDictCheck } from "./msg-dict-check.js";
import { isWellFormedMsgDict } from "./stored-msg-check.js";

/** Who sent a message. */
export type MsgRole = "user" | "assistant" | "system";

/** JSON-compatible metadata attached to a message (e.g. structured output). */
export type MsgMetadata = Record<string, unknown>;

/** The options a {@link Msg} is built from. */
export interface MsgOptions {
  /** The sender's name. */
  name: string;
  /** A string, or a list of content blocks. */
  content: string | ContentBlock[];
  /** The sender's role. */
  role: MsgRole;
  /** Metadata, e.g. the structured output of a reply. Defaults to `{}`. */
  metadata?: MsgMetadata | null;
  /** `YYYY-MM-DD HH:MM:SS.mmm`; defaults to now (local time), as AgentScope does. */
  timestamp?: string | null;
  /** The id of the model API call this message came from, if any. */
  invocationId?: string | null;
  /** The message id; a new 22-character short uuid by default. */
  id?: string;
}

/** The JSON form of a message, identical to AgentScope Python's `Msg.to_dict()`. */
export interface MsgDict {
  id: string;
  name: string;
  role: MsgRole;
  content: string | ContentBlock[];
  metadata: MsgMetadata;
  timestamp: string;
}

const ROLES: readonly string[] = ["user", "assistant", "system"];

/**
 * A message between agents, users and models: AgentScope's `Msg`. Build one with an options
 * object (`new Msg({ name, content, role })`) or positionally like Python (`new Msg(name, content,
 * role)`). Its {@link Msg.toDict} output is Python's `to_dict()` JSON, so messages move between
 * AgentScope Python and AgentScope-TS unchanged.
 */
export class Msg {
  /** Unique id of the message. */
  id: string;
  /** The sender's name. */
  name: string;
  /** The sender's role. */
  role: MsgRole;
  /** A string, or a list of content blocks. */
  content: string | ContentBlock[];
  /** Metadata (e.g. structured output). */
  metadata: MsgMetadata;
  /** Creation time, `YYYY-MM-DD HH:MM:SS.mmm`. */
  timestamp: string;
  /** The id of the model API call this message came from, if any (not part of `toDict()`). */
  invocationId: string | null;
  /**
   * Runtime only (not part of `toDict()`, not saved, not copied by memories): the token usage an
   * agent summed over every model call of the reply that produced this message (ReActAgent sets
   * it on its replies). `undefined` when unknown.
   */
  usage?: ChatUsage;

  constructor(options: MsgOptions);
  constructor(
    name: string,
    content: string | ContentBlock[],
    role: MsgRole,
    options?: Omit<MsgOptions, "name" | "content" | "role">,
  );
  constructor(
    nameOrOptions: string | MsgOptions,
    content?: string | ContentBlock[],
    role?: MsgRole,
    rest: Omit<MsgOptions, "name" | "content" | "role"> = {},
  ) {
    const o: MsgOptions =
      typeof nameOrOptions === "string"
        ? {
            ...rest,
            name: nameOrOptions,
            content: content as MsgOptions["content"],
            role: role as MsgRole,
          }
        : nameOrOptions;
    if (typeof o.content !== "string" && !Array.isArray(o.content)) {
      throw new ValidationError("message", [
        { path: "content", message: "expected a string or an array of content blocks" },
      ]);
    }
    if (!ROLES.includes(o.role)) {
      throw new ValidationError("message", [
        {
          path: "role",
          message: `expected "user", "assistant" or "system", received ${JSON.stringify(o.role)}`,
        },
      ]);
    }
    this.id = o.id ?? shortUuid();
    this.name = o.name;
    this.role = o.role;
    this.content = o.content;
    this.metadata = o.metadata ?? {};
    this.timestamp = o.timestamp ?? formatTimestamp();
    this.invocationId = o.invocationId ?? null;
  }

  /** The message as AgentScope's JSON dict: keys `id, name, role, content, metadata, timestamp`. */
  toDict(): MsgDict {
    return {
      id: this.id,
      name: this.name,
      role: this.role,
      content: this.content,
      metadata: this.metadata,
      timestamp: this.timestamp,
    };
  }

  /** Makes `JSON.stringify(msg)` produce {@link Msg.toDict}'s JSON. */
  toJSON(): MsgDict {
    return this.toDict();
  }

  /**
   * Reads a message dict written by {@link Msg.toDict} or by AgentScope Python's `Msg.to_dict()`.
   * The dict is validated first; a bad one throws a `ValidationError` naming each bad field by path
   * (`content[2].source.media_type: required (expected string)`). Any other value — one that is
   * not plain JSON (a BigInt, a function, a cycle, a getter that throws…) — is a `ValidationError`
   * too, never another kind of error. The message holds its own copy of the dict's content and
   * metadata, with keys such as `__proto__` kept as plain data.
   */
  static fromDict(data: unknown): Msg {
    const hint = "A message dict needs name, role and content; see Msg.toDict() for the format.";
    let json: unknown;
    try {
      json = copyJsonValue(data);
    } catch (error) {
      const issue =
        error instanceof NonJsonValueError
          ? error.issue
          : { path: "", message: `could not be read (${describeThrown(error)})` };
      throw new ValidationError("message dict", [issue], { hint, cause: error });
    }
    const d = checkValue(msgDictCheck, json, "message dict", hint);
    // The copy itself, not the checked value (whose objects are shallow copies).
    const raw = json as { content: MsgDict["content"]; metadata?: MsgMetadata | null };
    return new Msg({
      name: d.name,
      content: raw.content,
      role: d.role,
      metadata: raw.metadata ?? null,
      timestamp: d.timestamp ?? null,
      invocationId: d.invocation_id ?? null,
      ...(d.id === undefined ? {} : { id: d.id }),
    });
  }

  /**
   * Reads a message dict that a memory backend wrote itself and has just parsed from JSON (so the
   * caller owns it: the message keeps its objects, no copy is made). A cheap structural check
   * stands in for {@link Msg.fromDict}'s validation; a dict that fails it (a row corrupted since it
   * was written) goes through `fromDict` and gets its `ValidationError` naming the bad field. Never
   * pass data a user sent as it came (it may not be plain JSON, and the message would share its
   * objects): use `fromDict`, or a plain-JSON copy of it that nothing else holds (as
   * `InMemoryMemory.loadStateDict` reads the copy its `StateModule` made).
   */
  static fromStoredDict(data: unknown): Msg {
    if (!isWellFormedMsgDict(data)) return Msg.fromDict(data);
    const d = data as unknown as MsgDict & { invocation_id?: string | null };
    // One options literal, no spread (a spread copies the object the slow way; 100k per read).
    return new Msg({
      name: d.name,
      content: d.content,
      role: d.role,
      metadata: d.metadata ?? null,
      timestamp: d.timestamp ?? null,
      invocationId: d.invocation_id ?? null,
      id: d.id ?? shortUuid(),
    });
  }

  /**
   * The text of the message: the content itself when it is a string, else its text blocks joined
   * by `separator`; `null` when there is no text block (as AgentScope returns `None`).
   */
  getTextContent(separator = "\n"): string | null {
    if (typeof this.content === "string") return this.content;
    const texts: string[] = [];
    for (const block of this.content) if (block.type === "text") texts.push(block.text);
    return texts.length > 0 ? texts.join(separator) : null;
  }

  /**
   * The content as blocks (a string becomes one text block), filtered to `type` when given: one type
   * or a list of types. The result is typed by the block type.
   */
  getContentBlocks(): ContentBlock[];
  getContentBlocks<T extends ContentBlockType>(type: T | readonly T[]): BlockOf<T>[];
  getContentBlocks(type?: ContentBlockType | readonly ContentBlockType[] | null): ContentBlock[];
  getContentBlocks(type?: ContentBlockType | readonly ContentBlockType[] | null): ContentBlock[] {
    const blocks: ContentBlock[] =
      typeof this.content === "string" ? [{ type: "text", text: this.content }] : this.content;
    if (type == null) return typeof this.content === "string" ? blocks : [...blocks];
    if (typeof type === "string") return blocks.filter((b) => b.type === type);
    return blocks.filter((b) => type.includes(b.type));
  }

  /** Whether the message has any block of `type` (any block at all when `type` is omitted). */
  hasContentBlocks(type?: ContentBlockType | readonly ContentBlockType[] | null): boolean {
    if (typeof this.content === "string") {
      return type == null || type === "text" || (Array.isArray(type) && type.includes("text"));
    }
    if (type == null) return this.content.length > 0;
    return this.content.some((b) =>
      typeof type === "string" ? b.type === type : type.includes(b.type),
    );
  }
}
