import { AnthropicChatFormatter, AnthropicChatModel, anthropic } from "@agentscope-ts/anthropic";
import { OpenAIResponseModel, openai } from "@agentscope-ts/openai";
import { describe, expect, it } from "vitest";
import { resolveThroughRegistry } from "./registry-model.js";

describe("resolveThroughRegistry", () => {
  it("builds the model and formatter through core's registry, with typed options", () => {
    const loaded = resolveThroughRegistry(anthropic({ apiKey: "k" }), "claude-haiku-5", {
      stream: true,
      maxTokens: 64,
    });
    expect(loaded.model).toBeInstanceOf(AnthropicChatModel);
    expect(loaded.model).toMatchObject({ modelName: "claude-haiku-5", maxTokens: 64 });
    expect(loaded.formatter).toBeInstanceOf(AnthropicChatFormatter);
    expect(loaded.label).toBe("anthropic:claude-haiku-5");

    const responses = resolveThroughRegistry(
      openai({ id: "proxy", api: "responses", apiKey: "k" }),
      "gpt-5",
      { stream: true },
    );
    expect(responses.model).toBeInstanceOf(OpenAIResponseModel);
    expect(responses.label).toBe("proxy:gpt-5");

    // Checked by `pnpm typecheck`: the options are the provider's.
    const compileOnly = () =>
      // @ts-expect-error a misspelt Anthropic option does not compile
      resolveThroughRegistry(anthropic({ apiKey: "k" }), "claude", { maxToken: 1 });
    expect(compileOnly).toBeTypeOf("function");
  });
});
