import { createRegistry } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath, wireJson } from "../__fixtures__/wire-fixtures.js";
import { GeminiTextEmbedding } from "../embedding/gemini-text-embedding.js";
import { GeminiChatFormatter } from "../formatter/gemini-chat-formatter.js";
import { GeminiMultiAgentFormatter } from "../formatter/gemini-multi-agent-formatter.js";
import { GeminiChatModel } from "../model/gemini-chat-model.js";
import { GeminiTokenCounter } from "../token/gemini-token-counter.js";
import { gemini } from "./gemini-provider.js";

describe("gemini() provider", () => {
  it("resolves models, formatters, token counters and embeddings through core's registry", () => {
    const registry = createRegistry().register(gemini({ apiKey: "k" }));
    const model = registry.chatModel("gemini:gemini-2.5-flash", { stream: false });
    expect(model).toBeInstanceOf(GeminiChatModel);
    expect(model).toMatchObject({
      modelName: "gemini-2.5-flash",
      streaming: false,
      provider: "gemini",
    });
    expect(registry.formatter("gemini")).toBeInstanceOf(GeminiChatFormatter);
    expect(registry.formatter("gemini", "multiagent")).toBeInstanceOf(GeminiMultiAgentFormatter);
    expect(registry.tokenCounter("gemini:gemini-2.5-flash")).toBeInstanceOf(GeminiTokenCounter);
    expect(registry.embedding("gemini:gemini-embedding-001", { dimensions: 768 })).toBeInstanceOf(
      GeminiTextEmbedding,
    );
  });

  it("builds working models against the given base URL", async () => {
    await using server = await createTestServer({
      [geminiPath("gemini-3-pro-preview", "generateContent")]: {
        response: { type: "json", body: wireJson("google-text") },
      },
    });
    const registry = createRegistry().register(gemini({ apiKey: "k", baseURL: server.url }));
    const model = registry.chatModel("gemini:gemini-3-pro-preview", { stream: false });
    const formatter = registry.formatter("gemini");
    const { Msg } = await import("@agentscope-ts/core");
    const response = await model.call(
      await formatter.format([new Msg({ name: "user", role: "user", content: "hi" })]),
    );
    expect(response.id).toBe("Un6LacrVMcjUxs0PmJfWoQc");
    expect(server.calls[0]?.body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
  });
});
