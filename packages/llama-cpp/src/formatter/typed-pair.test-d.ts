// Type tests of the llama.cpp formatter/model pair (checked by `pnpm typecheck`, never run).
import { createRegistry, FormatterBase, type Msg, ReActAgent } from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import { LlamaCppChatModel } from "../model/llama-cpp-chat-model.js";
import { llamaCpp } from "../provider/llama-cpp-provider.js";
import { LlamaCppChatFormatter } from "./llama-cpp-chat-formatter.js";
import type { LlamaCppMessage } from "./llama-cpp-message.js";
import { LlamaCppMultiAgentFormatter } from "./llama-cpp-multi-agent-formatter.js";

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

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new LlamaCppChatModel({ modelPath: "/models/tiny.gguf" });

// The llama.cpp model with a llama.cpp formatter (chat or multi-agent) infers its messages.
const chat = new ReActAgent({ ...base, model, formatter: new LlamaCppChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<LlamaCppMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new LlamaCppMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<LlamaCppMessage>>();

// The llama.cpp model with another provider's formatter does not compile.
const mismatched = { ...base, model, formatter: new GeminiShapedFormatter() };
// @ts-expect-error Gemini-shaped contents are not llama.cpp messages
new ReActAgent(mismatched);

// The model reads its message union only: a loose record or an unknown role fails.
// @ts-expect-error a Gemini-shaped content is no llama.cpp message
model.call([{ role: "user", parts: [{ text: "hi" }] }]);
// @ts-expect-error no such role
model.call([{ role: "robot", content: "x" }]);
model.call([
  { role: "system", content: "Be brief." },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "1", type: "function", function: { name: "f", arguments: {} } }],
  },
  { role: "tool", tool_call_id: "1", name: "f", content: "ok" },
]);

// A registry's llama.cpp model and formatter fit each other, not another provider's formatter.
const registry = createRegistry().register(llamaCpp());
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("llama-cpp:/models/tiny.gguf"),
  formatter: registry.formatter("llama-cpp"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<LlamaCppMessage>>();
const crossed = { ...base, model: registry.chatModel("llama-cpp:/models/tiny.gguf") };
// @ts-expect-error the registry's llama.cpp model does not read Gemini-shaped contents
new ReActAgent({ ...crossed, formatter: new GeminiShapedFormatter() });
