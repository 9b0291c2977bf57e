import { createRegistry, type FormatterBase } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, expectTypeOf, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import {
  AnthropicChatFormatter,
  type AnthropicMessage,
} from "../formatter/anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "../formatter/anthropic-multi-agent-formatter.js";
import { AnthropicChatModel } from "../model/anthropic-chat-model.js";
import { AnthropicTokenCounter } from "../token/anthropic-token-counter.js";
import { anthropic } from "./anthropic-provider.js";

describe("anthropic() provider", () => {
  it("resolves models, formatters and token counters through core's registry", () => {
    const registry = createRegistry().register(anthropic({ apiKey: "k" }));
    const model = registry.chatModel("anthropic:claude-sonnet-5-5", {
      stream: false,
      maxTokens: 100,
    });
    expect(model).toBeInstanceOf(AnthropicChatModel);
    expect(model).toMatchObject({
      modelName: "claude-sonnet-5-5",
      streaming: false,
      maxTokens: 100,
      provider: "anthropic",
    });
    expect(registry.formatter("anthropic")).toBeInstanceOf(AnthropicChatFormatter);
    expect(registry.formatter("anthropic", "multiagent")).toBeInstanceOf(
      AnthropicMultiAgentFormatter,
    );
    expect(registry.tokenCounter("anthropic:claude-sonnet-5-5")).toBeInstanceOf(
      AnthropicTokenCounter,
    );
  });

  it("checks model options and types its formatter and token counter at compile time", () => {
    const registry = createRegistry().register(anthropic({ apiKey: "k" }));
    // Checked by `pnpm typecheck` (an unused @ts-expect-error fails it); never run.
    const compileOnly = () => {
      // @ts-expect-error a misspelt option (maxTokens) does not compile
      registry.chatModel("anthropic:claude-sonnet-5-5", { maxToken: 100 });
    };
    expect(compileOnly).toBeTypeOf("function");
    // @ts-expect-error an option of the wrong type does not compile (and fails at run time)
    expect(() => registry.chatModel("anthropic:claude-sonnet-5-5", { maxTokens: "100" })).toThrow(
      /maxTokens/,
    );
    expectTypeOf(
      registry.tokenCounter("anthropic:claude-haiku-5"),
    ).toEqualTypeOf<AnthropicTokenCounter>();
    expectTypeOf(registry.formatter("anthropic")).toEqualTypeOf<FormatterBase<AnthropicMessage>>();
    const proxied = createRegistry().register(anthropic({ id: "claude-proxy", apiKey: "k" }));
    expect(
      proxied.chatModel("claude-proxy:claude-haiku-5", { thinking: { type: "enabled" } }),
    ).toBeInstanceOf(AnthropicChatModel);
    // @ts-expect-error the provider is registered under its own id only
    expect(() => proxied.chatModel("anthropic:claude-haiku-5")).toThrow(/Unknown provider/);
  });

  it("sends requests to its baseURL under its own id", async () => {
    await using server = await createTestServer({
      "/v1/messages": { response: { type: "json", body: wireJson("anthropic-text") } },
    });
    const registry = createRegistry().register(
      anthropic({ id: "claude-proxy", baseURL: server.url, apiKey: "k" }),
    );
    const model = registry.chatModel("claude-proxy:claude-haiku-5", { stream: false });
    const response = await model.call([{ role: "user", content: "hi" }]);
    expect(response.id).toBe("msg_01VdEjxAP5ahtHKrrRdNBteQ");
    expect(server.calls[0]?.body).toMatchObject({ model: "claude-haiku-5", max_tokens: 2048 });
  });
});
