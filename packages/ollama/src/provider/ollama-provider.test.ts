import { createRegistry } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OllamaTextEmbedding } from "../embedding/ollama-text-embedding.js";
import { OllamaChatFormatter } from "../formatter/ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "../formatter/ollama-multi-agent-formatter.js";
import { OllamaChatModel } from "../model/ollama-chat-model.js";
import { ollama } from "./ollama-provider.js";

describe("ollama() provider", () => {
  it("resolves models, formatters and embeddings through core's registry", async () => {
    await using server = await createTestServer({
      "/api/chat": { response: { type: "json", body: wireJson("chat-text") } },
      "/api/tags": { response: { type: "json", body: wireJson("tags") } },
    });
    const registry = createRegistry().register(ollama({ host: server.url }));
    const model = registry.chatModel("ollama:llama3.2", { enableThinking: true });
    expect(model).toBeInstanceOf(OllamaChatModel);
    expect(model).toMatchObject({
      modelName: "llama3.2",
      streaming: false,
      provider: "ollama",
      enableThinking: true,
    });
    expect(registry.formatter("ollama")).toBeInstanceOf(OllamaChatFormatter);
    expect(registry.formatter("ollama:llama3.2", "multiagent")).toBeInstanceOf(
      OllamaMultiAgentFormatter,
    );
    const embedding = registry.embedding("ollama:all-minilm", { dimensions: 384 });
    expect(embedding).toBeInstanceOf(OllamaTextEmbedding);
    expect(embedding.dimensions).toBe(384);
    expect(() => registry.tokenCounter("ollama:llama3.2")).toThrow(/no token counter/);

    const response = await model.call([{ role: "user", content: "hi" }]);
    expect(response.content).toEqual([{ type: "text", text: "Hello! How are you today?" }]);
    expect(server.callsTo("/api/chat")[0]?.body).toMatchObject({ model: "llama3.2", think: true });

    // The model's client lists the server's models (GET /api/tags).
    const listed = await (model as OllamaChatModel).client.list();
    expect(listed.models.map((m) => m.name)).toEqual(["codellama:13b", "llama3:latest"]);
    expect(server.callsTo("/api/tags")[0]?.method).toBe("GET");
  });

  it("serves a second server under its own id", () => {
    const registry = createRegistry().register(
      ollama({ id: "gpu-box", host: "http://10.0.0.7:11434" }),
    );
    const model = registry.chatModel("gpu-box:qwen3") as OllamaChatModel;
    expect(model.provider).toBe("gpu-box");
    expect(model.client.host).toBe("http://10.0.0.7:11434");
  });
});
