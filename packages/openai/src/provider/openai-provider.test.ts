import { createRegistry, Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, expectTypeOf, it } from "vitest";
import { responsesJson } from "../__fixtures__/responses-fixtures.js";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OpenAITextEmbedding } from "../embedding/openai-text-embedding.js";
import { DeepSeekChatFormatter } from "../formatter/deepseek-chat-formatter.js";
import { DeepSeekMultiAgentFormatter } from "../formatter/deepseek-multi-agent-formatter.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import { OpenAIMultiAgentFormatter } from "../formatter/openai-multi-agent-formatter.js";
import { OpenAIResponseChatFormatter } from "../formatter/openai-response-chat-formatter.js";
import { OpenAIResponseMultiAgentFormatter } from "../formatter/openai-response-multi-agent-formatter.js";
import { OpenAIChatModel } from "../model/openai-chat-model.js";
import { OpenAIResponseModel } from "../model/openai-response-model.js";
import { OpenAITokenCounter } from "../token/openai-token-counter.js";
import { deepseek, openai } from "./openai-provider.js";

describe("openai() and deepseek() providers", () => {
  it("check model options per API at compile time", () => {
    const registry = createRegistry()
      .register(openai({ apiKey: "k" }))
      .register(openai({ id: "resp", api: "responses", apiKey: "k" }))
      .register(deepseek({ apiKey: "d" }));
    expect(registry.chatModel("openai:gpt-4.1", { stream: false })).toBeInstanceOf(OpenAIChatModel);
    expect(registry.chatModel("resp:gpt-5")).toBeInstanceOf(OpenAIResponseModel);
    expectTypeOf(registry.tokenCounter("openai:gpt-4o")).toEqualTypeOf<OpenAITokenCounter>();
    // Checked by `pnpm typecheck` (an unused @ts-expect-error fails it); never run.
    const compileOnly = () => {
      // @ts-expect-error a misspelt option does not compile
      registry.chatModel("openai:gpt-4.1", { straem: false });
      // @ts-expect-error a provider the registry does not have
      registry.chatModel("anthropic:claude");
      // @ts-expect-error an option of the wrong type
      registry.chatModel("deepseek:deepseek-chat", { stream: "yes" });
    };
    expect(compileOnly).toBeTypeOf("function");
  });

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

  it("serves the Responses API with api: 'responses'", async () => {
    await using server = await createTestServer({
      "/v1/responses": { response: { type: "json", body: responsesJson("text") } },
    });
    const registry = createRegistry().register(
      openai({ id: "oai", api: "responses", baseURL: `${server.url}/v1`, apiKey: "k" }),
    );
    const model = registry.chatModel("oai:gpt-4.1-mini", { stream: false });
    expect(model).toBeInstanceOf(OpenAIResponseModel);
    expect(model).toMatchObject({ provider: "oai", modelName: "gpt-4.1-mini" });
    expect(registry.formatter("oai")).toBeInstanceOf(OpenAIResponseChatFormatter);
    expect(registry.formatter("oai", "multiagent")).toBeInstanceOf(
      OpenAIResponseMultiAgentFormatter,
    );
    const formatted = await registry.formatter("oai").format([new Msg("user", "Hi", "user")]);
    const response = await model.call(formatted);
    expect(response.content).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    expect(server.calls[0]?.body).toMatchObject({
      model: "gpt-4.1-mini",
      input: [{ role: "user", content: [{ type: "input_text", text: "Hi" }] }],
    });
    expect(() => openai({ api: "completions" as never })).toThrow(/api.*"chat" or "responses"/s);
  });
});
