// A fast yes/no check of a message dict that a memory backend wrote itself (and validated then with
// Msg.fromDict's checks). It accepts only dicts that `msgDictCheck` accepts too — never more — and
// reports nothing: a dict it refuses goes through the full check, which names the bad field. It
// exists because reading a long history back spent half its time collecting issues that never come.

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => v === undefined || typeof v === "string";
const nullishStr = (v: unknown) => v === undefined || v === null || typeof v === "string";

function isSource(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (v.type === "base64") return isStr(v.media_type) && isStr(v.data);
  if (v.type === "url") return isStr(v.url);
  return false;
}

function isOutputBlock(b: unknown): boolean {
  if (!isObj(b)) return false;
  switch (b.type) {
    case "text":
      return isStr(b.text);
    case "image":
    case "audio":
    case "video":
      return isSource(b.source);
    default:
      return false;
  }
}

function isBlock(b: unknown): boolean {
  if (!isObj(b)) return false;
  switch (b.type) {
    case "text":
      return isStr(b.text);
    case "thinking":
      return isStr(b.thinking) && optStr(b.signature);
    case "tool_use":
      return isStr(b.id) && isStr(b.name) && isObj(b.input) && optStr(b.raw_input);
    case "tool_result": {
      if (!isStr(b.id) || !isStr(b.name)) return false;
      const out = b.output;
      if (isStr(out)) return true;
      if (!Array.isArray(out)) return false;
      for (const o of out) if (!isOutputBlock(o)) return false;
      return true;
    }
    case "image":
    case "audio":
    case "video":
      return isSource(b.source);
    default:
      return false;
  }
}

/**
 * Whether `value` is a well-formed message dict (what `Msg.fromDict` accepts), checked without
 * collecting issues or copying. `false` means "run the full check", not "invalid".
 */
export function isWellFormedMsgDict(value: unknown): value is Obj {
  if (!isObj(value)) return false;
  const d = value;
  if (!optStr(d.id) || !isStr(d.name)) return false;
  if (d.role !== "user" && d.role !== "assistant" && d.role !== "system") return false;
  if (!nullishStr(d.timestamp) || !nullishStr(d.invocation_id)) return false;
  if (d.metadata !== undefined && d.metadata !== null && !isObj(d.metadata)) return false;
  return isWellFormedContent(d.content);
}

/** Whether `content` is a well-formed message content (a string or a list of content blocks). */
export function isWellFormedContent(content: unknown): boolean {
  if (isStr(content)) return true;
  if (!Array.isArray(content)) return false;
  for (const b of content) if (!isBlock(b)) return false;
  return true;
}
