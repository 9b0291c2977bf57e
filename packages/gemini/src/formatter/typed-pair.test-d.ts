// Type tests of the Gemini formatter/model pair (checked by `pnpm typecheck`, never run).
import { createRegistry, FormatterBase, type Msg, ReActAgent } from "@agentscope-ts/core";
import type { Content } from "@google/genai";
import { expectTypeOf } from "vitest";
import { GeminiChatModel } from "../model/gemini-chat-model.js";
import { toSdkContents } from "../model/gemini-sdk-contents.js";
import { gemini } from "../provider/gemini-provider.js";
import { GeminiTokenCounter } from "../token/gemini-token-counter.js";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";
import type { GeminiContent, GeminiPart } from "./gemini-content.js";
import { GeminiMultiAgentFormatter } from "./gemini-multi-agent-formatter.js";

/** A message of the OpenAI Chat Completions shape: another provider's type. */
interface OpenAIShapedMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A formatter producing OpenAI-shaped messages (stands in for OpenAIChatFormatter). */
class OpenAIShapedFormatter extends FormatterBase<OpenAIShapedMessage> {
  async format(msgs: readonly Msg[]): Promise<OpenAIShapedMessage[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() ?? "" }));
  }
}

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new GeminiChatModel({ modelName: "gemini-2.5-flash", apiKey: "k" });

// The Gemini model with a Gemini formatter (chat or multi-agent) infers Gemini's contents.
const chat = new ReActAgent({ ...base, model, formatter: new GeminiChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<GeminiContent>>();
const multi = new ReActAgent({ ...base, model, formatter: new GeminiMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<GeminiContent>>();

// The Gemini model with another provider's formatter does not compile.
const mismatched = { ...base, model, formatter: new OpenAIShapedFormatter() };
// @ts-expect-error OpenAI-shaped messages are not Gemini contents
new ReActAgent(mismatched);

// The model reads Gemini contents only: OpenAI-shaped messages fail, snake_case parts pass.
// @ts-expect-error an OpenAI-shaped message has no `parts`
model.call([{ role: "user", content: "hi" }]);
model.call([
  { role: "user", parts: [{ text: "hi" }, { inline_data: { data: "", mime_type: "" } }] },
]);
model.call([{ role: "model", parts: [{ function_call: { id: null, name: "f", args: {} } }] }]);
// @ts-expect-error parts are snake_case on the wire: `inlineData` is the SDK's spelling
model.call([{ role: "user", parts: [{ inlineData: { data: "", mimeType: "" } }] }]);

// A part is the SDK's `Part` in snake_case; the adapter gives the SDK's `Content`.
expectTypeOf<GeminiPart["thought_signature"]>().toEqualTypeOf<string | undefined>();
expectTypeOf(toSdkContents).returns.toEqualTypeOf<Content[]>();

// The token counter counts Gemini contents, and fits the formatter's truncation.
expectTypeOf(new GeminiTokenCounter({ modelName: "m", apiKey: "k" }).count)
  .parameter(0)
  .toEqualTypeOf<readonly GeminiContent[]>();
new GeminiChatFormatter({
  tokenCounter: new GeminiTokenCounter({ modelName: "m", apiKey: "k" }),
  maxTokens: 100,
});

// A registry's Gemini model and formatter fit each other, not another provider's formatter.
const registry = createRegistry().register(gemini({ apiKey: "k" }));
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("gemini:gemini-2.5-flash"),
  formatter: registry.formatter("gemini"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<GeminiContent>>();
const crossed = { ...base, model: registry.chatModel("gemini:gemini-2.5-flash") };
// @ts-expect-error the registry's Gemini model does not read OpenAI-shaped messages
new ReActAgent({ ...crossed, formatter: new OpenAIShapedFormatter() });
