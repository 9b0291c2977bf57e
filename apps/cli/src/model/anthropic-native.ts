import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a Claude model on Anthropic's native Messages API with `@agentscope-ts/anthropic`,
 * imported here on first use: thinking signatures, prompt-cache usage and Claude's own token
 * counts survive, which the OpenAI-compatible route loses. `--max-tokens` becomes `maxTokens`.
 */
export async function loadAnthropic(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { AnthropicChatFormatter, AnthropicChatModel } = await import("@agentscope-ts/anthropic");
  const model = new AnthropicChatModel({
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
  });
  return {
    model,
    formatter: new AnthropicChatFormatter(),
    label: `${choice.provider.id}:${choice.modelName}`,
  };
}
