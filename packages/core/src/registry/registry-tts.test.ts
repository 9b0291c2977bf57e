import { describe, expect, it } from "vitest";
import { PlainFormatter } from "../testing/plain-formatter.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import type { Provider } from "./provider.js";
import { createRegistry } from "./registry.js";
import { RegistryError } from "./registry-error.js";

const provider = (id: string, withTts: boolean): Provider => ({
  id,
  chatModel: (options) => new ScriptedChatModel(options),
  formatter: () => new PlainFormatter(),
  ...(withTts ? { ttsModel: (options) => new ScriptedTTSModel({ ...options, provider: id }) } : {}),
});

describe("Registry.ttsModel", () => {
  it("builds a provider's TTS model from a model string with options", () => {
    const registry = createRegistry()
      .register(provider("voice", true))
      .register(provider("plain", false));
    const model = registry.ttsModel("voice:tone-1", { stream: false });
    expect(model).toBeInstanceOf(ScriptedTTSModel);
    expect(model.modelName).toBe("tone-1");
    expect(model.streaming).toBe(false);
    expect(registry.ttsProviderIds()).toEqual(["voice"]);
  });

  it("names the providers that have TTS when one has none", () => {
    const registry = createRegistry()
      .register(provider("voice", true))
      .register(provider("plain", false));
    expect(() => registry.ttsModel("plain:x")).toThrow(RegistryError);
    expect(() => registry.ttsModel("plain:x")).toThrow(/Providers with TTS: voice/);
  });
});
