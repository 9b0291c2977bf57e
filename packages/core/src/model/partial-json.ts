import { jsonrepair } from "jsonrepair";
import { isPlainObject } from "../utils/json-value.js";

// A literal cut short at the very end of a stream (`{"ok": tru`): complete it rather than let the
// repair turn it into the string "tru".
const PARTIAL_LITERAL = /([:,[]\s*)(t|tr|tru|f|fa|fal|fals|n|nu|nul)$/;
const FULL_LITERAL: Record<string, string> = { t: "true", f: "false", n: "null" };

/**
 * Where `text` ends: inside a string or not, and, when inside an object key that is still being
 * typed (`{"a": 1, "ke`), the length to cut it back to so no half-written key survives the repair.
 */
function scanTail(text: string): { inString: boolean; cutKeyAt: number | undefined } {
  const stack: number[] = [];
  let inString = false;
  let stringStart = -1;
  let lastSignificant = -1;
  let beforeString = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) {
        inString = false;
        lastSignificant = i;
      }
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
      beforeString = lastSignificant;
    } else if (c === 123 || c === 91) stack.push(c);
    else if (c === 125 || c === 93) stack.pop();
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9 && c !== 34) lastSignificant = i;
  }
  let cutKeyAt: number | undefined;
  if (inString && stack[stack.length - 1] === 123 && beforeString >= 0) {
    const prev = text.charCodeAt(beforeString);
    if (prev === 123) cutKeyAt = stringStart;
    else if (prev === 44) cutKeyAt = beforeString;
  }
  return { inString, cutKeyAt };
}

/**
 * Parses possibly incomplete JSON, as a model streams tool-call arguments (`{"city": "Par`), into
 * the best-effort object (`{ city: "Par" }`) using `jsonrepair`. Returns `{}` when nothing usable
 * can be recovered or the result is not an object (AgentScope's `_json_loads_with_repair`).
 */
export function parsePartialJson(text: string): Record<string, unknown> {
  if (!text || text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    // incomplete or malformed: repair below
  }
  try {
    const tail = scanTail(text);
    const completed =
      tail.cutKeyAt !== undefined
        ? text.slice(0, tail.cutKeyAt)
        : tail.inString
          ? text
          : text.replace(PARTIAL_LITERAL, (_m, prefix: string, word: string) => {
              return prefix + FULL_LITERAL[word[0] as string];
            });
    const parsed: unknown = JSON.parse(jsonrepair(completed));
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Like {@link parsePartialJson}, for a growing stream of one object: when the text is not yet
 * valid JSON and the repaired object is smaller than `last` (the previous chunk's result), `last`
 * is kept, so arguments never shrink between chunks (AgentScope's `_parse_streaming_json_dict`).
 */
export function parseStreamingJsonDict(
  text: string,
  last?: Record<string, unknown>,
): Record<string, unknown> {
  const source = text || "{}";
  try {
    const parsed: unknown = JSON.parse(source);
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // still incomplete
  }
  const repaired = parsePartialJson(source);
  if (last && JSON.stringify(last).length > JSON.stringify(repaired).length) return last;
  return repaired;
}
