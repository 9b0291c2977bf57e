import { createRegistry } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OpenAITextEmbedding } from "../embedding/openai-text-embedding.js";
import { DeepSeekChatFormatter } from "../formatter/deepseek-chat-formatter.js";
import { DeepSeekMultiAgentFormatter } from "../formatter/deepseek-multi-agent-formatter.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import { OpenAIMultiAgentFormatter } from "../formatter/openai-multi-agent-formatter.js";
import { OpenAIChatModel } from "../model/openai-chat-model.js";
import { OpenAITokenCounter } from "../token/openai-token-counter.js";
import { deepseek, openai } from "./openai-provider.js";

describe("openai() and deepseek() providers", () => {
  it("resolve models, formatters, token counters and embeddings through core's registry", () => {
    const registry = createRegistry()
      .register(openai({ apiKey: "k" }))
      .register(deepseek({ apiKey: "d" }));
    const model = registry.chatModel("openai:gpt-4.1", { stream: false });
    expect(model).toBeInstanceOf(OpenAIChatModel);
    expect(model).toMatchObject({ modelName: "gpt-4.1", streaming: false, provider: "openai" });
    expect(registry.formatter("openai")).toBeInstanceOf(OpenAIChatFormatter);
    expect(registry.formatter("openai:gpt-4.1", "multiagent")).toBeInstanceOf(
      OpenAIMultiAgentFormatter,
    );
    expect(registry.tokenCounter("openai:gpt-4o")).toBeInstanceOf(OpenAITokenCounter);
    expect(registry.embedding("openai:text-embedding-3-small", { dimensions: 256 })).toBeInstanceOf(
      OpenAITextEmbedding,
    );

    const ds = registry.chatModel("deepseek:deepseek-chat") as OpenAIChatModel;
    expect(ds.provider).toBe("deepseek");
    expect(ds.client.baseURL).toBe("https://api.deepseek.com");
    expect(registry.formatter("deepseek")).toBeInstanceOf(DeepSeekChatFormatter);
    expect(registry.formatter("deepseek", "multiagent")).toBeInstanceOf(
      DeepSeekMultiAgentFormatter,
    );
    expect(() => registry.tokenCounter("deepseek:deepseek-chat")).toThrow(/no token counter/);
  });

  it("serves a compatible server by baseURL under its own id", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("alibaba-tool-call") } },
    });
    const registry = createRegistry().register(
      openai({ id: "dashscope-compat", baseURL: `${server.url}/v1`, apiKey: "k" }),
    );
    const model = registry.chatModel("dashscope-compat:qwen3-max", { stream: false });
    const response = await model.call([{ role: "user", content: "weather?" }]);
    expect(response.content).toEqual([
      {
        type: "tool_use",
        id: "call_962bfd2ab8f54b89a1161356",
        name: "weather",
        input: { location: "San Francisco" },
      },
    ]);
    expect(server.calls[0]?.body).toMatchObject({ model: "qwen3-max" });
  });
});
