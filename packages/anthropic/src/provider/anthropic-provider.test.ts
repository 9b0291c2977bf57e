import { createRegistry } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { AnthropicChatFormatter } from "../formatter/anthropic-chat-formatter.js";
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
