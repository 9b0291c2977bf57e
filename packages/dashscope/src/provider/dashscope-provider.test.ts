import { createRegistry, Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { dashscopeStream } from "../__fixtures__/wire-fixtures.js";
import { DashScopeMultiModalEmbedding } from "../embedding/dashscope-multimodal-embedding.js";
import { DashScopeTextEmbedding } from "../embedding/dashscope-text-embedding.js";
import { DashScopeChatFormatter } from "../formatter/dashscope-chat-formatter.js";
import { DashScopeMultiAgentFormatter } from "../formatter/dashscope-multi-agent-formatter.js";
import { DashScopeChatModel } from "../model/dashscope-chat-model.js";
import { dashscope } from "./dashscope-provider.js";

describe("dashscope() provider", () => {
  it("resolves models, formatters and embeddings through core's registry", () => {
    const registry = createRegistry().register(dashscope({ apiKey: "k" }));
    const model = registry.chatModel("dashscope:qwen3-max", { enableThinking: true });
    expect(model).toBeInstanceOf(DashScopeChatModel);
    expect(model).toMatchObject({
      modelName: "qwen3-max",
      provider: "dashscope",
      enableThinking: true,
    });
    expect((model as DashScopeChatModel).endpoint).toBe(
      "https://dashscope.aliyuncs.com/api/v1/services/aigc/text-generation/generation",
    );
    expect(registry.formatter("dashscope")).toBeInstanceOf(DashScopeChatFormatter);
    expect(registry.formatter("dashscope:qwen3-max", "multiagent")).toBeInstanceOf(
      DashScopeMultiAgentFormatter,
    );
    expect(registry.embedding("dashscope:text-embedding-v4")).toBeInstanceOf(
      DashScopeTextEmbedding,
    );
    expect(registry.embedding("dashscope:multimodal-embedding-v1")).toBeInstanceOf(
      DashScopeMultiModalEmbedding,
    );
  });

  it("talks to a configured base URL (the international endpoint) under its own id", async () => {
    await using server = await createTestServer({
      "/api/v1/services/aigc/multimodal-generation/generation": {
        response: dashscopeStream("qwen-vl"),
      },
    });
    const registry = createRegistry().register(
      dashscope({
        id: "dashscope-intl",
        apiKey: "intl-key",
        baseHttpApiUrl: `${server.url}/api/v1`,
      }),
    );
    const model = registry.chatModel("dashscope-intl:qwen-vl-plus");
    const formatter = registry.formatter("dashscope-intl");
    const response = await model.call(
      await formatter.format([new Msg("user", "What is in the image?", "user")]),
    );
    expect(response.content[0]).toMatchObject({ type: "text" });
    expect(server.calls[0]?.headers.authorization).toBe("Bearer intl-key");
    expect(server.calls[0]?.body).toMatchObject({
      model: "qwen-vl-plus",
      input: { messages: [{ role: "user", content: "What is in the image?" }] },
    });
  });
});
