import { FormatterBase } from "../formatter/formatter-base.js";
import {
  type PromoteToolResultMediaOptions,
  promoteToolResultMedia,
} from "../formatter/promote-tool-result-media.js";
import { toolResultPlainText } from "../formatter/tool-result-to-string.js";
import type { ToolResultBlock, ToolUseBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";

/**
 * A tool result's text for an API without media in tool results (AgentScope's
 * `convert_tool_result_to_string` through `formatter`), its media promoted per `promote` into a
 * user message inserted in `msgs` right after `index`, so the formatter's loop meets it next.
 * A string at once when the output is text only and the conversion is the base class's.
 */
export function toolResultText(
  formatter: Pick<FormatterBase<object>, "convertToolResultToString">,
  block: ToolResultBlock,
  msgs: Msg[],
  index: number,
  promote: PromoteToolResultMediaOptions,
): string | Promise<string> {
  // Text only, read by the base class's conversion (every tool step formats one): no promise.
  if (formatter.convertToolResultToString === FormatterBase.prototype.convertToolResultToString) {
    const text = toolResultPlainText(block.output);
    if (text !== undefined) return text;
  }
  return convertedText(formatter, block, msgs, index, promote);
}

async function convertedText(
  formatter: Pick<FormatterBase<object>, "convertToolResultToString">,
  block: ToolResultBlock,
  msgs: Msg[],
  index: number,
  promote: PromoteToolResultMediaOptions,
): Promise<string> {
  const { text, media } = await formatter.convertToolResultToString(block.output);
  const promoted = promoteToolResultMedia(block.name, media, promote);
  if (promoted) msgs.splice(index + 1, 0, promoted);
  return text;
}

/** The `role: "tool"` message of a tool result in OpenAI-compatible chat APIs. */
export function toolRoleMessage(block: ToolResultBlock, content: string) {
  return { role: "tool" as const, tool_call_id: block.id, content, name: block.name };
}

/** A tool call in OpenAI-compatible chat APIs' function shape, its arguments as the API wants. */
export function functionToolCall<Arguments>(block: ToolUseBlock, args: Arguments) {
  return {
    id: block.id,
    type: "function" as const,
    function: { name: block.name, arguments: args },
  };
}
