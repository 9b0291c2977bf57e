import { type Provider, type ProviderModelOptions, RegistryError } from "@agentscope-ts/core";
import {
  TransformersTextEmbedding,
  type TransformersTextEmbeddingOptions,
} from "../embedding/transformers-text-embedding.js";
import type { HubOptions } from "../loading/hub-options.js";
import {
  HuggingFaceTokenCounter,
  type HuggingFaceTokenCounterOptions,
} from "../token/huggingface-token-counter.js";

/** Settings a {@link huggingface} provider applies to every token counter and embedding model. */
export interface HuggingFaceProviderOptions extends HubOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"huggingface"`. */
  id?: string;
  /** Defaults for embedding models (`device`, `dtype`, `pooling`, `batchSize`, `embeddingCache`…). */
  embedding?: Partial<Omit<TransformersTextEmbeddingOptions, "modelName">>;
}

function noChatModels(id: string, what: string): never {
  throw new RegistryError(
    `Provider "${id}" offers token counters and embeddings only, not ${what}. Run Hugging Face chat ` +
      "models through @agentscope-ts/llama-cpp, @agentscope-ts/ollama, or an OpenAI-compatible " +
      "server (vLLM, TGI) with @agentscope-ts/openai.",
  );
}

/**
 * The Hugging Face provider for core's registry: exact token counters and local embedding
 * models by hub id or folder. `registry.register(huggingface())`, then
 * `registry.tokenCounter("huggingface:Qwen/Qwen3-8B")` or
 * `registry.embedding("huggingface:Xenova/all-MiniLM-L6-v2", { dimensions: 384 })`.
 * It has no chat models or formatters: asking for one is a `RegistryError` naming what to use.
 */
export function huggingface(options: HuggingFaceProviderOptions = {}): Provider {
  const { id = "huggingface", embedding: embeddingDefaults, ...hub } = options;
  return {
    id,
    chatModel: () => noChatModels(id, "chat models"),
    formatter: () => noChatModels(id, "formatters"),
    tokenCounter: ({ modelName, ...rest }: ProviderModelOptions) =>
      new HuggingFaceTokenCounter({
        ...hub,
        ...(rest as Partial<HuggingFaceTokenCounterOptions>),
        pretrainedModelNameOrPath: modelName,
      }),
    embedding: ({ dimensions = embeddingDefaults?.dimensions, ...rest }: ProviderModelOptions) =>
      new TransformersTextEmbedding({
        ...hub,
        ...embeddingDefaults,
        ...rest,
        // Anything but a number fails the model's own check, a ValidationError naming `dimensions`.
        dimensions: typeof dimensions === "number" ? dimensions : Number.NaN,
      }),
  };
}
