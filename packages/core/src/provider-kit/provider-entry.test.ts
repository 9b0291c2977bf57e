import { describe, expect, expectTypeOf, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";
import type { Provider } from "../registry/provider.js";
import { createRegistry } from "../registry/registry.js";
import { RegistryError } from "../registry/registry-error.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import { definedFields, providerEntry } from "./provider-entry.js";

class OneFormatter extends FormatterBase<object> {
  readonly kind: string = "chat";
  async format(msgs: readonly Msg[]): Promise<object[]> {
    return msgs.map((m) => ({ role: m.role }));
  }
}
class ManyFormatter extends OneFormatter {
  override readonly kind = "multiagent";
}

describe("providerEntry", () => {
  it("builds a registry entry whose formatter() picks the class by kind", async () => {
    const entry = providerEntry({
      id: "toy" as const,
      chatModel: (options: { stream?: boolean } & { modelName: string }) =>
        new ScriptedChatModel({ ...options, provider: "toy" }),
      formatters: { chat: OneFormatter, multiagent: ManyFormatter },
      tokenCounter: () => new CharTokenCounter(),
    });
    expectTypeOf(entry).toEqualTypeOf<
      Provider<{ stream?: boolean }, object, CharTokenCounter, "toy">
    >();
    expect((entry.formatter("chat") as OneFormatter).kind).toBe("chat");
    expect((entry.formatter("multiagent") as OneFormatter).kind).toBe("multiagent");
    expect(entry.embedding).toBeUndefined();
    expect(() => entry.formatter("solo" as "chat")).toThrow(/expected "chat" or "multiagent"/);
    const registry = createRegistry().register(entry);
    expect(registry.chatModel("toy:m1").modelName).toBe("m1");
    expect(registry.tokenCounter("toy:m1")).toBeInstanceOf(CharTokenCounter);
  });
});

describe("providerEntry ttsModel", () => {
  it("passes the text-to-speech factory through, and leaves it out when not given", () => {
    const entry = providerEntry({
      id: "speaker" as const,
      chatModel: (options: { modelName: string }) =>
        new ScriptedChatModel({ ...options, provider: "speaker" }),
      formatters: { chat: OneFormatter, multiagent: ManyFormatter },
      ttsModel: (options) => new ScriptedTTSModel({ modelName: options.modelName }),
    });
    const registry = createRegistry().register(entry);
    const tts = registry.ttsModel("speaker:voice-1");
    expect(tts).toBeInstanceOf(ScriptedTTSModel);
    expect(tts.modelName).toBe("voice-1");
    expect(registry.ttsProviderIds()).toEqual(["speaker"]);
    const silent = providerEntry({
      id: "silent",
      chatModel: (options: { modelName: string }) => new ScriptedChatModel(options),
      formatters: { chat: OneFormatter, multiagent: ManyFormatter },
    });
    expect("ttsModel" in silent).toBe(false);
  });
});

describe("providerEntry typed TTS options", () => {
  it("types the TTS factory by its options, and the registry checks them", () => {
    const entry = providerEntry({
      id: "speaker" as const,
      chatModel: (options: { modelName: string }) => new ScriptedChatModel(options),
      formatters: { chat: OneFormatter, multiagent: ManyFormatter },
      ttsModel: (options: { voice?: string; stream?: boolean } & { modelName: string }) =>
        new ScriptedTTSModel({ modelName: `${options.modelName}/${options.voice ?? "-"}` }),
    });
    const registry = createRegistry().register(entry);
    expectTypeOf(registry.ttsModel<"speaker:v1">)
      .parameter(1)
      .toEqualTypeOf<{ voice?: string; stream?: boolean } | undefined>();
    expect(registry.ttsModel("speaker:v1", { voice: "coral" }).modelName).toBe("v1/coral");
    // @ts-expect-error a misspelt TTS option is a type error
    expect(registry.ttsModel("speaker:v1", { vioce: "coral" }).modelName).toBe("v1/-");
  });
});

describe("providerEntry without chat models", () => {
  it("builds an entry whose chat model and formatter say what the provider offers instead", () => {
    const entry = providerEntry({
      id: "local" as const,
      withoutChatModels: "Run chat models through another provider.",
      tokenCounter: () => new CharTokenCounter(),
      ttsModel: (options: { voice?: string } & { modelName: string }): TTSModelBase =>
        new ScriptedTTSModel({ modelName: options.modelName }),
    });
    expectTypeOf(entry).toEqualTypeOf<
      Provider<never, never, CharTokenCounter, "local", { voice?: string }>
    >();
    const registry = createRegistry().register(entry);
    expect(registry.tokenCounter("local:m")).toBeInstanceOf(CharTokenCounter);
    expect(registry.ttsModel("local:m", { voice: "v" }).modelName).toBe("m");
    expect(() => registry.chatModel("local:m")).toThrow(RegistryError);
    expect(() => registry.chatModel("local:m")).toThrow(
      'Provider "local" offers token counters and text-to-speech models only, not chat models. Run chat models through another provider.',
    );
    expect(() => registry.formatter("local")).toThrow(/offers .* only, not formatters\./);
    // @ts-expect-error a provider without chat models takes no chat model options
    expect(() => registry.chatModel("local:m", { stream: false })).toThrow(RegistryError);
  });
});

describe("definedFields", () => {
  it("keeps only the fields that are set", () => {
    const fields = definedFields({ apiKey: "k", baseURL: undefined, retries: 0 });
    expect(fields).toEqual({ apiKey: "k", retries: 0 });
    expect("baseURL" in fields).toBe(false);
  });
});
