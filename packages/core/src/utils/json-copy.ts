const OBJECT_PROTOTYPE: object = Object.prototype;

/**
 * Sets `key` on `target` as an own, enumerable data property, even for `__proto__` (a plain
 * assignment `target["__proto__"] = v` would change `target`'s prototype instead). Use it in every
 * loop that copies keys of outside data.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Plain assignment is several times cheaper and gives the same own data key, except for keys
  // `Object.prototype` has (`__proto__` is a setter there; in a frozen realm `toString` & co. are
  // read-only and assigning them throws): those go through `defineProperty`.
  if (!(key in OBJECT_PROTOTYPE)) {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Where {@link copyJsonValue} found something that is not JSON, and what it is. */
export interface NonJsonIssue {
  /** Dotted path to the bad value (`metadata.a[2]`), `""` for the value itself. */
  path: string;
  /** What is wrong there. */
  message: string;
}

/** Thrown by {@link copyJsonValue}; callers turn it into their own typed error. */
export class NonJsonValueError extends Error {
  constructor(readonly issue: NonJsonIssue) {
    super(`${issue.path || "value"}: ${issue.message}`);
  }
}

/** How deep {@link copyJsonValue} follows nested arrays and objects. */
export const MAX_JSON_DEPTH = 1_000;

/** `["a", 2, "b"]` as `a[2].b`. The path is built only when a copy fails (not per node). */
const pathText = (path: readonly (string | number)[]): string => {
  let out = "";
  for (const key of path) {
    out = typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${key}` : key;
  }
  return out;
};

/**
 * A deep copy of `value` that holds only plain JSON (strings, finite numbers, booleans, null,
 * arrays, plain objects), with every key (`__proto__` and `constructor` too) kept as an own data
 * property of the copy. Object properties that are `undefined` are left out and `undefined` array
 * items become `null`, as `JSON.stringify` does. Throws a {@link NonJsonValueError} naming the
 * path of the first BigInt, function, symbol, non-finite number, class instance, cycle, getter
 * that throws, or nesting deeper than {@link MAX_JSON_DEPTH}. Shared (acyclic) references are
 * copied twice, as a JSON round trip would. O(size of value).
 */
export function copyJsonValue(value: unknown): unknown {
  try {
    return copy(value, [], []);
  } catch (error) {
    if (error instanceof NonJsonValueError) throw error;
    // A proxy whose traps throw, a stack overflow…
    throw new NonJsonValueError({
      path: "",
      message: `could not be read (${describeThrown(error)})`,
    });
  }
}

/** The message of anything thrown, without ever throwing itself. */
export function describeThrown(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return "an error that cannot be described";
  }
}

function copy(value: unknown, path: (string | number)[], ancestors: object[]): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value)) return value;
      throw new NonJsonValueError({
        path: pathText(path),
        message: `${value} is not a JSON number`,
      });
    case "undefined":
      return undefined;
    case "object":
      break;
    default:
      throw new NonJsonValueError({
        path: pathText(path),
        message: `a ${typeof value} is not a JSON value`,
      });
  }
  if (value === null) return null;
  // The objects above this one: a stack, not a Set (JSON is shallow; a scan of a few entries is
  // cheaper than hashing every object), popped on return (a throw ends the whole copy anyway).
  const depth = ancestors.length;
  if (depth >= MAX_JSON_DEPTH) {
    throw new NonJsonValueError({
      path: pathText(path),
      message: `nested more than ${MAX_JSON_DEPTH} levels deep`,
    });
  }
  if (ancestors.includes(value)) {
    throw new NonJsonValueError({
      path: pathText(path),
      message: "refers back to itself (a cycle)",
    });
  }
  ancestors.push(value);
  if (Array.isArray(value)) {
    const length = value.length;
    const out: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      path.push(i);
      const item = copy(read(value, i, path), path, ancestors);
      path.pop();
      out[i] = item === undefined ? null : item;
    }
    ancestors.pop();
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (proto as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    throw new NonJsonValueError({
      path: pathText(path),
      message: `a ${typeof name === "string" && name ? name : "class instance"} is not a plain JSON object`,
    });
  }
  const out: Record<string, unknown> = {};
  // `for…in` + `hasOwn` visits Object.keys' keys in its order without allocating the key list
  // (≈ 40 % of the copy of a long memory's state, issue 35).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    path.push(key);
    const item = copy(read(value, key, path), path, ancestors);
    path.pop();
    if (item === undefined) continue;
    // A plain assignment makes an own data property for every key but `__proto__` (faster).
    if (key === "__proto__") setOwn(out, key, item);
    else out[key] = item;
  }
  ancestors.pop();
  return out;
}

/** `container[key]`; `path` already ends with `key`. */
function read(container: object, key: string | number, path: (string | number)[]): unknown {
  try {
    return (container as Record<string | number, unknown>)[key];
  } catch (error) {
    throw new NonJsonValueError({
      path: pathText(path),
      message: `could not be read (${describeThrown(error)})`,
    });
  }
}

/** What {@link tryCopyJson} returns for a value {@link copyJsonValue} would refuse. */
export const NOT_JSON: unique symbol = Symbol("not JSON");

/**
 * {@link copyJsonValue}'s copy without its error report: the same copy, or {@link NOT_JSON} when
 * `copyJsonValue` would throw. No path is tracked, so it is the cheap first try of a hot path that
 * then calls `copyJsonValue` for the error.
 */
export function tryCopyJson(value: unknown): unknown {
  // One stack of the objects being copied, shared by nested calls (a getter may call this again):
  // each call pops back to where it started.
  const base = quickAncestors.length;
  try {
    return quickCopy(value);
  } catch {
    return NOT_JSON;
  } finally {
    quickAncestors.length = base;
  }
}

const quickAncestors: object[] = [];

function quickCopy(value: unknown): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "undefined":
      return value;
    case "number":
      return Number.isFinite(value) ? value : NOT_JSON;
    case "object":
      break;
    default:
      return NOT_JSON;
  }
  if (value === null) return null;
  const ancestors = quickAncestors;
  if (ancestors.length >= MAX_JSON_DEPTH || ancestors.includes(value)) return NOT_JSON;
  ancestors.push(value);
  if (Array.isArray(value)) {
    const length = value.length;
    const out: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      const item = quickCopy(value[i]);
      if (item === NOT_JSON) return NOT_JSON;
      out[i] = item === undefined ? null : item;
    }
    ancestors.pop();
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_JSON;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = quickCopy((value as Record<string, unknown>)[key]);
    if (item === NOT_JSON) return NOT_JSON;
    if (item === undefined) continue;
    if (key === "__proto__") setOwn(out, key, item);
    else out[key] = item;
  }
  ancestors.pop();
  return out;
}

/** `prefix` and a path relative to it (`a` + `[2].b` = `a[2].b`, `a` + `b` = `a.b`). */
export function joinJsonPath(prefix: string, path: string): string {
  if (!prefix) return path;
  if (!path) return prefix;
  return path.startsWith("[") ? `${prefix}${path}` : `${prefix}.${path}`;
}

/** {@link copyJsonValue} of a value found at `path`: its error names the full path. */
export function copyJsonValueAt(value: unknown, path: string): unknown {
  try {
    return copyJsonValue(value);
  } catch (error) {
    const issue = (error as NonJsonValueError).issue;
    throw new NonJsonValueError({ path: joinJsonPath(path, issue.path), message: issue.message });
  }
}
