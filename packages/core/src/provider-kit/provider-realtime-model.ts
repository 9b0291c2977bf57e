import {
  RealtimeModelBase,
  type RealtimeModelBaseOptions,
} from "../realtime/realtime-model-base.js";

/**
 * The options every provider's realtime model names the same way (besides the base's timeouts):
 * a provider's options interface extends it and adds what its API takes (client, session fields…).
 */
export interface ProviderRealtimeModelOptions extends Partial<RealtimeModelBaseOptions> {
  /** The voice (each provider has its default and its voice names). */
  voice?: string;
  /** Transcribe the user's speech. Default `true`. */
  enableInputAudioTranscription?: boolean;
}

/** A provider's defaults for {@link ProviderRealtimeModelBase}. */
export interface ProviderRealtimeDefaults {
  /** The default model. */
  modelName: string;
  /** The default voice. */
  voice: string;
}

/**
 * The base of a provider's realtime model: reads the options every provider names the same way
 * ({@link ProviderRealtimeModelOptions}) with the provider's defaults. Subclasses implement the
 * session (`doConnect`, `doSend`, `doCancel`, `doClose`).
 */
export abstract class ProviderRealtimeModelBase extends RealtimeModelBase {
  /** The voice. */
  readonly voice: string;
  /** Whether the user's speech is transcribed. */
  readonly enableInputAudioTranscription: boolean;

  constructor(options: ProviderRealtimeModelOptions, defaults: ProviderRealtimeDefaults) {
    super({ ...options, modelName: options.modelName ?? defaults.modelName });
    this.voice = options.voice ?? defaults.voice;
    this.enableInputAudioTranscription = options.enableInputAudioTranscription ?? true;
  }
}
