import {
  type Msg,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import type { LlamaCppMessage, LlamaCppToolCall } from "./llama-cpp-message.js";

/** Options of {@link LlamaCppChatFormatter}: AgentScope's truncation options. */
export type LlamaCppChatFormatterOptions = TruncatedFormatterBaseOptions;

/**
 * The formatter for a chat between one user and one agent on a local llama.cpp model (the
 * counterpart of AgentScope's `OllamaChatFormatter`): each `Msg` becomes a message with its role;
 * text blocks are joined with newlines, `tool_use` blocks become `tool_calls` and each
 * `tool_result` becomes a `tool` message (its output as text, media as "can be found at" lines).
 * Thinking, image, audio and video blocks are left out: node-llama-cpp models read text only.
 */
export class LlamaCppChatFormatter extends TruncatedFormatterBase<LlamaCppMessage> {
  /** Whether the formatter sends tools through the model's tool API (it does). */
  readonly supportToolsApi = true;
  /** Whether the formatter is meant for several agents (this one is not). */
  readonly supportMultiagent: boolean = false;
  /** Whether images reach the model (they do not). */
  readonly supportVision = false;

  constructor(options: LlamaCppChatFormatterOptions = {}) {
    super(options);
  }

  protected override async formatMessages(msgs: Msg[]): Promise<LlamaCppMessage[]> {
    const out: LlamaCppMessage[] = [];
    for (const msg of msgs) {
      const texts: string[] = [];
      const toolCalls: LlamaCppToolCall[] = [];
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") {
          texts.push(block.text);
        } else if (block.type === "tool_use") {
          toolCalls.push({
            id: block.id,
            type: "function",
            function: { name: block.name, arguments: block.input ?? {} },
          });
        } else if (block.type === "tool_result") {
          const { text } = await this.convertToolResultToString(block.output);
          out.push({ role: "tool", tool_call_id: block.id, content: text, name: block.name });
        }
      }
      const content = texts.join("\n");
      if (msg.role === "assistant") {
        if (content || toolCalls.length > 0) {
          const message: LlamaCppMessage = { role: "assistant", content: content || null };
          if (toolCalls.length > 0) message.tool_calls = toolCalls;
          out.push(message);
        }
      } else if (content) {
        out.push({ role: msg.role, content });
      } else if (toolCalls.length > 0) {
        // A tool call in a user or system message: keep it, as an assistant turn.
        out.push({ role: "assistant", content: null, tool_calls: toolCalls });
      }
    }
    return out;
  }
}
