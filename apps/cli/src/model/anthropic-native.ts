import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/**
 * Loads a Claude model on Anthropic's native Messages API through the `anthropic()` registry
 * provider of `@agentscope-ts/anthropic`, imported here on first use: thinking signatures,
 * prompt-cache usage and Claude's own token counts survive, which the OpenAI-compatible route
 * loses. `--max-tokens` becomes `maxTokens`.
 */
export async function loadAnthropic(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { anthropic } = await import("@agentscope-ts/anthropic");
  const provider = anthropic({
    id: choice.provider.id,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
  });
  return resolveThroughRegistry(provider, choice.modelName, {
    stream: true,
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
  });
}
