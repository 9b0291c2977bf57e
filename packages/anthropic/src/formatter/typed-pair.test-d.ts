// Type tests of the Anthropic formatter/model pair (checked by `pnpm typecheck`, never run).
import {
  CharTokenCounter,
  ChatModelBase,
  type ChatResponse,
  createChatResponse,
  createRegistry,
  FormatterBase,
  type Msg,
  ReActAgent,
  TokenCounterBase,
} from "@agentscope-ts/core";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { expectTypeOf } from "vitest";
import { AnthropicChatModel } from "../model/anthropic-chat-model.js";
import { anthropic } from "../provider/anthropic-provider.js";
import { AnthropicTokenCounter } from "../token/anthropic-token-counter.js";
import { AnthropicChatFormatter } from "./anthropic-chat-formatter.js";
import type { AnthropicMessage } from "./anthropic-message.js";
import { AnthropicMultiAgentFormatter } from "./anthropic-multi-agent-formatter.js";

/** A message of the OpenAI Chat Completions shape: another provider's type. */
interface OpenAIShapedMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | { type: "text" | "image_url"; text?: string; image_url?: { url: string } }[];
  tool_call_id?: string;
}

/** A message of DashScope's native shape (content parts without `type`). */
interface DashScopeShapedMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | ({ text: string } | { image: string })[];
}

/** A formatter producing OpenAI-shaped messages (stands in for OpenAIChatFormatter). */
class OpenAIShapedFormatter extends FormatterBase<OpenAIShapedMessage> {
  async format(msgs: readonly Msg[]): Promise<OpenAIShapedMessage[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() ?? "" }));
  }
}

/** A model reading DashScope-shaped messages (stands in for DashScopeChatModel). */
class DashScopeShapedModel extends ChatModelBase<DashScopeShapedMessage> {
  readonly provider = "dashscope";
  protected override async doCall(): Promise<ChatResponse> {
    return createChatResponse({ content: [] });
  }
}

/** A token counter of OpenAI-shaped messages. */
class OpenAIShapedCounter extends TokenCounterBase<OpenAIShapedMessage> {
  async count(messages: readonly OpenAIShapedMessage[]): Promise<number> {
    return messages.length;
  }
}

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new AnthropicChatModel({ modelName: "claude-sonnet-4-5", apiKey: "k" });

// The Anthropic model with an Anthropic formatter (chat or multi-agent) infers Anthropic's messages.
const chat = new ReActAgent({ ...base, model, formatter: new AnthropicChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<AnthropicMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new AnthropicMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<AnthropicMessage>>();

// The formatter's output is what the model and the token counter read.
expectTypeOf(new AnthropicChatFormatter().format).returns.resolves.toEqualTypeOf<
  AnthropicMessage[]
>();
expectTypeOf(model.call).parameter(0).toEqualTypeOf<readonly AnthropicMessage[]>();
expectTypeOf(new AnthropicTokenCounter({ modelName: "m" }).count)
  .parameter(0)
  .toEqualTypeOf<readonly AnthropicMessage[]>();

// Messages written by hand in the SDK's own types are accepted as they are.
declare const sdkMessages: MessageParam[];
model.call(sdkMessages);
model.call([{ role: "user", content: "Hi" }]);
model.call([{ role: "user", content: [{ type: "text", text: "Hi", cache_control: null }] }]);

// OpenAI-shaped messages do not reach the Anthropic model.
// @ts-expect-error Claude has no "tool" role: tool results are user `tool_result` blocks
model.call([{ role: "tool", tool_call_id: "1", content: "sunny" }]);
model.call([
  // @ts-expect-error `image_url` is OpenAI's image part; Claude takes `image` with a `source`
  { role: "user", content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }] },
]);

// The Anthropic model with another provider's formatter does not compile.
const openaiFormatted = { ...base, model, formatter: new OpenAIShapedFormatter() };
// @ts-expect-error OpenAI-shaped messages are not Anthropic's
new ReActAgent(openaiFormatted);

// An Anthropic formatter with another provider's model does not compile either.
const dashscopeModel = new DashScopeShapedModel({ modelName: "qwen-max" });
const crossedModel = { ...base, model: dashscopeModel, formatter: new AnthropicChatFormatter() };
// @ts-expect-error Anthropic's content blocks are not DashScope's parts
new ReActAgent(crossedModel);

// The formatters truncate with a counter of their own messages (or one reading any), not another's.
new AnthropicChatFormatter({ tokenCounter: new AnthropicTokenCounter({ modelName: "m" }) });
new AnthropicChatFormatter({ tokenCounter: new CharTokenCounter(), maxTokens: 100 });
// @ts-expect-error this counter reads OpenAI-shaped messages
new AnthropicMultiAgentFormatter({ tokenCounter: new OpenAIShapedCounter(), maxTokens: 100 });

// A registry's Anthropic model and formatter fit each other, and not another's.
const registry = createRegistry().register(anthropic({ apiKey: "k" }));
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("anthropic:claude-sonnet-4-5"),
  formatter: registry.formatter("anthropic"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<AnthropicMessage>>();
const crossed = { ...base, model: registry.chatModel("anthropic:claude-sonnet-4-5") };
// @ts-expect-error the registry's Anthropic model does not read OpenAI-shaped messages
new ReActAgent({ ...crossed, formatter: new OpenAIShapedFormatter() });

// The scripted test double reads the Anthropic formatter's messages.
new ReActAgent({
  ...base,
  model: new ScriptedChatModel(),
  formatter: new AnthropicChatFormatter(),
});
