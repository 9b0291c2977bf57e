/**
 * A JSON value as Python's `str()` prints it (`True`, `None`, `'text'`, `{'a': [1, 2]}`), which
 * ACEBench's milestones are written in. Strings inside containers use Python's repr quoting.
 */
export function pythonStr(value: unknown): string {
  if (typeof value === "string") return value;
  return pythonRepr(value);
}

/** Python's `repr()` of a JSON value. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number")
    return Number.isFinite(value) ? String(value) : value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  if (typeof value === "string") return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${stringRepr(k)}: ${pythonRepr(v)}`,
    );
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}

function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}
