// Type tests of the formatter/model pair (checked by `pnpm typecheck`, never run): a formatter and
// a model of different message types fail to compile where they meet; the common pairs infer.
import { expectTypeOf } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import { TruncatedFormatterBase } from "../formatter/truncated-formatter-base.js";
import type { Msg } from "../message/msg.js";
import { ChatModelBase } from "../model/chat-model-base.js";
import type { ChatResponse } from "../model/chat-response.js";
import { createChatResponse } from "../model/create-chat-response.js";
import type { Provider } from "../registry/provider.js";
import { createRegistry } from "../registry/registry.js";
import { PlainFormatter } from "../testing/plain-formatter.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import type { ToolContext } from "../tool/tool-definition.js";
import type { AgentBase } from "./agent-base.js";
import { ReActAgent } from "./react-agent.js";

/** One provider's message: role and text. */
interface AlphaMessage {
  role: "system" | "user" | "assistant";
  text: string;
}

/** Another provider's message, of another shape. */
interface BetaMessage {
  author: string;
  parts: string[];
}

class AlphaFormatter extends TruncatedFormatterBase<AlphaMessage> {
  protected override async formatMessages(msgs: Msg[]): Promise<AlphaMessage[]> {
    return msgs.map((m) => ({ role: m.role, text: m.getTextContent() ?? "" }));
  }
}

class BetaFormatter extends FormatterBase<BetaMessage> {
  async format(msgs: readonly Msg[]): Promise<BetaMessage[]> {
    return msgs.map((m) => ({ author: m.name, parts: [m.getTextContent() ?? ""] }));
  }
}

class AlphaModel extends ChatModelBase<AlphaMessage> {
  readonly provider = "alpha";
  protected override async doCall(messages: readonly AlphaMessage[]): Promise<ChatResponse> {
    return createChatResponse({ content: [{ type: "text", text: messages[0]?.text ?? "" }] });
  }
}

class BetaCounter implements TokenCounter<BetaMessage> {
  async count(messages: readonly BetaMessage[]): Promise<number> {
    return messages.length;
  }
}

function alpha(): Provider<object, AlphaMessage, CharTokenCounter, "alpha"> {
  return {
    id: "alpha",
    chatModel: (options) => new AlphaModel(options),
    formatter: () => new AlphaFormatter(),
  };
}

function beta(): Provider<object, BetaMessage, CharTokenCounter, "beta"> {
  return {
    id: "beta",
    chatModel: (options) => new ScriptedChatModel(options),
    formatter: () => new BetaFormatter(),
  };
}

const base = { name: "Friday", sysPrompt: "You are Friday." };
const alphaModel = new AlphaModel({ modelName: "a-1" });

// A fitting pair infers the message type.
const fitting = new ReActAgent({ ...base, model: alphaModel, formatter: new AlphaFormatter() });
expectTypeOf(fitting).toEqualTypeOf<ReActAgent<AlphaMessage>>();
expectTypeOf(fitting.model).toEqualTypeOf<ChatModelBase<AlphaMessage>>();

// A model paired with another provider's formatter does not compile.
const mismatched = { ...base, model: alphaModel, formatter: new BetaFormatter() };
// @ts-expect-error BetaFormatter's messages are not AlphaModel's
new ReActAgent(mismatched);

// The test doubles fit any formatter, and each other (ScriptedChatModel reads any object).
const scripted = new ScriptedChatModel();
const plain = new ReActAgent({ ...base, model: scripted, formatter: new PlainFormatter() });
expectTypeOf(plain).toEqualTypeOf<ReActAgent<object>>();
const scriptedBeta = new ReActAgent({ ...base, model: scripted, formatter: new BetaFormatter() });
expectTypeOf(scriptedBeta).toEqualTypeOf<ReActAgent<object>>();
const plainWithAlpha = { ...base, model: alphaModel, formatter: new PlainFormatter() };
// @ts-expect-error PlainFormatter's records are not AlphaModel's messages
new ReActAgent(plainWithAlpha);

// A registry's model and formatter of one provider fit; of two providers they do not.
const registry = createRegistry().register(alpha()).register(beta());
const resolved = new ReActAgent({
  ...base,
  model: registry.chatModel("alpha:a-1"),
  formatter: registry.formatter("alpha"),
});
expectTypeOf(resolved).toEqualTypeOf<ReActAgent<AlphaMessage>>();
const crossed = {
  ...base,
  model: registry.chatModel("alpha:a-1"),
  formatter: registry.formatter("beta"),
};
// @ts-expect-error the beta formatter's messages are not the alpha model's
new ReActAgent(crossed);

// The compression formatter and token counter must read the agent's messages too.
const counted = {
  ...base,
  model: alphaModel,
  formatter: new AlphaFormatter(),
  compressionConfig: { enable: true, agentTokenCounter: new BetaCounter(), triggerThreshold: 1 },
};
// @ts-expect-error BetaCounter counts BetaMessages
new ReActAgent(counted);
const charCounted = { ...counted.compressionConfig, agentTokenCounter: new CharTokenCounter() };
new ReActAgent({ ...counted, compressionConfig: charCounted });

// A model reads its own messages only; a truncating formatter takes a counter of its messages.
// @ts-expect-error a BetaMessage is not an AlphaMessage
alphaModel.call([{ author: "x", parts: [] }]);
// @ts-expect-error BetaCounter counts BetaMessages
new AlphaFormatter({ tokenCounter: new BetaCounter(), maxTokens: 10 });
new AlphaFormatter({ tokenCounter: new CharTokenCounter(), maxTokens: 10 });

// A tool sees the calling agent as an agent.
expectTypeOf<ToolContext["agent"]>().toEqualTypeOf<AgentBase | undefined>();
