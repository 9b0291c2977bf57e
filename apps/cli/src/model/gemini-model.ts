import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a Gemini model with `@agentscope-ts/gemini` (the native API through `@google/genai`),
 * imported here on first use. `--base-url` becomes the SDK's base URL; `--max-tokens` is sent as
 * `maxOutputTokens`.
 */
export async function loadGemini(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { GeminiChatFormatter, GeminiChatModel } = await import("@agentscope-ts/gemini");
  const model = new GeminiChatModel({
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
    ...(settings.maxTokens !== undefined
      ? { generateKwargs: { maxOutputTokens: settings.maxTokens } }
      : {}),
  });
  const formatter = new GeminiChatFormatter({ saveBase64Data: saveMediaToTempFile });
  return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
}
