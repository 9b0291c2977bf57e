import { describe, expect, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";
import { DeterministicEmbeddingModel } from "../testing/deterministic-embedding-model.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { CharTokenCounter } from "../token/char-token-counter.js";
import { parseModelString } from "./parse-model-string.js";
import type { Provider } from "./provider.js";
import { createRegistry } from "./registry.js";
import { RegistryError } from "./registry-error.js";

class EchoFormatter extends FormatterBase {
  constructor(readonly kind: string) {
    super();
  }
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

const fake = (id = "fake"): Provider => ({
  id,
  chatModel: (options) => new ScriptedChatModel({ ...options, provider: id }),
  formatter: (kind) => new EchoFormatter(kind),
  tokenCounter: () => new CharTokenCounter(),
  embedding: (options) => new DeterministicEmbeddingModel(options),
});

describe("Registry", () => {
  it("resolves chat models, formatters, token counters and embeddings by string", () => {
    const registry = createRegistry().register(fake());
    const model = registry.chatModel("fake:big-model", { stream: false, maxRetries: 5 });
    expect(model).toBeInstanceOf(ScriptedChatModel);
    expect(model).toMatchObject({
      modelName: "big-model",
      streaming: false,
      maxRetries: 5,
      provider: "fake",
    });
    expect((registry.formatter("fake", "multiagent") as EchoFormatter).kind).toBe("multiagent");
    expect((registry.formatter("fake:any") as EchoFormatter).kind).toBe("chat");
    expect(registry.tokenCounter("fake:big-model")).toBeInstanceOf(CharTokenCounter);
    expect(registry.embedding("fake:embed-1", { dimensions: 4 })).toMatchObject({
      modelName: "embed-1",
      dimensions: 4,
    });
  });

  it("keeps model names that contain colons", () => {
    expect(parseModelString("ollama:qwen2.5:7b")).toEqual({
      provider: "ollama",
      modelName: "qwen2.5:7b",
    });
    const registry = createRegistry().register(fake("ollama"));
    expect(registry.chatModel("ollama:qwen2.5:7b").modelName).toBe("qwen2.5:7b");
  });

  it("names the registered providers when one is unknown", () => {
    const registry = createRegistry().register(fake("openai")).register(fake("anthropic"));
    expect(() => registry.chatModel("gemini:gemini-2.5-pro")).toThrow(RegistryError);
    expect(() => registry.chatModel("gemini:gemini-2.5-pro")).toThrow(
      /Unknown provider "gemini"\. Registered providers: openai, anthropic\./,
    );
    expect(() => createRegistry().chatModel("x:y")).toThrow(/No provider is registered yet/);
  });

  it.each([
    ["gpt-4.1", /has no ':'/],
    [":gpt-4.1", /the provider is empty/],
    ["openai:", /the model name is empty/],
  ])("rejects the malformed model string %j", (value, message) => {
    const registry = createRegistry().register(fake("openai"));
    expect(() => registry.chatModel(value)).toThrow(message);
    expect(() => registry.chatModel(value)).toThrow(/e\.g\. "openai:gpt-4\.1"/);
  });

  it("refuses duplicate ids unless replacing, and bad providers", () => {
    const registry = createRegistry().register(fake("a"));
    expect(() => registry.register(fake("a"))).toThrow(/already registered.*replace: true/);
    const replacement = fake("a");
    registry.register(replacement, { replace: true });
    expect(registry.provider("a")).toBe(replacement);
    expect(() => registry.register({ id: "" } as Provider)).toThrow(RegistryError);
    expect(() =>
      registry.register({ ...fake("b"), chatModel: undefined } as unknown as Provider),
    ).toThrow(/must be functions/);
    expect(registry.unregister("a")).toBe(true);
    expect(registry.ids()).toEqual([]);
  });

  it("explains when a provider lacks a token counter or embeddings", () => {
    const { tokenCounter: _t, embedding: _e, ...bare } = fake("bare");
    const registry = createRegistry().register(bare);
    expect(() => registry.tokenCounter("bare:m")).toThrow(/has no token counter.*CharTokenCounter/);
    expect(() => registry.embedding("bare:m")).toThrow(/has no embedding models/);
  });
});
