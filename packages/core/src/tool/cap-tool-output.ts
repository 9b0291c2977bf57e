import type { TextBlock, ToolResultOutputBlock } from "../message/content-block.js";
import type { ToolResponse } from "./tool-response.js";

/** The note that replaces the text cut from a tool result longer than the cap. */
export function truncationNote(cut: number, total: number, maxChars: number): string {
  return `[Output truncated: ${cut} of ${total} characters were cut (the tool output cap is ${maxChars} characters). Call the tool again asking for a narrower range (fewer lines, a smaller page, an offset or a filter) to read the rest.]`;
}

/**
 * Caps the text of `response` at `maxChars` characters in all (`null` or `undefined` = no cap):
 * text blocks past the budget are shortened or dropped, media blocks are kept, and a note saying
 * how many characters were cut and how to read the rest is appended. One pass over the blocks,
 * one slice: O(blocks + maxChars). A response within the cap is returned as is.
 */
export function capToolResponse(
  response: ToolResponse,
  maxChars: number | null | undefined,
): ToolResponse {
  if (maxChars === null || maxChars === undefined || !Array.isArray(response.content)) {
    return response;
  }
  let total = 0;
  for (const block of response.content) {
    if (block?.type === "text" && typeof block.text === "string") total += block.text.length;
  }
  if (total <= maxChars) return response;
  let budget = maxChars;
  let kept = 0;
  const content: ToolResultOutputBlock[] = [];
  for (const block of response.content) {
    if (block?.type !== "text" || typeof block.text !== "string") {
      content.push(block);
      continue;
    }
    if (block.text.length <= budget) {
      content.push(block);
      budget -= block.text.length;
      kept += block.text.length;
    } else if (budget > 0) {
      let end = budget;
      // Do not split a surrogate pair.
      const code = block.text.charCodeAt(end - 1);
      if (code >= 0xd800 && code <= 0xdbff) end--;
      if (end > 0) content.push({ ...block, text: block.text.slice(0, end) } as TextBlock);
      kept += end;
      budget = 0;
    }
  }
  const note: TextBlock = { type: "text", text: truncationNote(total - kept, total, maxChars) };
  content.push(note);
  return { ...response, content };
}
