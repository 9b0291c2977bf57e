import type { Msg } from "@agentscope-ts/core";

/**
 * A message's content as one string for mem0: the text itself, or the blocks as JSON (the
 * reference uses Python's `str()` of the block list, which has no TypeScript equivalent).
 */
export function contentText(msg: Msg): string {
  return typeof msg.content === "string" ? msg.content : JSON.stringify(msg.content);
}

/** A message's content as a search query: its JSON, as the reference's `json.dumps(content)`. */
export function contentQuery(msg: Msg): string {
  return JSON.stringify(msg.toDict().content);
}
