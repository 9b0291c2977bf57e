import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a model served over an OpenAI-compatible API (OpenAI, and for now Anthropic, Gemini,
 * DashScope and Ollama through their compatible endpoints) with `@agentscope-ts/openai`, imported
 * here on first use.
 */
export async function loadOpenAICompatible(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { OpenAIChatFormatter, OpenAIChatModel } = await import("@agentscope-ts/openai");
  const model = new OpenAIChatModel({
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
    ...(settings.maxTokens !== undefined
      ? { generateKwargs: { max_tokens: settings.maxTokens } }
      : {}),
  });
  const formatter = new OpenAIChatFormatter({ saveBase64Data: saveMediaToTempFile });
  return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
}
