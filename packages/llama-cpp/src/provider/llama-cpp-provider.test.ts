import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRegistry, Msg, ValidationError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaCppEmbedding } from "../embedding/llama-cpp-embedding.js";
import { LlamaCppChatFormatter } from "../formatter/llama-cpp-chat-formatter.js";
import { LlamaCppMultiAgentFormatter } from "../formatter/llama-cpp-multi-agent-formatter.js";
import { LlamaCppChatModel } from "../model/llama-cpp-chat-model.js";
import { writeTinyLlamaGguf } from "../testing/tiny-llama-gguf.js";
import { llamaCpp } from "./llama-cpp-provider.js";

let dir: string;
let modelPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "llama-cpp-provider-"));
  modelPath = (await writeTinyLlamaGguf(join(dir, "tiny.gguf"))).path;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("llamaCpp provider", () => {
  it("resolves llama-cpp:<path> to a working chat model with provider defaults", async () => {
    const registry = createRegistry().register(
      llamaCpp({ threads: 1, contextSize: 2048, generateKwargs: { maxTokens: 4 } }),
    );
    const model = registry.chatModel(`llama-cpp:${modelPath}`, { stream: false });
    expect(model).toBeInstanceOf(LlamaCppChatModel);
    expect(model.streaming).toBe(false);
    try {
      const formatter = registry.formatter(`llama-cpp:${modelPath}`);
      expect(formatter).toBeInstanceOf(LlamaCppChatFormatter);
      const messages = await formatter.format([
        new Msg({ name: "u", role: "user", content: "hello" }),
      ]);
      const response = await model.call(messages);
      expect(response.usage?.outputTokens).toBe(4);
      expect(await (model as LlamaCppChatModel).threads()).toBe(1);
    } finally {
      await (model as LlamaCppChatModel).dispose();
    }
  });

  it("lets modelPath win over the name and builds both formatter kinds", () => {
    const provider = llamaCpp();
    const model = provider.chatModel({ modelName: "local-qwen", modelPath }) as LlamaCppChatModel;
    expect(model.modelName).toBe("local-qwen");
    expect(model.modelPath).toBe(modelPath);
    expect(provider.formatter("multiagent")).toBeInstanceOf(LlamaCppMultiAgentFormatter);
    expect(() => provider.formatter("other" as "chat")).toThrow(ValidationError);
  });

  it("builds embedding models, asking for dimensions", () => {
    const provider = llamaCpp({ embedding: { threads: 1 } });
    expect(provider.embedding?.({ modelName: modelPath, dimensions: 64 })).toBeInstanceOf(
      LlamaCppEmbedding,
    );
    expect(() => provider.embedding?.({ modelName: modelPath })).toThrow(/dimensions/);
  });
});
