import type { ContentBlock } from "../message/content-block.js";
import { chunkDeltaOf } from "../model/chunk-delta.js";

/**
 * The text and thinking of `content` past the first `seen` characters (what a `model_chunk` event
 * adds). Uses the delta the model recorded beside the chunk when it matches what was emitted so
 * far: slicing the cumulative text (a rope built by `+=`) would flatten it, a copy of the whole
 * answer per chunk.
 */
export function addedSince(
  content: string | readonly ContentBlock[],
  seen: { text: number; thinking: number },
): { text: string; thinking: string } {
  if (typeof content === "string") {
    return { text: content.length === seen.text ? "" : content.slice(seen.text), thinking: "" };
  }
  let textLength = 0;
  let thinkingLength = 0;
  for (const block of content) {
    if (block.type === "text") textLength += block.text.length;
    else if (block.type === "thinking") thinkingLength += block.thinking.length;
  }
  if (textLength === seen.text && thinkingLength === seen.thinking)
    return { text: "", thinking: "" };
  const delta = chunkDeltaOf(content);
  if (
    delta &&
    seen.text + delta.text.length === textLength &&
    seen.thinking + delta.thinking.length === thinkingLength
  ) {
    return { text: delta.text, thinking: delta.thinking };
  }
  return {
    text: textLength === seen.text ? "" : newPart(content, "text", seen.text),
    thinking: thinkingLength === seen.thinking ? "" : newPart(content, "thinking", seen.thinking),
  };
}

// The text (or thinking) of `blocks` past the first `seen` characters, without joining it all.
function newPart(blocks: readonly ContentBlock[], type: "text" | "thinking", seen: number): string {
  let offset = 0;
  let out = "";
  for (const block of blocks) {
    let value: string;
    if (block.type === "text" && type === "text") value = block.text;
    else if (block.type === "thinking" && type === "thinking") value = block.thinking;
    else continue;
    const end = offset + value.length;
    if (end > seen) out += value.slice(Math.max(0, seen - offset));
    offset = end;
  }
  return out;
}
