import {
  type Provider,
  type ProviderModelOptions,
  providerEntry,
  type TokenCounter,
  ValidationError,
} from "@agentscope-ts/core";
import {
  LlamaCppEmbedding,
  type LlamaCppEmbeddingOptions,
} from "../embedding/llama-cpp-embedding.js";
import { LlamaCppChatFormatter } from "../formatter/llama-cpp-chat-formatter.js";
import type { LlamaCppMessage } from "../formatter/llama-cpp-message.js";
import { LlamaCppMultiAgentFormatter } from "../formatter/llama-cpp-multi-agent-formatter.js";
import { LlamaCppChatModel, type LlamaCppChatModelOptions } from "../model/llama-cpp-chat-model.js";

/** Options of {@link llamaCpp}: defaults merged into every model the provider builds. */
export interface LlamaCppProviderOptions
  extends Partial<Omit<LlamaCppChatModelOptions, "modelPath" | "modelName">> {
  /** Defaults for embedding models (`dimensions` still comes per model). */
  embedding?: Partial<Omit<LlamaCppEmbeddingOptions, "modelPath" | "modelName">>;
}

/**
 * The llama.cpp provider for a `Registry`: `registry.register(llamaCpp())`, then
 * `registry.chatModel("llama-cpp:/models/qwen2.5-1.5b-instruct-q4_k_m.gguf")`. The model name
 * after `llama-cpp:` is the path of a local GGUF file (download one first with `ensureModel`);
 * `modelPath` in the options wins over it. Embedding models need `dimensions` (or build them with
 * `LlamaCppEmbedding.create`, which reads it from the file).
 */
export function llamaCpp(
  defaults: LlamaCppProviderOptions = {},
): Provider<Record<string, unknown>, LlamaCppMessage, TokenCounter, "llama-cpp"> {
  const { embedding: embeddingDefaults, ...chatDefaults } = defaults;
  return providerEntry<Record<string, unknown>, LlamaCppMessage, TokenCounter, "llama-cpp">({
    id: "llama-cpp",
    chatModel(options) {
      const { modelName, ...rest } = options;
      const modelPath = typeof rest.modelPath === "string" ? rest.modelPath : modelName;
      return new LlamaCppChatModel({
        ...chatDefaults,
        ...(rest as Partial<LlamaCppChatModelOptions>),
        modelPath,
        ...(typeof rest.modelPath === "string" ? { modelName } : {}),
      });
    },
    formatters: { chat: LlamaCppChatFormatter, multiagent: LlamaCppMultiAgentFormatter },
    embedding(options: ProviderModelOptions) {
      const { modelName, ...rest } = options;
      const modelPath = typeof rest.modelPath === "string" ? rest.modelPath : modelName;
      const merged = { ...embeddingDefaults, ...rest } as Partial<LlamaCppEmbeddingOptions>;
      if (typeof merged.dimensions !== "number") {
        throw new ValidationError(
          "llama-cpp embedding options",
          [{ path: "dimensions", message: "required (the model's embedding length)" }],
          {
            hint: "Pass { dimensions } (e.g. 1536 for Qwen2.5-1.5B), or use `await LlamaCppEmbedding.create({ modelPath })`, which reads it from the file.",
          },
        );
      }
      return new LlamaCppEmbedding({ ...merged, dimensions: merged.dimensions, modelPath });
    },
  });
}
