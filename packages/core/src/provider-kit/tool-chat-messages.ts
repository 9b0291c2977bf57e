import type { FormatterBase } from "../formatter/formatter-base.js";
import type { PromoteToolResultMediaOptions } from "../formatter/promote-tool-result-media.js";
import { warnSkippedBlock } from "../formatter/warn-skipped-block.js";
import type { ContentBlock, ToolUseBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import { isPromiseLike } from "../utils/promise-like.js";
import { toolResultText, toolRoleMessage } from "./chat-formatter-pieces.js";

/** What an OpenAI-style chat formatter says about its API in {@link formatToolChat}. */
export interface ToolChatSpec<TMessage, TPart, TCall> {
  /** Which tool-result media are promoted to a user message after the tool message. */
  promote: PromoteToolResultMediaOptions;
  /** A tool call as the API takes it. */
  toolCall(block: ToolUseBlock): TCall;
  /**
   * A content block (not a tool call or result) as the API's part: `null` leaves it out quietly,
   * `undefined` leaves it out with a warning that the formatter does not support it.
   */
  part(block: ContentBlock, msg: Msg): Promise<TPart | null | undefined> | TPart | null | undefined;
  /** The API message of `msg` from its parts and tool calls; `undefined` sends none. */
  message(msg: Msg, parts: TPart[], toolCalls: TCall[]): TMessage | undefined;
}

/**
 * The message loop of AgentScope's OpenAI-style chat formatters (OpenAI, DashScope, Ollama): per
 * message, its blocks as parts and tool calls, each tool result as a `role: "tool"` message (its
 * media promoted to a user message that the loop meets next), then the message itself. From
 * `msgs[start]` on (a formatter's `formatMessagesFrom`): each message's output depends on it alone.
 */
export async function formatToolChat<TMessage, TPart, TCall>(
  formatter: FormatterBase<object>,
  msgs: Msg[],
  spec: ToolChatSpec<TMessage, TPart, TCall>,
  start = 0,
): Promise<(TMessage | ReturnType<typeof toolRoleMessage>)[]> {
  const messages: (TMessage | ReturnType<typeof toolRoleMessage>)[] = [];
  for (let i = start; i < msgs.length; i++) {
    const msg = msgs[i] as Msg;
    const parts: TPart[] = [];
    const toolCalls: TCall[] = [];
    for (const block of msg.getContentBlocks()) {
      if (block.type === "tool_use") toolCalls.push(spec.toolCall(block));
      else if (block.type === "tool_result") {
        // Awaited only when it is a promise (media to convert): most steps format text alone.
        const text = toolResultText(formatter, block, msgs, i, spec.promote);
        messages.push(toolRoleMessage(block, typeof text === "string" ? text : await text));
      } else {
        const maybe = spec.part(block, msg);
        const part = isPromiseLike(maybe) ? await maybe : maybe;
        if (part === undefined) warnSkippedBlock(formatter.constructor.name, block.type);
        else if (part !== null) parts.push(part);
      }
    }
    const message = spec.message(msg, parts, toolCalls);
    if (message !== undefined) messages.push(message);
  }
  return messages;
}
