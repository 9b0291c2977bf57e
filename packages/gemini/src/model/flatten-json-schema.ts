type Json = unknown;

/**
 * AgentScope's `_flatten_json_schema`: Gemini takes no `$defs`/`$ref`, so every `#/$defs/Name`
 * reference is replaced by a copy of its definition (keys next to the `$ref` are kept on top), and
 * `$defs` is removed. A reference back into a definition being expanded becomes
 * `{type: "object", description: "(circular: Name)"}`; an unknown reference stays as it is. The
 * input is not changed.
 */
export function flattenJsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $defs, ...rest } = schema;
  const defs = ($defs && typeof $defs === "object" ? $defs : {}) as Record<string, Json>;

  const resolve = (value: Json, visited: ReadonlySet<string>): Json => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, visited));
    if (value === null || typeof value !== "object") return value;
    const obj = value as Record<string, Json>;
    const ref = obj.$ref;
    if (typeof ref === "string") {
      if (ref.startsWith("#/$defs/")) {
        const name = ref.slice("#/$defs/".length);
        if (visited.has(name)) {
          return { type: "object", description: `(circular: ${name})` };
        }
        if (name in defs) {
          const inner = new Set(visited).add(name);
          const resolved = resolve(defs[name], inner) as Record<string, Json>;
          const out: Record<string, Json> =
            resolved && typeof resolved === "object" ? { ...resolved } : {};
          for (const [key, item] of Object.entries(obj)) {
            if (key !== "$ref") out[key] = resolve(item, inner);
          }
          return out;
        }
      }
      return obj;
    }
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(obj)) out[key] = resolve(item, visited);
    return out;
  };

  return resolve(rest, new Set()) as Record<string, unknown>;
}
