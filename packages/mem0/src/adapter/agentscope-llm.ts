import {
  type ChatModelBase,
  type ChatResponse,
  ModelError,
  type ToolFunctionSchema,
} from "@agentscope-ts/core";
import type { LLM, LLMResponse, Message } from "mem0ai/oss";

/**
 * A message as {@link AgentScopeLLM} sends it to the chat model: mem0's system, user and
 * assistant text. A model whose message type takes this shape (OpenAI's, among others) fits.
 */
export interface Mem0ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A tool call as mem0 expects it back from an LLM. */
interface Mem0ToolCall {
  name: string;
  arguments: string;
}

const ROLES = ["system", "user", "assistant"] as const;

/** The message's role when mem0's message is a system, user or assistant one. */
function chatRole(role: string): Mem0ChatMessage["role"] | undefined {
  return ROLES.find((known) => known === role);
}

// mem0's own JSON clean-up (fences and chat-template tokens) before its parser runs; written here
// because mem0 does not export it. Used only to check the answer, never to change it.
function stripFences(text: string): string {
  return text
    .replace(/<\|(?:end_of_text|eot_id|im_end|im_start|endoftext)\|>/g, "")
    .replace(/```(?:json)?/g, "")
    .trim();
}

function hasJsonObject(text: string): boolean {
  const cleaned = stripFences(text);
  const start = cleaned.indexOf("{");
  const end = cleaned.lastIndexOf("}");
  if (start < 0 || end <= start) return false;
  try {
    const value: unknown = JSON.parse(cleaned.slice(start, end + 1));
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * mem0's `LLM`, answered by an AgentScope-TS chat model (AgentScope's `AgentScopeLLM`): mem0's
 * `{role, content}` messages go to `model.call()` as they are (system/user/assistant only), and
 * the answer's thinking (as `[Thinking: …]`) and text come back as one string, or
 * `{content, role, toolCalls}` when mem0 passed tools.
 *
 * Unlike the reference, when mem0 asks for a JSON object (`response_format: json_object`) and the
 * model's answer holds none, this throws a {@link ModelError}: mem0 would otherwise log the parse
 * failure and silently record nothing.
 */
export class AgentScopeLLM implements LLM {
  /** The chat model mem0 talks to. */
  readonly model: ChatModelBase<Mem0ChatMessage>;

  constructor(model: ChatModelBase<Mem0ChatMessage>) {
    this.model = model;
  }

  /** Answers mem0's extraction (and other) prompts. */
  async generateResponse(
    messages: Array<{ role: string; content: string }>,
    responseFormat?: { type: string },
    tools?: unknown[],
  ): Promise<string | LLMResponse> {
    const response = await this.#call(messages, tools);
    const { thinking, text, toolCalls } = parse(response);
    if (tools && tools.length > 0) {
      return {
        content: [...thinking, text].filter(Boolean).join("\n"),
        role: "assistant",
        toolCalls,
      };
    }
    if (responseFormat?.type !== "json_object")
      return [...thinking, text].filter(Boolean).join("\n");
    // Thinking is left out of a JSON answer, so it cannot confuse mem0's JSON parser.
    if (!hasJsonObject(text)) {
      throw new ModelError(
        `The ${this.model.provider} model ${this.model.modelName} answered mem0 without the JSON object it asked for: ${JSON.stringify(text.slice(0, 200))}. Use a model that follows JSON instructions.`,
        { provider: this.model.provider },
      );
    }
    return text;
  }

  /** Answers a plain chat request from mem0. */
  async generateChat(messages: Message[]): Promise<LLMResponse> {
    const plain = messages.map((m) => ({
      role: m.role,
      content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
    }));
    const { thinking, text } = parse(await this.#call(plain));
    return { content: [...thinking, text].filter(Boolean).join("\n"), role: "assistant" };
  }

  async #call(
    messages: Array<{ role: string; content: string }>,
    tools?: unknown[],
  ): Promise<ChatResponse> {
    const kept = messages.flatMap((m): Mem0ChatMessage[] => {
      const role = chatRole(m.role);
      return role ? [{ role, content: m.content }] : [];
    });
    if (kept.length === 0) {
      throw new ModelError("mem0 sent no system, user or assistant message to the chat model.", {
        provider: this.model.provider,
      });
    }
    return this.model.call(
      kept,
      tools && tools.length > 0 ? { tools: tools as ToolFunctionSchema[] } : undefined,
    );
  }
}

function parse(response: ChatResponse): {
  thinking: string[];
  text: string;
  toolCalls: Mem0ToolCall[];
} {
  const thinking: string[] = [];
  const texts: string[] = [];
  const toolCalls: Mem0ToolCall[] = [];
  for (const block of response.content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "thinking") thinking.push(`[Thinking: ${block.thinking}]`);
    else if (block.type === "tool_use") {
      toolCalls.push({ name: block.name, arguments: JSON.stringify(block.input ?? {}) });
    }
  }
  return { thinking, text: texts.join("\n"), toolCalls };
}
