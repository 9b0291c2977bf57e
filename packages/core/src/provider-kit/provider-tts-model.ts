import {
  type TTSCallOptions,
  TTSModelBase,
  type TTSModelBaseOptions,
  type TTSRequest,
} from "../tts/tts-model-base.js";

/**
 * The options every provider's TTS model names the same way (besides {@link TTSModelBaseOptions}):
 * a provider's options interface extends it and adds what is specific to its API (its client,
 * format…). `Kwargs` is the type of its request fields (the SDK's own, where it has one).
 */
export interface ProviderTTSModelOptions<Kwargs extends object = Record<string, unknown>>
  extends Omit<TTSModelBaseOptions, "modelName"> {
  /** The TTS model (each provider has its default). */
  modelName?: string;
  /** The voice (each provider has its default and its voice names). */
  voice?: string;
  /** Request fields sent with every call, as the API names them. */
  generateKwargs?: Kwargs;
  /** The provider id used in errors (default: the provider's own, e.g. `"openai"`). */
  provider?: string;
}

/** The options of one call of a provider's TTS model. */
export interface ProviderTTSCallOptions<Kwargs extends object = Record<string, unknown>>
  extends TTSCallOptions {
  /** Extra request fields for this call, over the model's. */
  generateKwargs?: Kwargs;
}

/** A provider's defaults for {@link ProviderTTSModelBase}. */
export interface ProviderTTSDefaults {
  /** The provider id. */
  provider: string;
  /** The default TTS model. */
  modelName: string;
  /** The default voice. */
  voice: string;
}

/**
 * The base of a provider's one-request-per-message TTS model: reads the options every provider
 * names the same way ({@link ProviderTTSModelOptions}) with the provider's defaults, and merges the
 * model's and the call's `generateKwargs` ({@link requestKwargs}). Subclasses check their own
 * options and implement `doSynthesize`.
 */
export abstract class ProviderTTSModelBase<
  Kwargs extends object = Record<string, unknown>,
> extends TTSModelBase<ProviderTTSCallOptions<Kwargs>> {
  readonly provider: string;
  /** The voice. */
  readonly voice: string;
  /** Request fields sent with every call. */
  generateKwargs: Partial<Kwargs>;

  constructor(options: ProviderTTSModelOptions<Kwargs>, defaults: ProviderTTSDefaults) {
    super({ ...options, modelName: options.modelName ?? defaults.modelName });
    this.provider = options.provider ?? defaults.provider;
    this.voice = options.voice ?? defaults.voice;
    this.generateKwargs = { ...options.generateKwargs };
  }

  /** The request fields of a call: the model's `generateKwargs`, the call's over them. */
  protected requestKwargs(request: TTSRequest<ProviderTTSCallOptions<Kwargs>>): Partial<Kwargs> {
    return { ...this.generateKwargs, ...request.generateKwargs };
  }
}
