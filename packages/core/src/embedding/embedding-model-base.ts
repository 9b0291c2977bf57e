import { AgentScopeError } from "../errors/agentscope-error.js";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ImageBlock, TextBlock, VideoBlock } from "../message/content-block.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import { AttemptControl } from "../model/attempt-control.js";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "../model/chat-model-base.js";
import { isRetryableError, normalizeModelError } from "../model/model-errors.js";
import { type RetryOptions, retryWithBackoff } from "../model/retry-with-backoff.js";
import { embeddingRequestAttributes, embeddingSpanName } from "../tracing/embedding-span.js";
import { SpanAttributeNames } from "../tracing/span-attributes.js";
import { withSpan } from "../tracing/with-span.js";
import type { EmbeddingCacheBase } from "./embedding-cache-base.js";
import {
  createEmbeddingResponse,
  type Embedding,
  type EmbeddingResponse,
  type EmbeddingUsage,
} from "./embedding-response.js";

/** What can be embedded: text (a string or text block), or media for multimodal models. */
export type EmbeddingInput = string | TextBlock | ImageBlock | VideoBlock;

/** An input after text blocks became strings: what {@link EmbeddingModelBase.doEmbed} receives. */
export type NormalizedEmbeddingInput = string | ImageBlock | VideoBlock;

/** Options of one {@link EmbeddingModelBase.embed} call; providers may accept more. */
export interface EmbedOptions {
  /** Aborts the call; it then rejects with an `InterruptedError`. */
  signal?: AbortSignal;
  /** Milliseconds before an attempt fails with a retryable `ModelError`. */
  timeout?: number;
  /** This call's {@link EmbeddingModelBaseOptions.requestTimeout}; `null` = no limit. */
  requestTimeout?: number | null;
  /** Retries on retryable errors. Defaults to the model's `maxRetries`. */
  maxRetries?: number;
}

/** What a provider's {@link EmbeddingModelBase.doEmbed} receives besides the inputs. */
export type EmbedRequest<TOptions extends EmbedOptions = EmbedOptions> = Omit<
  TOptions,
  "signal" | "timeout" | "requestTimeout" | "maxRetries"
> & { signal: AbortSignal; attempt: number };

/** What a provider's {@link EmbeddingModelBase.doEmbed} returns. */
export interface EmbedResult {
  embeddings: Embedding[];
  /** Tokens used, when the API reports it (time is measured by the base class). */
  tokens?: number;
}

/** Options of {@link EmbeddingModelBase}. */
export interface EmbeddingModelBaseOptions {
  /** The embedding model name. */
  modelName: string;
  /** The vector size. */
  dimensions: number;
  /** A cache so repeated requests skip the API (`InMemoryEmbeddingCache`, `FileEmbeddingCache`). */
  embeddingCache?: EmbeddingCacheBase;
  /** Retries on 429, 5xx, timeouts and dropped connections. Default 2. */
  maxRetries?: number;
  /** Milliseconds before an attempt times out (a stricter shorthand). Default: unset. */
  timeout?: number;
  /**
   * The longest one attempt may take, in milliseconds; past it the attempt fails with a
   * retryable `ModelError` naming `requestTimeout`. Default 600 000 (as for chat models); `null`
   * = no limit.
   */
  requestTimeout?: number | null;
  /** Backoff tuning for retries. */
  retry?: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;
}

/**
 * The base class of embedding models (AgentScope's `EmbeddingModelBase`). `embed(inputs)` looks
 * in the cache first (keyed by {@link cacheIdentifier}: inputs, model name and dimensions), then
 * calls the provider's {@link doEmbed} with retries, timeout, abort and tracing, and stores the
 * result.
 */
export abstract class EmbeddingModelBase<TOptions extends EmbedOptions = EmbedOptions> {
  /** The provider id, e.g. `"openai"`. */
  abstract readonly provider: string;
  /** The modalities the model embeds: `"text"`, `"image"`, `"video"`. */
  readonly supportedModalities: readonly string[] = ["text"];
  /** The embedding model name. */
  readonly modelName: string;
  /** The vector size. */
  readonly dimensions: number;
  /** The cache, when one is used. */
  embeddingCache: EmbeddingCacheBase | undefined;
  /** Default retries. */
  maxRetries: number;
  /** Default timeout, in milliseconds. */
  timeout: number | undefined;
  /** The longest one attempt may take, in milliseconds; `null` = no limit. */
  requestTimeout: number | null;
  /** Backoff tuning for retries. */
  retryOptions: Omit<RetryOptions, "maxRetries" | "signal" | "isRetryable">;

  constructor(options: EmbeddingModelBaseOptions) {
    const issues = [];
    if (typeof options?.modelName !== "string" || options.modelName === "") {
      issues.push({ path: "modelName", message: "required (expected a non-empty string)" });
    }
    if (!Number.isInteger(options?.dimensions) || (options?.dimensions ?? 0) <= 0) {
      issues.push({ path: "dimensions", message: "expected a positive integer" });
    }
    const requestTimeout = options?.requestTimeout;
    if (
      requestTimeout !== undefined &&
      requestTimeout !== null &&
      (typeof requestTimeout !== "number" || Number.isNaN(requestTimeout) || requestTimeout <= 0)
    ) {
      issues.push({
        path: "requestTimeout",
        message: "expected a positive number of milliseconds or null (no limit)",
      });
    }
    if (issues.length > 0) throw new ValidationError("embedding model options", issues);
    this.modelName = options.modelName;
    this.dimensions = options.dimensions;
    this.embeddingCache = options.embeddingCache;
    this.maxRetries = options.maxRetries ?? 2;
    this.timeout = options.timeout;
    this.requestTimeout =
      requestTimeout === undefined ? DEFAULT_REQUEST_TIMEOUT_MS : (requestTimeout as number | null);
    this.retryOptions = options.retry ?? {};
  }

  /** Embeds `inputs`, one vector per input, from the cache when possible. */
  async embed(inputs: readonly EmbeddingInput[], options?: TOptions): Promise<EmbeddingResponse> {
    const opts = options ?? ({} as TOptions);
    const normalized = this.normalizeInputs(inputs);
    return withSpan(
      "embedding",
      embeddingSpanName(this),
      () => embeddingRequestAttributes(this),
      async (span) => {
        const response = await this.embedUncached(normalized, opts);
        span.setAttributes({
          [SpanAttributeNames.GEN_AI_RESPONSE_ID]: response.id,
          [SpanAttributeNames.AGENTSCOPE_EMBEDDING_SOURCE]: response.source,
        });
        return response;
      },
    );
  }

  /**
   * Calls the provider. `inputs` are strings (text) and image/video blocks; pass `request.signal`
   * to the SDK.
   */
  protected abstract doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest<TOptions>,
  ): Promise<EmbedResult>;

  /**
   * The cache key of a request: `{ input, model, dimensions }` plus {@link cacheKeyFields}.
   * Override for a key of another shape (AgentScope's Gemini model keys on its whole request).
   */
  protected cacheIdentifier(
    inputs: readonly NormalizedEmbeddingInput[],
    _options: TOptions,
  ): unknown {
    return {
      input: inputs,
      model: this.modelName,
      dimensions: this.dimensions,
      ...this.cacheKeyFields(),
    };
  }

  /**
   * Request fields that change the vectors, added (in this order) to the default cache key after
   * `dimensions`: AgentScope's OpenAI model keys on `encoding_format` too. None by default.
   */
  protected cacheKeyFields(): Record<string, unknown> {
    return {};
  }

  /** Turns an SDK error into a `ModelError` where possible (see `normalizeModelError`). */
  protected normalizeError(error: unknown): unknown {
    return normalizeModelError(error, this.provider);
  }

  private normalizeInputs(inputs: readonly EmbeddingInput[]): NormalizedEmbeddingInput[] {
    if (!Array.isArray(inputs)) {
      throw new ValidationError("embedding inputs", [
        { path: "", message: `expected array, received ${typeof inputs}` },
      ]);
    }
    return inputs.map((input, i) => {
      if (typeof input === "string") return input;
      const type = (input as { type?: unknown } | null)?.type;
      if (type === "text" && typeof (input as TextBlock).text === "string") {
        return (input as TextBlock).text;
      }
      if ((type === "image" || type === "video") && this.supportedModalities.includes(type)) {
        return input as ImageBlock | VideoBlock;
      }
      throw new ValidationError(
        "embedding inputs",
        [{ path: `[${i}]`, message: `cannot embed ${JSON.stringify(type ?? typeof input)}` }],
        {
          hint: `${this.constructor.name} embeds: ${this.supportedModalities.join(", ")} (strings or blocks).`,
        },
      );
    });
  }

  private async embedUncached(
    inputs: readonly NormalizedEmbeddingInput[],
    options: TOptions,
  ): Promise<EmbeddingResponse> {
    const {
      signal,
      timeout = this.timeout,
      requestTimeout = this.requestTimeout,
      maxRetries = this.maxRetries,
      ...rest
    } = options;
    const limits = { responseMs: timeout, totalMs: requestTimeout ?? undefined };
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    const cache = this.embeddingCache;
    const identifier = cache ? this.cacheIdentifier(inputs, options) : undefined;
    if (cache) {
      const cached = await cache.retrieve(identifier);
      if (cached && cached.length > 0) {
        return createEmbeddingResponse({
          embeddings: cached,
          usage: { time: 0, tokens: 0 },
          source: "cache",
        });
      }
    }
    const started = Date.now();
    let attempts = 0;
    const describe = () => ({
      provider: this.provider,
      what: `The ${this.provider} embedding model ${this.modelName}`,
    });
    let result: EmbedResult;
    try {
      result = await retryWithBackoff(
        async (attempt) => {
          attempts = attempt;
          const ctl = new AttemptControl(signal, limits, describe);
          try {
            const request: EmbedRequest<TOptions> = { ...rest, signal: ctl.signal, attempt };
            return await ctl.race(this.doEmbed(inputs, request));
          } catch (error) {
            throw this.normalizeError(ctl.explain(error));
          } finally {
            ctl.dispose();
          }
        },
        {
          ...this.retryOptions,
          maxRetries,
          ...(signal ? { signal } : {}),
          isRetryable: isRetryableError,
        },
      );
    } catch (error) {
      if (attempts > 1 && error instanceof ModelError && error.retryable) {
        throw new ModelError(`${error.message} (gave up after ${attempts} attempts)`, {
          cause: error,
          retryable: true,
          ...(error.provider !== undefined ? { provider: error.provider } : {}),
          ...(error.status !== undefined ? { status: error.status } : {}),
        });
      }
      throw error;
    }
    if (!Array.isArray(result?.embeddings) || result.embeddings.length !== inputs.length) {
      throw new AgentScopeError(
        `${this.constructor.name}.doEmbed returned ${Array.isArray(result?.embeddings) ? result.embeddings.length : "no"} embeddings for ${inputs.length} inputs.`,
      );
    }
    if (cache) await cache.store(result.embeddings, identifier);
    const usage: EmbeddingUsage = { time: (Date.now() - started) / 1000 };
    if (result.tokens !== undefined) usage.tokens = result.tokens;
    return createEmbeddingResponse({ embeddings: result.embeddings, usage });
  }
}
