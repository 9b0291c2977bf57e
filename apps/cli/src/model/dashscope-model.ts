import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/**
 * Loads a DashScope (Qwen) model on DashScope's native API through the `dashscope()` registry
 * provider of `@agentscope-ts/dashscope`, imported here on first use; `--base-url` is the API base
 * (e.g. the international `https://dashscope-intl.aliyuncs.com/api/v1`).
 */
export async function loadDashScope(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { dashscope } = await import("@agentscope-ts/dashscope");
  const provider = dashscope({
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
        ? { generateKwargs: { max_tokens: settings.maxTokens } }
        : {}),
    },
    { saveBase64Data: saveMediaToTempFile },
  );
}
