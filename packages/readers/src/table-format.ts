/** How tables are written into chunks: a Markdown table, or JSON rows. */
export type TableFormat = "markdown" | "json";

/** A table as Markdown, as AgentScope's `_table_to_markdown` writes it (short rows padded). */
export function tableToMarkdown(table: readonly (readonly string[])[]): string {
  const header = table[0];
  if (!header || header.length === 0) return "";
  const cols = header.length;
  const row = (cells: readonly string[]) =>
    `| ${Array.from({ length: cols }, (_, i) => cells[i] ?? "").join(" | ")} |\n`;
  return [row(header), row(Array(cols).fill("---")), ...table.slice(1).map(row)].join("");
}

/** A table as JSON, as AgentScope's `_table_to_json` writes it (a system-info line, then the array). */
export function tableToJson(table: readonly (readonly string[])[]): string {
  return `<system-info>A table loaded as a JSON array:</system-info>\n${pythonJson(table)}`;
}

/** `json.dumps(value, ensure_ascii=False)` for strings and arrays/objects of strings. */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}
