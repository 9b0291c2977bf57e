// Type tests of the Hugging Face token counter's message type (checked by `pnpm typecheck`, never
// run): it reads OpenAI-style role/content messages (what chat templates take) from any
// formatter producing them, and refuses messages of another shape.
import {
  ChatModelBase,
  type ChatResponse,
  createChatResponse,
  type Msg,
  ReActAgent,
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import { HuggingFaceTokenCounter } from "./huggingface-token-counter.js";
import type { ChatTemplateMessage } from "./template-messages.js";

/** An OpenAI-style message (what the OpenAI, DashScope, Ollama and llama.cpp formatters give). */
interface OpenAIStyleMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | { type: "text"; text: string }[] | null;
  tool_call_id?: string;
}

/** A Gemini-style message: optional role, `parts` instead of `content`. */
interface GeminiStyleMessage {
  role?: string;
  parts: { text: string }[];
}

class OpenAIStyleFormatter extends TruncatedFormatterBase<OpenAIStyleMessage> {
  constructor(options: TruncatedFormatterBaseOptions<OpenAIStyleMessage> = {}) {
    super(options);
  }
  protected override async formatMessages(msgs: Msg[]): Promise<OpenAIStyleMessage[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

class GeminiStyleFormatter extends TruncatedFormatterBase<GeminiStyleMessage> {
  constructor(options: TruncatedFormatterBaseOptions<GeminiStyleMessage> = {}) {
    super(options);
  }
  protected override async formatMessages(msgs: Msg[]): Promise<GeminiStyleMessage[]> {
    return msgs.map((m) => ({ role: m.role, parts: [{ text: m.getTextContent() ?? "" }] }));
  }
}

class OpenAIStyleModel extends ChatModelBase<OpenAIStyleMessage> {
  readonly provider = "openai-style";
  protected override async doCall(): Promise<ChatResponse> {
    return createChatResponse({ content: [] });
  }
}

const counter = new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: "Qwen/Qwen3-8B" });
expectTypeOf(counter.count).parameter(0).toEqualTypeOf<readonly ChatTemplateMessage[]>();

// OpenAI-style messages, as formatters write them, are counted: null content, tool calls, parts.
counter.count([
  { role: "system", content: "Be brief." },
  { role: "user", content: [{ type: "text", text: "Hi" }, { image: "https://x/y.png" }] },
  { role: "assistant", content: null },
]);
declare const toolMessage: { role: "tool"; content: string; tool_call_id: string; name: string };
counter.count([toolMessage]);

// A message without a role is not a chat-template message.
// @ts-expect-error Gemini's `parts` without a role are not what a chat template reads
counter.count([{ parts: [{ text: "hi" }] }]);

// It truncates for a formatter of OpenAI-style messages, and counts for an agent using one.
new OpenAIStyleFormatter({ tokenCounter: counter, maxTokens: 100 });
new ReActAgent({
  name: "Friday",
  sysPrompt: "You are Friday.",
  model: new OpenAIStyleModel({ modelName: "m" }),
  formatter: new OpenAIStyleFormatter(),
  compressionConfig: { enable: true, agentTokenCounter: counter, triggerThreshold: 1000 },
});

// A formatter of another shape does not take it.
// @ts-expect-error the counter reads role/content messages, not Gemini's parts
new GeminiStyleFormatter({ tokenCounter: counter, maxTokens: 100 });
