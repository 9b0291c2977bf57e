import { describe, expect, expectTypeOf, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";
import type { Provider } from "../registry/provider.js";
import { createRegistry } from "../registry/registry.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
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

describe("definedFields", () => {
  it("keeps only the fields that are set", () => {
    const fields = definedFields({ apiKey: "k", baseURL: undefined, retries: 0 });
    expect(fields).toEqual({ apiKey: "k", retries: 0 });
    expect("baseURL" in fields).toBe(false);
  });
});
