/**
 * JSON text exactly as Python's `json.dumps(value, ensure_ascii=False)` writes it (`", "` and
 * `": "` separators, non-ASCII kept as is), so the values we store in Redis are byte for byte what
 * AgentScope Python stores. Written by hand: no library offers Python's default separators, and
 * `JSON.stringify` already escapes strings the way Python does with `ensure_ascii=False`.
 */
export function pythonJsonDumps(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join("");
}

function write(value: unknown, out: string[]): void {
  if (value === null || value === undefined) {
    out.push("null");
    return;
  }
  if (typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    write((value as { toJSON: () => unknown }).toJSON(), out);
    return;
  }
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, i) => {
      if (i > 0) out.push(", ");
      write(item === undefined || typeof item === "function" ? null : item, out);
    });
    out.push("]");
    return;
  }
  if (typeof value === "object") {
    out.push("{");
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === "function") continue;
      if (!first) out.push(", ");
      first = false;
      out.push(JSON.stringify(key), ": ");
      write(item, out);
    }
    out.push("}");
    return;
  }
  out.push(JSON.stringify(value) ?? "null");
}
