// Type tests of the DashScope formatter/model pair (checked by `pnpm typecheck`, never run).
import {
  CharTokenCounter,
  createRegistry,
  FormatterBase,
  type Msg,
  ReActAgent,
  TokenCounterBase,
} from "@agentscope-ts/core";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import { expectTypeOf } from "vitest";
import { DashScopeChatModel } from "../model/dashscope-chat-model.js";
import { dashscope } from "../provider/dashscope-provider.js";
import { DashScopeChatFormatter } from "./dashscope-chat-formatter.js";
import type { DashScopeMessage } from "./dashscope-message.js";
import { DashScopeMultiAgentFormatter } from "./dashscope-multi-agent-formatter.js";

/** A message of the Anthropic Messages API's shape (typed content blocks): another provider's. */
interface AnthropicShapedMessage {
  role: "user" | "assistant";
  content: (
    | { type: "text"; text: string }
    | { type: "image"; source: { type: "url"; url: string } }
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

/** A token counter of Anthropic-shaped messages. */
class AnthropicShapedCounter extends TokenCounterBase<AnthropicShapedMessage> {
  async count(messages: readonly AnthropicShapedMessage[]): Promise<number> {
    return messages.length;
  }
}

const base = { name: "Friday", sysPrompt: "You are Friday." };
const model = new DashScopeChatModel({ modelName: "qwen-max", apiKey: "k" });

// The DashScope model with a DashScope formatter (chat or multi-agent) infers DashScope's messages.
const chat = new ReActAgent({ ...base, model, formatter: new DashScopeChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<DashScopeMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new DashScopeMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<DashScopeMessage>>();
expectTypeOf(new DashScopeChatFormatter().format).returns.resolves.toEqualTypeOf<
  DashScopeMessage[]
>();
expectTypeOf(model.call).parameter(0).toEqualTypeOf<readonly DashScopeMessage[]>();

// Messages written by hand in DashScope's shapes are accepted.
model.call([
  { role: "system", content: "Be brief." },
  { role: "user", content: [{ text: "What is this?" }, { image: "https://x/y.png" }] },
  {
    role: "assistant",
    content: [],
    tool_calls: [{ id: "1", type: "function", function: { name: "f", arguments: "{}" } }],
  },
  { role: "tool", content: "done", tool_call_id: "1", name: "f" },
]);

// Other providers' shapes do not reach the DashScope model.
model.call([
  // @ts-expect-error Anthropic's `image` block with a `source` is not a DashScope `{image}` part
  { role: "user", content: [{ type: "image", source: { type: "url", url: "https://x/y.png" } }] },
]);
// @ts-expect-error a tool message needs the id of the call it answers
model.call([{ role: "tool", content: "done" }]);
// @ts-expect-error Gemini's `model` role and `parts` are not DashScope's
model.call([{ role: "model", parts: [{ text: "hi" }] }]);

// The DashScope model with another provider's formatter does not compile.
const crossed = { ...base, model, formatter: new AnthropicShapedFormatter() };
// @ts-expect-error Anthropic-shaped messages are not DashScope's
new ReActAgent(crossed);

// The formatters truncate with a counter of their own messages (or one reading any), not another's.
new DashScopeChatFormatter({ tokenCounter: new CharTokenCounter(), maxTokens: 100 });
// @ts-expect-error this counter reads Anthropic-shaped messages
new DashScopeMultiAgentFormatter({ tokenCounter: new AnthropicShapedCounter(), maxTokens: 100 });

// A registry's DashScope model and formatter fit each other, and not another's.
const registry = createRegistry().register(dashscope({ apiKey: "k" }));
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("dashscope:qwen-max"),
  formatter: registry.formatter("dashscope"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<DashScopeMessage>>();
const registryModel = { ...base, model: registry.chatModel("dashscope:qwen-max") };
// @ts-expect-error the registry's DashScope model does not read Anthropic-shaped messages
new ReActAgent({ ...registryModel, formatter: new AnthropicShapedFormatter() });

// The scripted test double reads the DashScope formatter's messages.
new ReActAgent({
  ...base,
  model: new ScriptedChatModel(),
  formatter: new DashScopeChatFormatter(),
});
