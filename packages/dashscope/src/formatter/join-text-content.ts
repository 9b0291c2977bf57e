import type { DashScopeMessage } from "./dashscope-message.js";

/**
 * AgentScope's `_reformat_messages`: a message whose content parts are all text (`{text}` without
 * a non-text `type`) gets its non-empty texts joined by newlines into a string content (what the
 * API and Hugging Face token counters take); others are left as they are. Changes `messages` in
 * place and returns it. Parts are read defensively (as AgentScope does), whatever their type says.
 */
export function joinAllTextContent(messages: DashScopeMessage[]): DashScopeMessage[] {
  for (const message of messages) {
    const content = message.content;
    if (!Array.isArray(content)) continue;
    const texts: string[] = [];
    let allText = true;
    for (const item of content) {
      const part: unknown = item;
      if (part === null || typeof part !== "object" || !("text" in part)) {
        allText = false;
        break;
      }
      if ("type" in part && part.type !== "text") {
        allText = false;
        break;
      }
      if (part.text) texts.push(String(part.text));
    }
    if (allText && texts.length > 0) message.content = texts.join("\n");
  }
  return messages;
}
