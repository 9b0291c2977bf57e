// Hand-written: no library writes Python's default `", "` / `": "` separators and float spelling,
// and `JSON.stringify` already escapes strings as Python does with `ensure_ascii=False`.
function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
  // Python writes exponents with a sign and at least two digits: 1e-07, 1e+16.
  return String(value).replace(/e([+-])(\d)$/, "e$10$2");
}

/**
 * Python's `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` separators, non-ASCII kept,
 * Python's float spelling. AgentScope writes tool-call arguments and cache keys this way, so
 * formatted requests and hashes match byte for byte. Keys with `undefined` values are left out,
 * as JSON does.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return pythonFloat(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  if (typeof value === "object") {
    // One string grown in place: every tool call of the history is written again at each step.
    const record = value as Record<string, unknown>;
    let out = "{";
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (item === undefined) continue;
      if (out.length > 1) out += ", ";
      out += `${JSON.stringify(key)}: ${pythonJsonDumps(item)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(String(value));
}
