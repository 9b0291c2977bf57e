import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * Loads a DashScope (Qwen) model on DashScope's native API with `@agentscope-ts/dashscope`,
 * imported here on first use; `--base-url` is the API base (e.g. the international
 * `https://dashscope-intl.aliyuncs.com/api/v1`).
 */
export async function loadDashScope(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { DashScopeChatFormatter, DashScopeChatModel } = await import("@agentscope-ts/dashscope");
  const model = new DashScopeChatModel({
    modelName: choice.modelName,
    provider: choice.provider.id,
    stream: true,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseHttpApiUrl: choice.baseURL } : {}),
    ...(settings.maxTokens !== undefined
      ? { generateKwargs: { max_tokens: settings.maxTokens } }
      : {}),
  });
  const formatter = new DashScopeChatFormatter({ saveBase64Data: saveMediaToTempFile });
  return { model, formatter, label: `${choice.provider.id}:${choice.modelName}` };
}
