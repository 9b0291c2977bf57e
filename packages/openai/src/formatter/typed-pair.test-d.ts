// Type tests of the OpenAI formatter/model pairs (checked by `pnpm typecheck`, never run): each
// formatter infers with its model; Chat Completions and Responses messages do not mix; another
// provider's messages do not reach an OpenAI model; the SDK's own message types are accepted.
import { createRegistry, FormatterBase, type Msg, ReActAgent } from "@agentscope-ts/core";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type {
  ResponseCreateParamsBase,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { expectTypeOf } from "vitest";
import { toChatCompletionParams } from "../model/chat-completions-request.js";
import { OpenAIChatModel } from "../model/openai-chat-model.js";
import { OpenAIResponseModel } from "../model/openai-response-model.js";
import { toResponseCreateParams } from "../model/responses-request.js";
import { deepseek, openai } from "../provider/openai-provider.js";
import { DeepSeekChatFormatter } from "./deepseek-chat-formatter.js";
import { DeepSeekMultiAgentFormatter } from "./deepseek-multi-agent-formatter.js";
import { OpenAIChatFormatter } from "./openai-chat-formatter.js";
import type { OpenAIChatMessage } from "./openai-chat-message.js";
import { OpenAIMultiAgentFormatter } from "./openai-multi-agent-formatter.js";
import { OpenAIResponseChatFormatter } from "./openai-response-chat-formatter.js";
import type { OpenAIResponseInputItem } from "./openai-response-input.js";
import { OpenAIResponseMultiAgentFormatter } from "./openai-response-multi-agent-formatter.js";

/**
 * A message of the Anthropic Messages API's shape: another provider's type. Its content blocks
 * include `tool_use`, `tool_result` and base64 `image` blocks, which OpenAI does not read (a
 * text-only Anthropic message is also a valid OpenAI chat message, and type-checks as one).
 */
interface AnthropicShapedMessage {
  role: "user" | "assistant";
  content: (
    | { type: "text"; text: string }
    | { type: "tool_use"; id: string; name: string; input: unknown }
    | { type: "tool_result"; tool_use_id: string; content: string }
    | { type: "image"; source: { type: "base64"; media_type: string; data: string } }
  )[];
}

/** A formatter producing Anthropic-shaped messages (stands in for AnthropicChatFormatter). */
class AnthropicShapedFormatter extends FormatterBase<AnthropicShapedMessage> {
  async format(msgs: readonly Msg[]): Promise<AnthropicShapedMessage[]> {
    return msgs.map((m) => ({
      role: m.role === "assistant" ? "assistant" : "user",
      content: [{ type: "text", text: m.getTextContent() ?? "" }],
    }));
  }
}

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new OpenAIChatModel({ modelName: "gpt-4.1", apiKey: "k" });
const responseModel = new OpenAIResponseModel({ modelName: "gpt-5", apiKey: "k" });

// The formatters produce the typed message unions, not records.
expectTypeOf<Awaited<ReturnType<OpenAIChatFormatter["format"]>>>().toEqualTypeOf<
  OpenAIChatMessage[]
>();
expectTypeOf<Awaited<ReturnType<OpenAIResponseChatFormatter["format"]>>>().toEqualTypeOf<
  OpenAIResponseInputItem[]
>();
expectTypeOf<OpenAIChatMessage>().not.toEqualTypeOf<Record<string, unknown>>();

// The Chat Completions model with an OpenAI formatter (chat or multi-agent) infers its messages.
const chat = new ReActAgent({ ...base, model, formatter: new OpenAIChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new OpenAIMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();

// The DeepSeek formatters fit the Chat Completions model DeepSeek is served by.
const ds = new ReActAgent({ ...base, model, formatter: new DeepSeekChatFormatter() });
expectTypeOf(ds).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();
const dsMulti = new ReActAgent({ ...base, model, formatter: new DeepSeekMultiAgentFormatter() });
expectTypeOf(dsMulti).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();

// The Responses model with a Responses formatter infers Responses input items.
const responses = new ReActAgent({
  ...base,
  model: responseModel,
  formatter: new OpenAIResponseChatFormatter(),
});
expectTypeOf(responses).toEqualTypeOf<ReActAgent<OpenAIResponseInputItem>>();
const responsesMulti = new ReActAgent({
  ...base,
  model: responseModel,
  formatter: new OpenAIResponseMultiAgentFormatter(),
});
expectTypeOf(responsesMulti).toEqualTypeOf<ReActAgent<OpenAIResponseInputItem>>();

// Chat Completions messages and Responses input items do not mix.
const responsesOnChat = { ...base, model, formatter: new OpenAIResponseChatFormatter() };
// @ts-expect-error Responses input items (function_call, reasoning…) are not chat messages
new ReActAgent(responsesOnChat);
const chatOnResponses = { ...base, model: responseModel, formatter: new OpenAIChatFormatter() };
// @ts-expect-error chat messages (image_url parts, role "tool") are not Responses input items
new ReActAgent(chatOnResponses);
// @ts-expect-error a function_call item is not a chat message
model.call([{ type: "function_call", call_id: "c", name: "f", arguments: "{}" }]);

// The OpenAI models with another provider's formatter or messages do not compile.
const mismatched = { ...base, model, formatter: new AnthropicShapedFormatter() };
// @ts-expect-error Anthropic-shaped messages are not OpenAI's
new ReActAgent(mismatched);
const anthropicMessages: AnthropicShapedMessage[] = [
  { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "f", input: {} }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] },
];
// @ts-expect-error Anthropic-shaped messages are not OpenAI chat messages
model.call(anthropicMessages);
// @ts-expect-error nor Responses input items
responseModel.call(anthropicMessages);
// @ts-expect-error Chat Completions' `text` parts are not Responses' `input_text`
responseModel.call([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);

// The SDK's own message types are accepted as they are, and so are the wire forms of v1.0.21.
expectTypeOf<ChatCompletionMessageParam>().toExtend<OpenAIChatMessage>();
expectTypeOf<ResponseInputItem>().toExtend<OpenAIResponseInputItem>();
model.call([
  { role: "tool", tool_call_id: "c", content: "ok", name: "get_weather" },
  { role: "assistant", content: "Sunny.", reasoning_content: "Look it up." },
  { role: "system", name: "system", content: [{ type: "image_url", image_url: { url: "x" } }] },
]);
responseModel.call([
  { role: "user", content: [{ type: "input_audio", input_audio: { data: "QQ", format: "wav" } }] },
  { role: "assistant", content: [{ type: "output_text", text: "Hi" }] },
  { type: "reasoning", id: "rs_1", summary: [] },
]);
model.call([
  // @ts-expect-error the SDK's audio formats are wav and mp3, which v1.0.21 also enforces
  { role: "user", content: [{ type: "input_audio", input_audio: { data: "Q", format: "ogg" } }] },
]);

// Request bodies reach the SDK as its own parameter types.
expectTypeOf(toChatCompletionParams).returns.toEqualTypeOf<ChatCompletionCreateParamsBase>();
expectTypeOf(toResponseCreateParams).returns.toEqualTypeOf<ResponseCreateParamsBase>();

// A registry's OpenAI model and formatter fit each other, per API.
const registry = createRegistry()
  .register(openai({ apiKey: "k" }))
  .register(openai({ id: "resp", api: "responses", apiKey: "k" }))
  .register(deepseek({ apiKey: "d" }));
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("openai:gpt-4.1"),
  formatter: registry.formatter("openai"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();
const resolvedResponses = new ReActAgent({
  ...base,
  model: registry.chatModel("resp:gpt-5"),
  formatter: registry.formatter("resp"),
});
expectTypeOf(resolvedResponses).toEqualTypeOf<ReActAgent<OpenAIResponseInputItem>>();
const resolvedDeepSeek = new ReActAgent({
  ...base,
  model: registry.chatModel("deepseek:deepseek-chat"),
  formatter: registry.formatter("deepseek"),
});
expectTypeOf(resolvedDeepSeek).toEqualTypeOf<ReActAgent<OpenAIChatMessage>>();
const crossed = { ...base, model: registry.chatModel("openai:gpt-4.1") };
// @ts-expect-error the registry's OpenAI model does not read Anthropic-shaped messages
new ReActAgent({ ...crossed, formatter: new AnthropicShapedFormatter() });
// @ts-expect-error nor the Responses provider's input items
new ReActAgent({ ...crossed, formatter: registry.formatter("resp") });

// The scripted test double reads the OpenAI formatters' messages.
new ReActAgent({ ...base, model: new ScriptedChatModel(), formatter: new OpenAIChatFormatter() });
new ReActAgent({
  ...base,
  model: new ScriptedChatModel(),
  formatter: new OpenAIResponseChatFormatter(),
});
