import { createRegistry, type TTSModelBase } from "@agentscope-ts/core";
import type { TtsChoice } from "./tts-choice.js";

/** A TTS model ready for the agent, and how it is shown. */
export interface LoadedTts {
  model: TTSModelBase;
  /** `provider:model`. */
  label: string;
}

/**
 * Builds the TTS model of `choice` through core's registry: imports the provider's package on
 * first use (`@agentscope-ts/openai`, `/gemini` or `/dashscope`), registers its provider with the
 * key and endpoint, and asks for `"<id>:<model>"`. Speech comes as 16-bit PCM (what players and
 * WAV files take).
 */
export async function loadTtsModel(choice: TtsChoice): Promise<LoadedTts> {
  const registry = createRegistry();
  const client = { apiKey: choice.apiKey };
  switch (choice.provider.id) {
    case "openai": {
      const { openai } = await import("@agentscope-ts/openai");
      registry.register(
        openai({ ...client, ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}) }),
      );
      break;
    }
    case "gemini": {
      const { gemini } = await import("@agentscope-ts/gemini");
      registry.register(
        gemini({ ...client, ...(choice.baseURL !== undefined ? { baseURL: choice.baseURL } : {}) }),
      );
      break;
    }
    case "dashscope": {
      const { dashscope } = await import("@agentscope-ts/dashscope");
      registry.register(
        dashscope({
          ...client,
          ...(choice.baseURL !== undefined ? { baseHttpApiUrl: choice.baseURL } : {}),
        }),
      );
      break;
    }
  }
  const model = registry.ttsModel(`${choice.provider.id}:${choice.modelName}`, { stream: true });
  return { model, label: `${choice.provider.id}:${model.modelName}` };
}
