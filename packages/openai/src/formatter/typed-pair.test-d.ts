// Type tests of the OpenAI formatter/model pair (checked by `pnpm typecheck`, never run).
import { createRegistry, FormatterBase, type Msg, ReActAgent } from "@agentscope-ts/core";
import { ScriptedChatModel } from "@agentscope-ts/core/testing";
import { expectTypeOf } from "vitest";
import { OpenAIChatModel } from "../model/openai-chat-model.js";
import { openai } from "../provider/openai-provider.js";
import { OpenAIChatFormatter, type OpenAIMessage } from "./openai-chat-formatter.js";
import { OpenAIMultiAgentFormatter } from "./openai-multi-agent-formatter.js";

/** A message of the Anthropic Messages API's shape: another provider's type. */
interface AnthropicShapedMessage {
  role: "user" | "assistant";
  content: { type: "text"; text: string }[];
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

// The OpenAI model with an OpenAI formatter (chat or multi-agent) infers OpenAI's messages.
const chat = new ReActAgent({ ...base, model, formatter: new OpenAIChatFormatter() });
expectTypeOf(chat).toEqualTypeOf<ReActAgent<OpenAIMessage>>();
const multi = new ReActAgent({ ...base, model, formatter: new OpenAIMultiAgentFormatter() });
expectTypeOf(multi).toEqualTypeOf<ReActAgent<OpenAIMessage>>();

// The OpenAI model with another provider's formatter does not compile.
const mismatched = { ...base, model, formatter: new AnthropicShapedFormatter() };
// @ts-expect-error Anthropic-shaped messages are not OpenAI's
new ReActAgent(mismatched);

// A registry's OpenAI model and formatter fit each other.
const registry = createRegistry().register(openai({ apiKey: "k" }));
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("openai:gpt-4.1"),
  formatter: registry.formatter("openai"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<OpenAIMessage>>();
const crossed = { ...base, model: registry.chatModel("openai:gpt-4.1") };
// @ts-expect-error the registry's OpenAI model does not read Anthropic-shaped messages
new ReActAgent({ ...crossed, formatter: new AnthropicShapedFormatter() });

// The scripted test double reads the OpenAI formatter's messages.
new ReActAgent({ ...base, model: new ScriptedChatModel(), formatter: new OpenAIChatFormatter() });
