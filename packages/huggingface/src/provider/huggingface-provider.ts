import { type Provider, type ProviderModelOptions, providerEntry } from "@agentscope-ts/core";
import {
  TransformersTextEmbedding,
  type TransformersTextEmbeddingOptions,
} from "../embedding/transformers-text-embedding.js";
import type { HubOptions } from "../loading/hub-options.js";
import {
  HuggingFaceTokenCounter,
  type HuggingFaceTokenCounterOptions,
} from "../token/huggingface-token-counter.js";

/** The options `registry.embedding("huggingface:…", options)` takes (over the provider's defaults). */
export type HuggingFaceProviderEmbeddingOptions = Partial<
  Omit<TransformersTextEmbeddingOptions, "modelName">
>;

/** Settings a {@link huggingface} provider applies to every token counter and embedding model. */
export interface HuggingFaceProviderOptions extends HubOptions {
  /** The provider id in model strings (`"<id>:<model>"`). Default `"huggingface"`. */
  id?: string;
  /** Defaults for embedding models (`device`, `dtype`, `pooling`, `batchSize`, `embeddingCache`…). */
  embedding?: HuggingFaceProviderEmbeddingOptions;
}

/**
 * The type of the {@link huggingface} provider: no chat models or formatters, its token counter
 * and the options of its embedding models.
 */
export type HuggingFaceProvider<Id extends string = "huggingface"> = Provider<
  never,
  never,
  HuggingFaceTokenCounter,
  Id,
  Record<string, unknown>,
  HuggingFaceProviderEmbeddingOptions
>;

/**
 * The Hugging Face provider for core's registry: exact token counters and local embedding
 * models by hub id or folder. `registry.register(huggingface())`, then
 * `registry.tokenCounter("huggingface:Qwen/Qwen3-8B")` or
 * `registry.embedding("huggingface:Xenova/all-MiniLM-L6-v2", { dimensions: 384 })`.
 * It has no chat models or formatters: asking for one is a `RegistryError` naming what to use.
 */
export function huggingface<const Id extends string = "huggingface">(
  options: Omit<HuggingFaceProviderOptions, "id"> & { id?: Id } = {},
): HuggingFaceProvider<Id> {
  const { id = "huggingface" as Id, embedding: embeddingDefaults, ...hub } = options;
  return providerEntry<
    HuggingFaceTokenCounter,
    Id,
    Record<string, unknown>,
    HuggingFaceProviderEmbeddingOptions
  >({
    id,
    withoutChatModels:
      "Run Hugging Face chat models through @agentscope-ts/llama-cpp, @agentscope-ts/ollama, or an " +
      "OpenAI-compatible server (vLLM, TGI) with @agentscope-ts/openai.",
    tokenCounter: ({ modelName, ...rest }: ProviderModelOptions) =>
      new HuggingFaceTokenCounter({
        ...hub,
        ...(rest as Partial<HuggingFaceTokenCounterOptions>),
        pretrainedModelNameOrPath: modelName,
      }),
    embedding: ({ dimensions = embeddingDefaults?.dimensions, ...rest }) =>
      new TransformersTextEmbedding({
        ...hub,
        ...embeddingDefaults,
        ...rest,
        // Anything but a number fails the model's own check, a ValidationError naming `dimensions`.
        dimensions: typeof dimensions === "number" ? dimensions : Number.NaN,
      }),
  });
}
