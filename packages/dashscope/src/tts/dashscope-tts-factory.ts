import type { TTSModelBase } from "@agentscope-ts/core";
import type { CosyVoiceModelOptions } from "./cosyvoice-setup.js";
import { DashScopeCosyVoiceRealtimeTTSModel } from "./dashscope-cosyvoice-realtime-tts-model.js";
import { DashScopeCosyVoiceTTSModel } from "./dashscope-cosyvoice-tts-model.js";
import {
  DashScopeRealtimeTTSModel,
  type DashScopeRealtimeTTSModelOptions,
} from "./dashscope-realtime-tts-model.js";
import { DashScopeTTSModel, type DashScopeTTSModelOptions } from "./dashscope-tts-model.js";

/** True for CosyVoice's models (`cosyvoice-v3-plus`…) and Sambert, spoken over the inference WebSocket. */
function isCosyVoice(modelName: string): boolean {
  return modelName.startsWith("cosyvoice") || modelName.startsWith("sambert");
}

/**
 * The DashScope TTS model for a model name: `cosyvoice-*` / `sambert*` build a
 * `DashScopeCosyVoiceRealtimeTTSModel` (streaming input; `streamingInput: false` gives the one-shot
 * `DashScopeCosyVoiceTTSModel`), names ending in `-realtime` a `DashScopeRealtimeTTSModel`, others
 * (`qwen3-tts-flash`, `qwen-tts`) a `DashScopeTTSModel` over HTTP.
 */
export function dashScopeTTSModel(
  options: { modelName: string; streamingInput?: boolean } & Record<string, unknown>,
): TTSModelBase {
  const { streamingInput, ...rest } = options;
  const name = options.modelName;
  if (isCosyVoice(name)) {
    const cosy = rest as CosyVoiceModelOptions;
    return streamingInput === false
      ? new DashScopeCosyVoiceTTSModel(cosy)
      : new DashScopeCosyVoiceRealtimeTTSModel(cosy);
  }
  if (name.endsWith("-realtime")) {
    return new DashScopeRealtimeTTSModel(rest as DashScopeRealtimeTTSModelOptions);
  }
  return new DashScopeTTSModel(rest as DashScopeTTSModelOptions);
}
