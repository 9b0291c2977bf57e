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

/**
 * Whether two trees of plain data are equal, key for key (key order aside), without allocating:
 * what {@link copyPlainTree} would copy back the same. Objects other than arrays and plain
 * objects, and trees deeper than 64 levels, count as unequal.
 */
export function plainTreeEqual(a: unknown, b: unknown): boolean {
  return treeEqual(a, b, 0);
}

function treeEqual(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (depth > MAX_TREE_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!treeEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(a);
  if ((proto !== Object.prototype && proto !== null) || Object.getPrototypeOf(b) !== proto) {
    return false;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    if (!Object.hasOwn(y, key) || !treeEqual(x[key], y[key], depth + 1)) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key)) count--;
  return count === 0;
}
