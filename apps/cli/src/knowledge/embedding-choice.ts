import type { EmbeddingModelBase } from "@agentscope-ts/core";
import type { DownloadConsent } from "../model/download-consent.js";
import { ensureLocalModel } from "../model/ensure-local-model.js";
import type { ModelChoice } from "../model/model-choice.js";
import type { TextOutput } from "../terminal/style.js";

/** An embedding model ready for the knowledge base, and how to free it. */
export interface LoadedEmbedding {
  /** The model. */
  model: EmbeddingModelBase;
  /** `provider:name`, as shown to the user and used to name the store file. */
  label: string;
  /** Frees what the model holds (the local model's memory); optional. */
  dispose?: () => Promise<void>;
}

/** The embedding model of each OpenAI-compatible provider (name and vector size). */
export const EMBEDDING_MODELS: Readonly<Record<string, { name: string; dimensions: number }>> = {
  openai: { name: "text-embedding-3-small", dimensions: 1536 },
  gemini: { name: "gemini-embedding-001", dimensions: 3072 },
  dashscope: { name: "text-embedding-v4", dimensions: 1024 },
  ollama: { name: "nomic-embed-text", dimensions: 768 },
};

/** The local embedding model used when the chat provider has none (Anthropic, llama.cpp): bge-small-en v1.5, 36 MB, MIT. */
export const DEFAULT_LOCAL_EMBEDDING_URI =
  "hf:CompendiumLabs/bge-small-en-v1.5-gguf/bge-small-en-v1.5-q8_0.gguf";

/**
 * Loads the embedding model for `--knowledge`: the chat provider's own (through its
 * OpenAI-compatible endpoint, same key and base URL), or for providers without embeddings the
 * local llama.cpp model (`AGENTSCOPE_EMBEDDING_MODEL_URL`, a GGUF path or URL, else
 * bge-small-en), downloaded once into the models folder after `confirmDownload` agrees (asked in
 * chat, `--yes` in run). Each package is imported on first use.
 */
export async function loadEmbeddingModel(
  choice: ModelChoice,
  env: NodeJS.ProcessEnv,
  stderr: TextOutput,
  confirmDownload?: DownloadConsent,
): Promise<LoadedEmbedding> {
  const remote = EMBEDDING_MODELS[choice.provider.id];
  if (remote) {
    const { OpenAITextEmbedding } = await import("@agentscope-ts/openai");
    const apiKey = choice.apiKey ?? choice.provider.placeholderKey;
    const model = new OpenAITextEmbedding({
      modelName: remote.name,
      dimensions: remote.dimensions,
      ...(apiKey !== undefined ? { apiKey } : {}),
      ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
    });
    return { model, label: `${choice.provider.id}:${remote.name}` };
  }
  const llama = await import("@agentscope-ts/llama-cpp");
  const uri = (env.AGENTSCOPE_EMBEDDING_MODEL_URL ?? "").trim() || DEFAULT_LOCAL_EMBEDDING_URI;
  const dir = llama.defaultModelDir(env);
  const modelPath = await ensureLocalModel(llama, {
    uri,
    dir,
    ...(uri === DEFAULT_LOCAL_EMBEDDING_URI ? { knownSize: "about 36 MB" } : {}),
    alternatives:
      "set AGENTSCOPE_EMBEDDING_MODEL_URL to another GGUF embedding model (a path or URL), or use a provider with embeddings",
    confirm: confirmDownload,
    stderr,
    note: (fileName) => `agentscope: downloading the embedding model ${fileName} into ${dir}.`,
  });
  const model = await llama.LlamaCppEmbedding.create({ modelPath });
  return { model, label: `llama-cpp:${model.modelName}`, dispose: () => model.dispose() };
}
