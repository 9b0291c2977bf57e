import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/**
 * Loads a Gemini model through the `gemini()` registry provider of `@agentscope-ts/gemini` (the
 * native API through `@google/genai`), imported here on first use. `--base-url` becomes the SDK's
 * base URL; `--max-tokens` is sent as `maxOutputTokens`.
 */
export async function loadGemini(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { gemini } = await import("@agentscope-ts/gemini");
  const provider = gemini({
    id: choice.provider.id,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
  });
  return resolveThroughRegistry(
    provider,
    choice.modelName,
    {
      stream: true,
      ...(settings.maxTokens !== undefined
        ? { generateKwargs: { maxOutputTokens: settings.maxTokens } }
        : {}),
    },
    { saveBase64Data: saveMediaToTempFile },
  );
}
