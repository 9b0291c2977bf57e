import type { TTSModelBase } from "@agentscope-ts/core";
import {
  DashScopeCosyVoiceRealtimeTTSModel,
  type DashScopeCosyVoiceRealtimeTTSModelOptions,
} from "./dashscope-cosyvoice-realtime-tts-model.js";
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
 * The options {@link dashScopeTTSModel} takes: those of every DashScope TTS model (each model reads
 * its own: `languageType` is the HTTP model's, `coldStartLength` the realtime ones'…), plus
 * `streamingInput`.
 */
export type DashScopeTTSFactoryOptions = DashScopeCosyVoiceRealtimeTTSModelOptions &
  DashScopeRealtimeTTSModelOptions &
  DashScopeTTSModelOptions & {
    /** `false` picks CosyVoice's one-shot model over its streaming-input one. Default true. */
    streamingInput?: boolean;
  };

/**
 * The DashScope TTS model for a model name: `cosyvoice-*` / `sambert*` build a
 * `DashScopeCosyVoiceRealtimeTTSModel` (streaming input; `streamingInput: false` gives the one-shot
 * `DashScopeCosyVoiceTTSModel`), names ending in `-realtime` a `DashScopeRealtimeTTSModel`, others
 * (`qwen3-tts-flash`, `qwen-tts`) a `DashScopeTTSModel` over HTTP.
 */
export function dashScopeTTSModel(
  options: DashScopeTTSFactoryOptions & { modelName: string },
): TTSModelBase {
  const { streamingInput, ...rest } = options;
  const name = options.modelName;
  if (isCosyVoice(name)) {
    return streamingInput === false
      ? new DashScopeCosyVoiceTTSModel(rest)
      : new DashScopeCosyVoiceRealtimeTTSModel(rest);
  }
  if (name.endsWith("-realtime")) return new DashScopeRealtimeTTSModel(rest);
  return new DashScopeTTSModel(rest);
}
