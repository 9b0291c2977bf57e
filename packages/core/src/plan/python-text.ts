/**
 * How Python writes `type(value)` (`<class 'str'>`), for the plan tools' error texts, which are
 * AgentScope's word for word.
 */
export function pyTypeRepr(value: unknown): string {
  if (value === null || value === undefined) return "<class 'NoneType'>";
  switch (typeof value) {
    case "string":
      return "<class 'str'>";
    case "boolean":
      return "<class 'bool'>";
    case "number":
      return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
    default:
      return Array.isArray(value) ? "<class 'list'>" : "<class 'dict'>";
  }
}

/** How Python writes `repr(list)` for a list of indexes: `[3, 5]`, `['a']`. */
export function pyListRepr(values: readonly unknown[]): string {
  const item = (v: unknown): string => {
    if (typeof v === "string") return `'${v}'`;
    if (typeof v === "number") return String(v);
    if (typeof v === "boolean") return v ? "True" : "False";
    if (v === null || v === undefined) return "None";
    return JSON.stringify(v);
  };
  return `[${values.map(item).join(", ")}]`;
}

/**
 * Reads a subtask index the way AgentScope does: an integer, or a string holding one (models
 * sometimes send `"1"`). Returns `null` when it is neither.
 */
export function toIndex(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value))
    return Number.parseInt(value, 10);
  return null;
}
