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
