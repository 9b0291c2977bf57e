import { ModelError } from "../errors/model-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import type { ChatResponse } from "./chat-response.js";
import { IncrementalJsonObject } from "./incremental-json.js";

/**
 * True when `text` stops in the middle of a JSON object: everything so far is valid JSON but the
 * object is not closed (`{"city": "Par`). Blank text (a call without arguments) and text that is
 * not JSON at all (single quotes, trailing text: left to the repairing parse) are not cut.
 */
export function isCutJsonObject(text: string): boolean {
  if (text.trim() === "") return false;
  const parser = new IncrementalJsonObject();
  parser.push(text);
  return !parser.failed && !parser.complete;
}

/** The first tool call of `response` whose streamed arguments (`raw_input`) are cut short. */
export function truncatedToolCall(response: ChatResponse | undefined): ToolUseBlock | undefined {
  if (!response) return undefined;
  for (const block of response.content) {
    if (block.type !== "tool_use") continue;
    const raw = (block as ToolUseBlock).raw_input;
    if (typeof raw === "string" && isCutJsonObject(raw)) return block as ToolUseBlock;
  }
  return undefined;
}

/**
 * The check that a model's answer ended complete: when a tool call's arguments stop in the middle
 * of their JSON (a stream cut after `[DONE]` or a clean close without a finish reason, or an
 * answer cut by the output token limit), the answer is a retryable {@link ModelError} naming the
 * call, so the tool never runs on half its arguments. `what` names the model in the message.
 * Reads each argument string once, at the end: nothing per chunk.
 */
export function checkToolCallsComplete(
  response: ChatResponse | undefined,
  provider: string,
  what: string,
): void {
  const call = truncatedToolCall(response);
  if (!call) return;
  const raw = call.raw_input as string;
  throw new ModelError(
    `${what} answered with a truncated tool call: the arguments of "${call.name}" (id ${JSON.stringify(call.id)}) are incomplete JSON (${raw.length} characters, ending ${JSON.stringify(raw.slice(-24))}); the stream ended before the call was complete. The tool was not run and the answer was discarded. Retrying may help; if the model hit its output token limit, raise it.`,
    { provider, retryable: true },
  );
}
