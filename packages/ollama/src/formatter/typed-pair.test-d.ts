// Type tests of the Ollama formatter/model pair (checked by `pnpm typecheck`, never run).
import {
  ChatModelBase,
  type ChatResponse,
  createChatResponse,
  createRegistry,
  FormatterBase,
  type Msg,
  ReActAgent,
} from "@agentscope-ts/core";
import type { ChatRequest } from "ollama/browser";
import { expectTypeOf } from "vitest";
import { OllamaChatModel } from "../model/ollama-chat-model.js";
import { toSdkChatRequest } from "../model/ollama-chat-request.js";
import { ollama } from "../provider/ollama-provider.js";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import type { OllamaMessage } from "./ollama-message.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

/** A content of the Gemini API's shape: another provider's type. */
interface GeminiShapedContent {
  role: "user" | "model";
  parts: { text: string }[];
}

/** A formatter producing Gemini-shaped contents (stands in for GeminiChatFormatter). */
class GeminiShapedFormatter extends FormatterBase<GeminiShapedContent> {
  async format(msgs: readonly Msg[]): Promise<GeminiShapedContent[]> {
    return msgs.map((m) => ({
      role: m.role === "assistant" ? "model" : "user",
      parts: [{ text: m.getTextContent() ?? "" }],
    }));
  }
}

/** A model reading Gemini-shaped contents (stands in for GeminiChatModel). */
class GeminiShapedModel extends ChatModelBase<GeminiShapedContent> {
  readonly provider = "gemini-shaped";
  protected override async doCall(messages: readonly GeminiShapedContent[]): Promise<ChatResponse> {
    return createChatResponse({
      content: [{ type: "text", text: messages[0]?.parts[0]?.text ?? "" }],
    });
  }
}
const geminiShapedModel = new GeminiShapedModel({ modelName: "g" });

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new OllamaChatModel({ modelName: "qwen3:0.6b" });

// The Ollama model with an Ollama formatter (chat or multi-agent) infers Ollama's messages.
const chat = new ReActAgent({ ...base, model, formatter: new OllamaChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<OllamaMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new OllamaMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<OllamaMessage>>();

// The Ollama model with another provider's formatter does not compile, nor the reverse.
const mismatched = { ...base, model, formatter: new GeminiShapedFormatter() };
// @ts-expect-error Gemini-shaped contents are not Ollama messages
new ReActAgent(mismatched);
const reversed = { ...base, model: geminiShapedModel, formatter: new OllamaChatFormatter() };
// @ts-expect-error the Ollama formatter's messages are not what a Gemini-shaped model reads
new ReActAgent(reversed);

// The model reads Ollama messages, with the wire's extras over the library's `Message`.
// @ts-expect-error a Gemini-shaped content has no `content`
model.call([{ role: "user", parts: [{ text: "hi" }] }]);
model.call([
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "1", type: "function", function: { name: "f", arguments: {} } }],
  },
  { role: "tool", tool_call_id: "1", name: "f", content: "ok" },
]);
expectTypeOf(toSdkChatRequest).returns.toEqualTypeOf<ChatRequest>();

// A registry's Ollama model and formatter fit each other, not another provider's formatter.
const registry = createRegistry().register(ollama());
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("ollama:qwen3:0.6b"),
  formatter: registry.formatter("ollama"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<OllamaMessage>>();
const crossed = { ...base, model: registry.chatModel("ollama:qwen3:0.6b") };
// @ts-expect-error the registry's Ollama model does not read Gemini-shaped contents
new ReActAgent({ ...crossed, formatter: new GeminiShapedFormatter() });
