import type { ContentBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";

/** Longest string attribute a span gets; longer values are cut and marked. */
export const MAX_ATTRIBUTE_CHARS = 32_768;

/** Keys whose values are secrets: replaced by `[REDACTED]` wherever they occur in a span value. */
const SECRET_KEY =
  /^(x-)?(api[-_]?key|authorization|proxy-authorization|password|secret|client[-_]?secret|access[-_]?token|refresh[-_]?token|cookie|set-cookie)$/i;

/** A string value for a span attribute: cut to {@link MAX_ATTRIBUTE_CHARS}. */
export function capAttribute(text: string): string {
  if (text.length <= MAX_ATTRIBUTE_CHARS) return text;
  return `${text.slice(0, MAX_ATTRIBUTE_CHARS)}…[${text.length - MAX_ATTRIBUTE_CHARS} more chars]`;
}

/**
 * JSON text of `value` for a span attribute: secret-named keys redacted, bigints as strings,
 * cycles cut, the result capped. Never throws (a value that cannot be written gives a marker).
 */
export function spanJson(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(value, (key, v: unknown) => {
      if (key !== "" && SECRET_KEY.test(key)) return "[REDACTED]";
      if (typeof v === "bigint") return v.toString();
      if (typeof v === "object" && v !== null) {
        if (seen.has(v)) return "[Circular]";
        seen.add(v);
      }
      return v;
    });
    return capAttribute(text ?? "null");
  } catch {
    return "<unserializable>";
  }
}

/** One content block as a GenAI semantic-convention message part (`text`, `tool_call`, …). */
export function blockToPart(block: ContentBlock): Record<string, unknown> | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", content: block.text };
    case "thinking":
      return { type: "reasoning", content: block.thinking };
    case "tool_use":
      return { type: "tool_call", id: block.id, name: block.name, arguments: block.input };
    case "tool_result":
      return { type: "tool_call_response", id: block.id, response: block.output };
    case "image":
    case "audio":
    case "video":
      return block.source.type === "url"
        ? { type: "uri", modality: block.type, uri: block.source.url }
        : { type: "blob", modality: block.type, mime_type: block.source.media_type };
    default:
      return undefined;
  }
}

/** Messages in the GenAI `gen_ai.input.messages` / `gen_ai.output.messages` shape. */
export function msgsToGenAi(msgs: Msg | readonly Msg[]): Record<string, unknown>[] {
  const list = Array.isArray(msgs) ? msgs : [msgs as Msg];
  return list.map((m) => ({
    role: m.role,
    name: m.name,
    parts: m.getContentBlocks().flatMap((b: ContentBlock) => blockToPart(b) ?? []),
    finish_reason: "stop",
  }));
}
