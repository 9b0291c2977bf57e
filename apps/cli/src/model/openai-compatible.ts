import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a model served over an OpenAI-compatible API (OpenAI, and for now Anthropic, Gemini,
 * DashScope and Ollama through their compatible endpoints) with `@agentscope-ts/openai`, imported
 * here on first use; `--api responses` uses its Responses API model and formatter.
 */
export async function loadOpenAICompatible(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const openai = await import("@agentscope-ts/openai");
  const options = {
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
  };
  const formatterOptions = { saveBase64Data: saveMediaToTempFile };
  if (choice.api === "responses") {
    // `--api responses`: the Responses API (its answer limit is `max_output_tokens`).
    const model = new openai.OpenAIResponseModel({
      ...options,
      ...(settings.maxTokens !== undefined
        ? { generateKwargs: { max_output_tokens: settings.maxTokens } }
        : {}),
    });
    const formatter = new openai.OpenAIResponseChatFormatter(formatterOptions);
    return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
  }
  const model = new openai.OpenAIChatModel({
    ...options,
    ...(settings.maxTokens !== undefined
      ? { generateKwargs: { max_tokens: settings.maxTokens } }
      : {}),
  });
  const formatter = new openai.OpenAIChatFormatter(formatterOptions);
  return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
}
