import type { TextBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";

/** A system message whose content is the text blocks of a `Msg` (AgentScope's default form). */
export interface SystemTextMessage {
  role: "system";
  content: TextBlock[];
}

/**
 * AgentScope's default formatting of a leading system message, `{ role: "system", content: <the
 * message's text blocks> }`, for formatters whose message type accepts that shape (return it from
 * `formatSystemMessage`).
 */
export function systemTextMessage(msg: Msg): SystemTextMessage {
  return { role: "system", content: msg.getContentBlocks("text") };
}
