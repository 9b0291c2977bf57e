import { setOwn } from "./json-copy.js";

// Past this depth (or on a cycle) a tree falls back to `structuredClone`.
const MAX_TREE_DEPTH = 64;

/**
 * A deep copy of a tree of plain data (content blocks, metadata): its arrays and plain objects are
 * copied, strings and functions shared, every key (`__proto__` too) kept as an own data key, and
 * other objects (a `Date`, a typed array) copied by `structuredClone`, as is a tree deeper than 64
 * levels or with a cycle. Several times cheaper than `structuredClone` on small trees, and
 * O(nodes) rather than O(text length).
 */
export function copyPlainTree<T>(value: T): T {
  const copy = copyTree(value, 0);
  return (copy === undefined && value !== undefined ? structuredClone(value) : copy) as T;
}

// `undefined` when the tree is too deep (or cyclic) to copy this way.
function copyTree(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_TREE_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyTree(value[i], depth + 1);
      if (item === undefined && value[i] !== undefined) return undefined;
      out[i] = item;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype) {
    // A spread copies every own key as a data key (`__proto__` too, never the setter), and V8
    // clones small literals' shapes at once; then only the nested objects are replaced (an own
    // key is now there, so assigning it never reaches a prototype setter).
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = { ...source };
    for (const key of Object.keys(source)) {
      const item = source[key];
      if (item === null || typeof item !== "object") continue;
      const copied = copyTree(item, depth + 1);
      if (copied === undefined) return undefined;
      out[key] = copied;
    }
    return out;
  }
  if (proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const copied = copyTree(item, depth + 1);
    if (copied === undefined && item !== undefined) return undefined;
    setOwn(out, key, copied);
  }
  return out;
}
