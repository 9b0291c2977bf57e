import type { ContentBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { setOwn } from "../utils/json-copy.js";
import { copyPlainTree } from "../utils/tree-copy.js";

/** A copy of `msg` with its own content blocks and metadata (same id, timestamp and sender). */
export function cloneMsg(msg: Msg): Msg {
  const copy = new Msg({
    id: msg.id,
    name: msg.name,
    role: msg.role,
    content: typeof msg.content === "string" ? msg.content : copyBlocks(msg.content),
    metadata: structuredClone(msg.metadata),
    timestamp: msg.timestamp,
    invocationId: msg.invocationId,
  });
  if (msg.usage) copy.usage = { ...msg.usage };
  return copy;
}

// Content blocks are a tree of plain data: copy its arrays and objects but share its strings
// (immutable), so copying a streamed message costs its block count, not its text length (as
// `structuredClone` does, a copy of the whole answer per printed chunk).
function copyBlocks(content: readonly unknown[]): ContentBlock[] {
  return copyPlainTree(content) as ContentBlock[];
}

/**
 * A deep copy of hook arguments or pipeline input, as Python's `deepcopy` gives AgentScope:
 * messages are cloned with {@link cloneMsg}, arrays and plain objects are copied recursively, and
 * anything else (schemas, functions, signals, class instances) is shared by reference. Every key
 * (`__proto__` too) stays an own data key of the copy.
 */
export function deepCopy<T>(value: T): T {
  if (value instanceof Msg) return cloneMsg(value) as T;
  if (Array.isArray(value)) return value.map((item) => deepCopy(item)) as T;
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) {
      const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
      for (const [key, item] of Object.entries(value)) setOwn(out, key, deepCopy(item));
      return out as T;
    }
  }
  return value;
}

/**
 * The message without its thinking blocks, for sharing with other agents (their reasoning stays
 * private, as in AgentScope). Returns `msg` itself when there is nothing to strip.
 */
export function stripThinkingBlocks(msg: Msg): Msg {
  if (typeof msg.content === "string") return msg;
  const kept = msg.content.filter((block) => block.type !== "thinking");
  if (kept.length === msg.content.length) return msg;
  return new Msg({
    id: msg.id,
    name: msg.name,
    role: msg.role,
    content: kept,
    metadata: msg.metadata,
    timestamp: msg.timestamp,
    invocationId: msg.invocationId,
  });
}
