import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedOptions,
  type EmbedRequest,
  type EmbedResult,
  type NormalizedEmbeddingInput,
} from "../embedding/embedding-model-base.js";
import { ValidationError } from "../errors/validation-error.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import { batchSizeOption, embedInBatches } from "./embed-batches.js";

/** The defaults of a {@link BatchedTextEmbeddingBase}: what applies when the options give none. */
export interface TextEmbeddingDefaults {
  /** The class name, named in a bad `batchSize`'s error. */
  owner: string;
  /** The vector size (when the model has a default one). */
  dimensions?: number;
  /** The batch size: the API's per-request limit. */
  batchSize: number;
}

/**
 * The base of a text embedding model whose API takes a limited number of texts per request: the
 * inputs (strings, as `supportedModalities` is `["text"]`) are split into batches of at most
 * `batchSize`, embedded one batch after another (stopping between batches once the call is
 * aborted), the vectors joined in input order and the batches' tokens summed. A provider supplies
 * only {@link embedBatch}; cache, retries, timeout and tracing come from {@link EmbeddingModelBase}.
 */
export abstract class BatchedTextEmbeddingBase<
  TOptions extends EmbedOptions = EmbedOptions,
> extends EmbeddingModelBase<TOptions> {
  /** Most texts per request. */
  readonly batchSize: number;

  constructor(
    options: Omit<EmbeddingModelBaseOptions, "dimensions"> & {
      dimensions?: number;
      batchSize?: number;
    },
    defaults: TextEmbeddingDefaults,
  ) {
    // A missing `dimensions` without a default fails the base's check, naming `dimensions`.
    super({ ...options, dimensions: options.dimensions ?? defaults.dimensions ?? Number.NaN });
    this.batchSize = batchSizeOption(defaults.owner, options.batchSize, defaults.batchSize);
  }

  /** Embeds one batch of at most {@link batchSize} texts, one vector per text, in order. */
  protected abstract embedBatch(
    texts: string[],
    request: EmbedRequest<TOptions>,
  ): Promise<EmbedResult>;

  protected override doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest<TOptions>,
  ): Promise<EmbedResult> {
    const texts = inputs.map((input, i) => {
      if (typeof input === "string") return input;
      throw new ValidationError("embedding inputs", [
        { path: `[${i}]`, message: `${this.constructor.name} embeds text only` },
      ]);
    });
    return embedInBatches(texts, this.batchSize, (batch) => {
      if (request.signal.aborted) throw interruptedErrorFrom(request.signal);
      return this.embedBatch(batch, request);
    });
  }
}
