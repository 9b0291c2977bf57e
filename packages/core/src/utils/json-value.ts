/**
 * Returns the path of the first part of `value` that is not plain JSON (a Map, a class instance, a
 * function, `undefined`, `NaN`…), or `null` when all of it is. Paths look like `a.b[2]`.
 */
export function findNonJsonValue(value: unknown, path = ""): { path: string; kind: string } | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : { path, kind: String(value) };
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const bad = findNonJsonValue(value[i], `${path}[${i}]`);
          if (bad) return bad;
        }
        return null;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        return { path, kind: (value as object).constructor?.name ?? "object" };
      }
      for (const [k, v] of Object.entries(value)) {
        const bad = findNonJsonValue(v, path ? `${path}.${k}` : k);
        if (bad) return bad;
      }
      return null;
    }
    default:
      return { path, kind: typeof value };
  }
}

/** True when `value` is a plain object (`{}` or `Object.create(null)`), not an array or instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
