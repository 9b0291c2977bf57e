import { ValidationError } from "@agentscope-ts/core";
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from "node-llama-cpp";
import type { LlamaCppMessage } from "../formatter/llama-cpp-message.js";

/** What a tool call whose result is missing shows the model. */
export const MISSING_TOOL_RESULT = "(no result)";

function toolResult(content: string): unknown {
  // node-llama-cpp writes results as JSON; keep JSON results structured, not double-quoted.
  const trimmed = content.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // not JSON: plain text
    }
  }
  return content;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value);
  return typeof value;
}

/**
 * Turns formatter output ({@link LlamaCppMessage}s) into node-llama-cpp's chat history. System
 * and user messages map one to one; assistant messages and the tool results that follow them
 * merge into one model response (text, then function calls carrying their results, matched by
 * `tool_call_id`, else by name), as node-llama-cpp renders a turn with tool use. A result without
 * its call becomes a user message. When the history ends with a finished assistant turn, an
 * empty model response is added so the model answers anew instead of continuing that text.
 */
export function toChatHistory(messages: readonly LlamaCppMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  let current: ChatModelResponse | undefined;
  let pending = new Map<string, ChatModelFunctionCall>();
  messages.forEach((message, index) => {
    // Checked at run time too: JavaScript callers and casts can pass anything.
    const raw: unknown = message;
    const bad = (path: string, expected: string, value: unknown): ValidationError =>
      new ValidationError(
        "llama.cpp messages",
        [
          {
            path: `[${index}]${path}`,
            message: `expected ${expected}, received ${describe(value)}`,
          },
        ],
        { hint: "Pass the output of LlamaCppChatFormatter or LlamaCppMultiAgentFormatter." },
      );
    if (message === null || typeof message !== "object") throw bad("", "a message object", raw);
    switch (message.role) {
      case "system":
      case "user": {
        if (typeof message.content !== "string") throw bad(".content", "string", message.content);
        current = undefined;
        pending = new Map();
        history.push(
          message.role === "system"
            ? { type: "system", text: message.content }
            : { type: "user", text: message.content },
        );
        return;
      }
      case "assistant": {
        if (!current) {
          current = { type: "model", response: [] };
          history.push(current);
        }
        if (message.content != null && typeof message.content !== "string") {
          throw bad(".content", "string or null", message.content);
        }
        if (message.content) current.response.push(message.content);
        const calls = message.tool_calls ?? [];
        if (!Array.isArray(calls)) throw bad(".tool_calls", "an array", calls);
        calls.forEach((call, i) => {
          const name = call?.function?.name;
          if (typeof name !== "string")
            throw bad(`.tool_calls[${i}].function.name`, "string", name);
          const item: ChatModelFunctionCall = {
            type: "functionCall",
            name,
            params: call.function.arguments ?? {},
            result: MISSING_TOOL_RESULT,
          };
          current?.response.push(item);
          pending.set(typeof call.id === "string" && call.id ? call.id : `#${name}`, item);
        });
        return;
      }
      case "tool": {
        if (typeof message.content !== "string") throw bad(".content", "string", message.content);
        let call = pending.get(message.tool_call_id);
        if (!call) {
          for (const [key, candidate] of pending) {
            if (candidate.name === message.name && candidate.result === MISSING_TOOL_RESULT) {
              call = candidate;
              pending.delete(key);
              break;
            }
          }
        } else {
          pending.delete(message.tool_call_id);
        }
        if (call) {
          call.result = toolResult(message.content);
        } else {
          current = undefined;
          history.push({
            type: "user",
            text: `Result of the tool ${message.name}: ${message.content}`,
          });
        }
        return;
      }
      default:
        throw bad(
          ".role",
          '"system", "user", "assistant" or "tool"',
          (raw as { role?: unknown }).role,
        );
    }
  });
  const last = history[history.length - 1];
  if (last?.type === "model") {
    const tail = last.response[last.response.length - 1];
    if (typeof tail === "string") history.push({ type: "model", response: [] });
  }
  return history;
}
