import { describe, expect, expectTypeOf, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
import type { Provider } from "./provider.js";
import { createRegistry, registry as sharedRegistry } from "./registry.js";

// Compile-time checks (`pnpm typecheck` fails when a `@ts-expect-error` line compiles), run too.

interface EchoMessage {
  role: string;
  content: string;
}

class EchoFormatter extends FormatterBase<EchoMessage> {
  async format(msgs: readonly Msg[]): Promise<EchoMessage[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() ?? "" }));
  }
}

/** The options the fake provider's chat models take. */
interface EchoModelOptions {
  stream?: boolean;
  maxRetries?: number;
}

function echo<Id extends string = "echo">(
  id: Id = "echo" as Id,
): Provider<EchoModelOptions, EchoMessage, CharTokenCounter, Id> {
  return {
    id,
    chatModel: (options) => new ScriptedChatModel({ ...options, provider: id }),
    formatter: () => new EchoFormatter(),
    tokenCounter: () => new CharTokenCounter(),
  };
}

describe("Registry types", () => {
  it("checks model options and provider ids at compile time", () => {
    const registry = createRegistry().register(echo()).register(echo("proxy"));
    const model = registry.chatModel("echo:big", { stream: false, maxRetries: 2 });
    expectTypeOf(model).toEqualTypeOf<ChatModelBase<EchoMessage>>();
    expect(model).toMatchObject({ modelName: "big", streaming: false, maxRetries: 2 });
    expect(registry.chatModel("proxy:small")).toMatchObject({ provider: "proxy" });

    // @ts-expect-error a misspelt option is a type error
    expect(() => registry.chatModel("echo:big", { stram: false })).not.toThrow();
    // @ts-expect-error an option of the wrong type is a type error
    expect(() => registry.chatModel("echo:big", { maxRetries: "2" })).not.toThrow();
    // @ts-expect-error a provider the registry's type does not know
    expect(() => registry.chatModel("openai:gpt")).toThrow(/Unknown provider "openai"/);
  });

  it("types formatters and token counters by provider", () => {
    const registry = createRegistry().register(echo());
    expectTypeOf(registry.formatter("echo")).toEqualTypeOf<FormatterBase<EchoMessage>>();
    expectTypeOf(registry.formatter("echo:big", "multiagent")).toEqualTypeOf<
      FormatterBase<EchoMessage>
    >();
    expectTypeOf(registry.tokenCounter("echo:big")).toEqualTypeOf<CharTokenCounter>();
    expect(registry.tokenCounter("echo:big")).toBeInstanceOf(CharTokenCounter);
    // @ts-expect-error
    expect(() => registry.formatter("nope")).toThrow();
  });

  it("stays loose where the type cannot know the providers", () => {
    // The shared registry and a registry filled without chaining accept any string.
    expectTypeOf(sharedRegistry.chatModel).parameter(0).toEqualTypeOf<string>();
    const loose = createRegistry();
    loose.register(echo());
    expect(loose.chatModel("echo:x", { anything: 1 })).toMatchObject({ modelName: "x" });
  });
});
