import { saveMediaToTempFile } from "@agentscope-ts/core/node";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/**
 * Loads a model served over an OpenAI-compatible API through the `openai()` registry provider of
 * `@agentscope-ts/openai`, imported here on first use; `--api responses` uses the provider's
 * Responses API (model and formatter).
 */
export async function loadOpenAICompatible(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const { openai } = await import("@agentscope-ts/openai");
  const client = {
    id: choice.provider.id,
    ...(choice.apiKey !== undefined ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}),
  };
  const formatterOptions = { saveBase64Data: saveMediaToTempFile };
  if (choice.api === "responses") {
    // `--api responses`: the Responses API (its answer limit is `max_output_tokens`).
    return resolveThroughRegistry(
      openai({ ...client, api: "responses" }),
      choice.modelName,
      {
        stream: true,
        ...(settings.maxTokens !== undefined
          ? { generateKwargs: { max_output_tokens: settings.maxTokens } }
          : {}),
      },
      formatterOptions,
    );
  }
  return resolveThroughRegistry(
    openai(client),
    choice.modelName,
    {
      stream: true,
      ...(settings.maxTokens !== undefined
        ? { generateKwargs: { max_tokens: settings.maxTokens } }
        : {}),
    },
    formatterOptions,
  );
}
