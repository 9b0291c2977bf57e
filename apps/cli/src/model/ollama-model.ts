import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/**
 * Loads a model served by Ollama through the `ollama()` registry provider of
 * `@agentscope-ts/ollama`, imported here on first use: streaming, on the host from `--base-url` or
 * `OLLAMA_HOST` (else the library's `127.0.0.1:11434`); `--max-tokens` and `--context-size`
 * become Ollama's `num_predict` / `num_ctx`.
 */
export async function loadOllamaModel(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { ollama } = await import("@agentscope-ts/ollama");
  const host = choice.baseURL ?? ((settings.env.OLLAMA_HOST ?? "").trim() || undefined);
  const options: Record<string, number> = {};
  if (settings.maxTokens !== undefined) options.num_predict = settings.maxTokens;
  if (settings.contextSize !== undefined) options.num_ctx = settings.contextSize;
  const provider = ollama({ id: choice.provider.id, ...(host !== undefined ? { host } : {}) });
  return resolveThroughRegistry(
    provider,
    choice.modelName,
    { stream: true, ...(Object.keys(options).length > 0 ? { options } : {}) },
    { saveBase64Data: saveMediaToTempFile },
  );
}
