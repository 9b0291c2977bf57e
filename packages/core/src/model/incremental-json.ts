// Hand-written rather than a library: we need, after every streamed fragment, the best-effort
// object of the text so far with the exact repair rules of `parsePartialJson` (no half-written
// key, partial literals completed, a pending value shown as null), at a cost proportional to the
// fragment; the streaming JSON parsers on npm either emit events (we would rebuild the object) or
// re-walk the whole value per update.

type Container = Record<string, unknown> | unknown[];

interface Frame {
  container: Container;
  isArray: boolean;
  /** Where this container sits in its parent (key or index); unused for the root. */
  slot: string | number;
  /** The key read for the value now expected or being read (objects only). */
  key: string | undefined;
  /** Whether `container` was handed out by {@link IncrementalJsonObject.value} (copy before writing). */
  shared: boolean;
}

// What the parser expects next.
enum Mode {
  Start, // before the root `{`
  Value, // a value (after `:` in an object, after `[` or `,` in an array)
  KeyOrEnd, // a key or `}` (right after `{`)
  Key, // a key (after `,` in an object)
  Colon, // `:` after a key
  CommaOrEnd, // `,` or the container's closing bracket, after a value
  InString, // inside a string (key or value)
  InNumber, // inside a number
  InLiteral, // inside true / false / null
  Done, // after the root's `}`
}

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const WORDS = ["true", "false", "null"];
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const NUMBER_FULL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NUMBER_PREFIX = /^-?(?:0|[1-9]\d*)?(?:\.\d*)?(?:[eE][+-]?\d*)?$/;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function setOwn(target: Container, slot: string | number, value: unknown): void {
  if (slot === "__proto__") {
    Object.defineProperty(target, slot, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else (target as Record<string | number, unknown>)[slot] = value;
}

// A number cut short (`-`, `1.`, `1e+`) reads as `parsePartialJson` repairs it: the longest valid
// prefix, `-` alone as -0... and "" (nothing yet) as 0.
function partialNumber(text: string): number {
  let t = text;
  while (t.length > 0 && !NUMBER_FULL.test(t)) t = t.slice(0, -1);
  if (t === "" || t === "-") return text.startsWith("-") ? -0 : 0;
  return Number(t);
}

/**
 * Parses a JSON object as it streams in, fragment by fragment ({@link push}), at a cost
 * proportional to each fragment. {@link value} gives, at any point, the same best-effort object as
 * `parsePartialJson(textSoFar)`, sharing the unchanged parts with earlier results (which are never
 * modified afterwards). When the text stops being a prefix of a valid JSON object (single quotes,
 * a raw newline in a string, text after the end…), {@link failed} turns true and the caller falls
 * back to the repairing whole-text parse.
 */
export class IncrementalJsonObject {
  /** True once the text is not a prefix of one valid JSON object; the parser then stops. */
  failed = false;
  private readonly stack: Frame[] = [];
  private root: Record<string, unknown> | undefined;
  private mode = Mode.Start;
  /** The mode to return to after a string: whether it is a key. */
  private stringIsKey = false;
  private str = "";
  /** How many raw spaces end `str` (not escapes): the repair drops them from a cut string. */
  private trailingSpaces = 0;
  /** A pending escape: "" none, "\\" after a backslash, "\\uXX…" while reading hex digits. */
  private escape = "";
  private token = "";
  private changed = false;

  /** True once the root object closed (and only whitespace followed). */
  get complete(): boolean {
    return this.mode === Mode.Done && !this.failed;
  }

  /** Feeds the next fragment of the text. */
  push(fragment: string): void {
    if (this.failed || fragment.length === 0) return;
    this.changed = true;
    const n = fragment.length;
    let i = 0;
    while (i < n) {
      if (this.mode === Mode.InString) {
        i = this.readString(fragment, i);
        if (this.failed) return;
        continue;
      }
      const c = fragment.charCodeAt(i);
      if (this.mode === Mode.InNumber) {
        if ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) {
          this.token += fragment[i];
          if (!NUMBER_PREFIX.test(this.token)) {
            this.fail();
            return;
          }
          i++;
          continue;
        }
        if (!NUMBER_FULL.test(this.token)) {
          this.fail();
          return;
        }
        this.putValue(Number(this.token));
        this.token = "";
        this.mode = Mode.CommaOrEnd;
        continue; // re-read c in the new mode
      }
      if (this.mode === Mode.InLiteral) {
        if (c >= 97 && c <= 122) {
          this.token += fragment[i];
          if (!WORDS.some((w) => w.startsWith(this.token))) {
            this.fail();
            return;
          }
          i++;
          continue;
        }
        if (!(this.token in LITERALS)) {
          this.fail();
          return;
        }
        this.putValue(LITERALS[this.token]);
        this.token = "";
        this.mode = Mode.CommaOrEnd;
        continue;
      }
      i++;
      if (isSpace(c)) continue;
      this.step(c);
      if (this.failed) return;
    }
  }

  /**
   * The best-effort object of the text so far (`{}` when nothing usable arrived yet), equal to
   * what `parsePartialJson` returns for it. Unchanged parts are shared with earlier results.
   */
  value(): Record<string, unknown> {
    if (this.failed || !this.root) return this.root ?? {};
    if (!this.changed) return this.root;
    this.changed = false;
    const top = this.stack[this.stack.length - 1];
    if (top) {
      let pending: { has: boolean; value?: unknown } = { has: false };
      if (this.mode === Mode.InString && !this.stringIsKey) {
        // A cut string reads as `parsePartialJson` repairs it: without its trailing raw spaces.
        const end = this.str.length - this.trailingSpaces;
        pending = { has: true, value: this.trailingSpaces ? this.str.slice(0, end) : this.str };
      } else if (this.mode === Mode.InNumber)
        pending = { has: true, value: partialNumber(this.token) };
      else if (this.mode === Mode.InLiteral) {
        const word = WORDS.find((w) => w.startsWith(this.token)) as string;
        pending = { has: true, value: LITERALS[word] };
      } else if (!top.isArray && top.key !== undefined && this.mode !== Mode.CommaOrEnd) {
        pending = { has: true, value: null }; // `{"a"` / `{"a":` read as `{"a": null}`
      }
      if (pending.has) {
        const slot = top.isArray ? (top.container as unknown[]).length : (top.key as string);
        // Only copies along the path are handed out; the stack's containers stay private.
        this.changed = true; // the pending value keeps growing: rebuild next time
        return this.snapshotOf(top.container, slot, pending.value);
      }
    }
    for (const frame of this.stack) frame.shared = true;
    return this.root;
  }

  // The root as it would be with `value` at `slot` of the innermost container, without keeping it
  // there (a copy of the innermost container along the path; the stack is left untouched).
  private snapshotOf(
    target: Container,
    slot: string | number,
    value: unknown,
  ): Record<string, unknown> {
    const copy = Array.isArray(target) ? [...target] : { ...target };
    setOwn(copy, slot, value);
    let child: Container = copy;
    for (let d = this.stack.length - 1; d > 0; d--) {
      const frame = this.stack[d] as Frame;
      const parent = (this.stack[d - 1] as Frame).container;
      const parentCopy = Array.isArray(parent) ? [...parent] : { ...parent };
      setOwn(parentCopy, frame.slot, child);
      child = parentCopy;
    }
    return child as Record<string, unknown>;
  }

  private fail(): void {
    this.failed = true;
  }

  // The container at `depth`, copied first (with its ancestors re-pointed) if it was handed out.
  private writable(depth: number): Container {
    const frame = this.stack[depth] as Frame;
    if (!frame.shared) return frame.container;
    frame.container = frame.isArray
      ? [...(frame.container as unknown[])]
      : { ...(frame.container as Record<string, unknown>) };
    frame.shared = false;
    if (depth === 0) this.root = frame.container as Record<string, unknown>;
    else setOwn(this.writable(depth - 1), frame.slot, frame.container);
    return frame.container;
  }

  private putValue(value: unknown): void {
    const depth = this.stack.length - 1;
    const top = this.stack[depth] as Frame;
    const target = this.writable(depth);
    if (top.isArray) (target as unknown[]).push(value);
    else {
      setOwn(target, top.key as string, value);
      top.key = undefined;
    }
  }

  private open(isArray: boolean): void {
    const container: Container = isArray ? [] : {};
    const depth = this.stack.length;
    if (depth === 0) {
      this.root = container as Record<string, unknown>;
      this.stack.push({ container, isArray, slot: "", key: undefined, shared: false });
    } else {
      const top = this.stack[depth - 1] as Frame;
      const slot = top.isArray ? (top.container as unknown[]).length : (top.key as string);
      this.putValue(container);
      this.stack.push({ container, isArray, slot, key: undefined, shared: false });
    }
    this.mode = isArray ? Mode.Value : Mode.KeyOrEnd;
  }

  private close(): void {
    this.stack.pop();
    this.mode = this.stack.length === 0 ? Mode.Done : Mode.CommaOrEnd;
  }

  // One significant (non-space) character outside strings, numbers and literals.
  private step(c: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (this.mode) {
      case Mode.Start:
        if (c === 123) this.open(false);
        else this.fail();
        return;
      case Mode.Done:
        this.fail();
        return;
      case Mode.KeyOrEnd:
      case Mode.Key:
        if (c === 34) {
          this.mode = Mode.InString;
          this.stringIsKey = true;
          this.str = "";
          this.trailingSpaces = 0;
        } else if (c === 125 && this.mode === Mode.KeyOrEnd) this.close();
        else this.fail();
        return;
      case Mode.Colon:
        if (c === 58) this.mode = Mode.Value;
        else this.fail();
        return;
      case Mode.CommaOrEnd:
        if (c === 44) this.mode = top?.isArray ? Mode.Value : Mode.Key;
        else if (c === (top?.isArray ? 93 : 125)) this.close();
        else this.fail();
        return;
      case Mode.Value:
        if (c === 34) {
          this.mode = Mode.InString;
          this.stringIsKey = false;
          this.str = "";
          this.trailingSpaces = 0;
        } else if (c === 123) this.open(false);
        else if (c === 91) this.open(true);
        else if (c === 93 && top?.isArray && (top.container as unknown[]).length === 0) {
          this.close(); // `[]` (a `]` right after a `,` is not valid JSON)
        } else if (c === 45 || (c >= 48 && c <= 57)) {
          this.mode = Mode.InNumber;
          this.token = String.fromCharCode(c);
        } else if (c === 116 || c === 102 || c === 110) {
          this.mode = Mode.InLiteral;
          this.token = String.fromCharCode(c);
        } else this.fail();
        return;
      default:
        this.fail();
    }
  }

  // Reads string characters from `i`; returns where it stopped (end of fragment or after the quote).
  private readString(s: string, start: number): number {
    let i = start;
    const n = s.length;
    while (i < n) {
      if (this.escape !== "") {
        const ch = s[i] as string;
        i++;
        if (this.escape === "\\") {
          if (ch === "u") this.escape = "\\u";
          else {
            const decoded = ESCAPES[ch];
            if (decoded === undefined) {
              this.fail();
              return n;
            }
            this.str += decoded;
            this.trailingSpaces = 0;
            this.escape = "";
          }
        } else {
          if (!/[0-9a-fA-F]/.test(ch)) {
            this.fail();
            return n;
          }
          this.escape += ch;
          if (this.escape.length === 6) {
            this.str += String.fromCharCode(Number.parseInt(this.escape.slice(2), 16));
            this.trailingSpaces = 0;
            this.escape = "";
          }
        }
        continue;
      }
      // Copy the run of plain characters in one slice.
      let j = i;
      let c = 0;
      while (j < n) {
        c = s.charCodeAt(j);
        if (c === 34 || c === 92 || c < 32) break;
        j++;
      }
      if (j > i) {
        this.str += s.slice(i, j);
        let k = j;
        while (k > i && s.charCodeAt(k - 1) === 32) k--;
        this.trailingSpaces = k === i ? this.trailingSpaces + (j - i) : j - k;
      }
      if (j === n) return n;
      if (c < 32) {
        this.fail();
        return n;
      }
      if (c === 92) {
        this.escape = "\\";
        i = j + 1;
        continue;
      }
      // closing quote
      const text = this.str;
      this.str = "";
      if (this.stringIsKey) {
        (this.stack[this.stack.length - 1] as Frame).key = text;
        this.mode = Mode.Colon;
      } else {
        this.putValue(text);
        this.mode = Mode.CommaOrEnd;
      }
      return j + 1;
    }
    return n;
  }
}
