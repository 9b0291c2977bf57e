import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a model served by Ollama through its native API with `@agentscope-ts/ollama`, imported
 * here on first use: streaming, on the host from `--base-url` or `OLLAMA_HOST` (else the library's
 * `127.0.0.1:11434`); `--max-tokens` and `--context-size` become Ollama's `num_predict` / `num_ctx`.
 */
export async function loadOllamaModel(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { OllamaChatFormatter, OllamaChatModel } = await import("@agentscope-ts/ollama");
  const host = choice.baseURL ?? ((settings.env.OLLAMA_HOST ?? "").trim() || undefined);
  const options: Record<string, number> = {};
  if (settings.maxTokens !== undefined) options.num_predict = settings.maxTokens;
  if (settings.contextSize !== undefined) options.num_ctx = settings.contextSize;
  const model = new OllamaChatModel({
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(host !== undefined ? { host } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  });
  const formatter = new OllamaChatFormatter({ saveBase64Data: saveMediaToTempFile });
  return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
}
