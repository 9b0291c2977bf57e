import {
  type Msg,
  pythonJsonDumps,
  TruncatedFormatterBase,
  warnSkippedBlock,
} from "@agentscope-ts/core";
import { type OpenAIChatMessage, type OpenAIToolCall, roleMessage } from "./openai-chat-message.js";

/**
 * AgentScope's `DeepSeekChatFormatter`: messages for the DeepSeek API (OpenAI-compatible, text
 * only). Content is a string (text blocks joined by newlines), thinking blocks go in
 * `reasoning_content`, tool calls and results as in OpenAI's format; no `name` field, no media.
 */
export class DeepSeekChatFormatter extends TruncatedFormatterBase<OpenAIChatMessage> {
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = false;
  static readonly supportVision = false;

  protected override async formatMessages(msgs: Msg[]): Promise<OpenAIChatMessage[]> {
    const messages: OpenAIChatMessage[] = [];
    for (const msg of msgs) {
      const texts: string[] = [];
      const thinking: string[] = [];
      const toolCalls: OpenAIToolCall[] = [];
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") texts.push(block.text ?? "");
        else if (block.type === "thinking") thinking.push(block.thinking ?? "");
        else if (block.type === "tool_use") {
          toolCalls.push({
            id: block.id,
            type: "function",
            function: { name: block.name, arguments: pythonJsonDumps(block.input ?? {}) },
          });
        } else if (block.type === "tool_result") {
          const { text } = await this.convertToolResultToString(block.output);
          messages.push({ role: "tool", tool_call_id: block.id, content: text, name: block.name });
        } else {
          warnSkippedBlock(this.constructor.name, block.type);
        }
      }
      const content = texts.join("\n");
      const reasoning = thinking.join("\n");
      if (content || toolCalls.length > 0) {
        messages.push(
          roleMessage(msg.role, {
            content: content || null,
            ...(reasoning ? { reasoning_content: reasoning } : {}),
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          }),
        );
      }
    }
    return messages;
  }
}
