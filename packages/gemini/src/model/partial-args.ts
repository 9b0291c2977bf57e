/**
 * One piece of a streamed function call's arguments (Gemini's `PartialArg`): a value at
 * `jsonPath`; a string may arrive in several pieces (`willContinue: true` on all but the last).
 */
export interface PartialArg {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: unknown;
  willContinue?: boolean;
}

type Segment = string | number;

const SEGMENT = /\.([^.[\]]+)|\[(\d+)\]|\[(["'])(.*?)\3\]/y;

/** `$.a.b[0]["c d"]` as segments (`["a", "b", 0, "c d"]`); `undefined` when not a JSON path. */
export function parseJsonPath(path: string): Segment[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const out: Segment[] = [];
  SEGMENT.lastIndex = 1;
  let at = 1;
  while (at < path.length) {
    SEGMENT.lastIndex = at;
    const match = SEGMENT.exec(path);
    if (!match) return undefined;
    if (match[1] !== undefined) out.push(match[1]);
    else if (match[2] !== undefined) out.push(Number(match[2]));
    else out.push(match[4] ?? "");
    at = SEGMENT.lastIndex;
  }
  return out.length > 0 ? out : undefined;
}

interface Container {
  kind: "object" | "array";
  key: Segment | undefined;
  count: number;
}

/** A string's content as it appears inside JSON quotes. */
function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * Turns Gemini's streamed `partialArgs` into the JSON text of the arguments, piece by piece, so the
 * call can be assembled like any streamed tool call (core's accumulator repairs the partial JSON
 * on each chunk). Each {@link add} returns only the new text: O(piece), never O(arguments so far).
 * Pieces are expected in document order, as the API sends them. Written here: no library turns
 * path-addressed partial values into streaming JSON text.
 */
export class PartialArgsWriter {
  private readonly stack: Container[] = [{ kind: "object", key: undefined, count: 0 }];
  private openStringPath: string | undefined;
  private ended = false;

  /** The opening text of the arguments (`{`). */
  begin(): string {
    return "{";
  }

  /** The text one piece adds. Pieces with an unreadable path or no value add nothing. */
  add(piece: PartialArg): string {
    if (this.ended) return "";
    const path = piece.jsonPath ?? "";
    if (this.openStringPath !== undefined && this.openStringPath === path) {
      if (typeof piece.stringValue !== "string") return "";
      let out = escapeJson(piece.stringValue);
      if (!piece.willContinue) {
        out += '"';
        this.openStringPath = undefined;
      }
      return out;
    }
    const value = this.valueText(piece);
    const segments = parseJsonPath(path);
    if (value === undefined || segments === undefined) return "";
    let out = this.closeString();
    const parents = segments.slice(0, -1);
    let shared = 0;
    while (
      shared < parents.length &&
      shared + 1 < this.stack.length &&
      this.stack[shared + 1]?.key === parents[shared]
    ) {
      shared++;
    }
    while (this.stack.length > shared + 1) out += this.closeContainer();
    for (let i = shared; i < parents.length; i++) {
      const segment = parents[i] as Segment;
      out += this.member(segment);
      const kind = typeof segments[i + 1] === "number" ? "array" : "object";
      out += kind === "array" ? "[" : "{";
      this.stack.push({ kind, key: segment, count: 0 });
    }
    out += this.member(segments[segments.length - 1] as Segment);
    if (typeof piece.stringValue === "string") {
      out += `"${escapeJson(piece.stringValue)}`;
      if (piece.willContinue) this.openStringPath = path;
      else out += '"';
    } else {
      out += value;
    }
    return out;
  }

  /** The closing text: an open string and every open container are closed. */
  end(): string {
    if (this.ended) return "";
    let out = this.closeString();
    while (this.stack.length > 0) out += this.closeContainer();
    this.ended = true;
    return out;
  }

  private valueText(piece: PartialArg): string | undefined {
    if (typeof piece.stringValue === "string") return "";
    if (typeof piece.numberValue === "number") return JSON.stringify(piece.numberValue);
    if (typeof piece.boolValue === "boolean") return piece.boolValue ? "true" : "false";
    if ("nullValue" in piece) return "null";
    return undefined;
  }

  private closeString(): string {
    if (this.openStringPath === undefined) return "";
    this.openStringPath = undefined;
    return '"';
  }

  private closeContainer(): string {
    const container = this.stack.pop();
    return container?.kind === "array" ? "]" : "}";
  }

  /** The separator and (in an object) the key before a new member of the innermost container. */
  private member(segment: Segment): string {
    const container = this.stack[this.stack.length - 1] as Container;
    const sep = container.count > 0 ? "," : "";
    container.count++;
    return container.kind === "object" ? `${sep}${JSON.stringify(String(segment))}:` : sep;
  }
}
