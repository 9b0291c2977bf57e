import {
  EmbeddingModelBase,
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  interruptedErrorFrom,
  ModelError,
  type NormalizedEmbeddingInput,
  ValidationError,
} from "@agentscope-ts/core";
import {
  type LlamaEmbeddingContext,
  type LlamaEmbeddingContextOptions,
  type LlamaModelOptions,
  readGgufFileInfo,
} from "node-llama-cpp";
import { LazyResource } from "../runtime/lazy-resource.js";
import { buildOnModel, type ModelLease, modelNameOf } from "../runtime/model-cache.js";
import { defaultThreads, type LlamaRuntimeOptions } from "../runtime/shared-llama.js";

/** Options of {@link LlamaCppEmbedding}. */
export interface LlamaCppEmbeddingOptions
  extends Omit<EmbeddingModelBaseOptions, "modelName" | "dimensions">,
    LlamaRuntimeOptions {
  /** Path of the GGUF file (an embedding model, or any model: its hidden states are used). */
  modelPath: string;
  /**
   * The vector size: the model's embedding length. Required by the constructor; use
   * {@link LlamaCppEmbedding.create} to read it from the file.
   */
  dimensions: number;
  /** The name in traces and cache keys. Default: the file name without `.gguf`. */
  modelName?: string;
  /** Tokens one input may take. Default: the model's training context, up to 8192. */
  contextSize?: LlamaEmbeddingContextOptions["contextSize"];
  /** CPU threads. Default: 1 on machines with 2 cores or fewer, else the physical cores. */
  threads?: number;
  /** Layers offloaded to the GPU: `"auto"` (default), `"max"` or a number. */
  gpuLayers?: LlamaModelOptions["gpuLayers"];
}

interface Loaded {
  lease: ModelLease;
  context: LlamaEmbeddingContext;
}

/**
 * Text embeddings computed in this process by llama.cpp (node-llama-cpp's embedding context) from
 * a GGUF file. The file is loaded on first use and shared with chat models on the same file;
 * {@link dispose} releases it. Inputs are embedded one after another; abort is checked between
 * them.
 */
export class LlamaCppEmbedding extends EmbeddingModelBase {
  readonly provider = "llama-cpp";
  /** The GGUF file. */
  readonly modelPath: string;
  private readonly options: LlamaCppEmbeddingOptions;
  private readonly resource = new LazyResource<Loaded>(
    () => this.doLoad(),
    () =>
      new ModelError(`The llama.cpp embedding model ${this.modelName} was disposed.`, {
        provider: this.provider,
        retryable: false,
      }),
  );

  /**
   * Builds the model with `dimensions` read from the GGUF file's metadata (its embedding length),
   * so callers need not know it.
   */
  static async create(
    options: Omit<LlamaCppEmbeddingOptions, "dimensions"> & { dimensions?: number },
  ): Promise<LlamaCppEmbedding> {
    if (options.dimensions !== undefined) {
      return new LlamaCppEmbedding({ ...options, dimensions: options.dimensions });
    }
    let dimensions: unknown;
    try {
      const info = await readGgufFileInfo(options.modelPath, { readTensorInfo: false });
      // The section of the file's architecture (`llama`, `bert`…) holds its embedding length.
      const section: { readonly embedding_length?: unknown } | undefined =
        info.metadata[info.metadata.general.architecture];
      dimensions = section?.embedding_length;
    } catch (error) {
      throw new ModelError(
        `Cannot read the GGUF file ${options.modelPath}: ${error instanceof Error ? error.message : String(error)}`,
        { provider: "llama-cpp", retryable: false, cause: error },
      );
    }
    if (typeof dimensions !== "number") {
      throw new ModelError(
        `The GGUF file ${options.modelPath} does not state its embedding length; pass dimensions.`,
        { provider: "llama-cpp", retryable: false },
      );
    }
    return new LlamaCppEmbedding({ ...options, dimensions });
  }

  constructor(options: LlamaCppEmbeddingOptions) {
    if (typeof options?.modelPath !== "string" || options.modelPath === "") {
      throw new ValidationError(
        "LlamaCppEmbedding options",
        [{ path: "modelPath", message: "required (expected the path of a .gguf file)" }],
        {
          hint: "Pass { modelPath: '/path/to/model.gguf', dimensions } or use LlamaCppEmbedding.create().",
        },
      );
    }
    super({
      ...options,
      modelName: options.modelName ?? modelNameOf(options.modelPath),
      maxRetries: options.maxRetries ?? 0,
    });
    this.modelPath = options.modelPath;
    this.options = options;
  }

  /** Loads the model and its embedding context (done by the first call otherwise). */
  async load(): Promise<void> {
    await this.loaded();
  }

  /** Frees the embedding context and releases the model file. */
  async dispose(): Promise<void> {
    await this.resource.dispose();
  }

  /** `await using embedding = …` disposes it at the end of the scope. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  private loaded(): Promise<Loaded> {
    return this.resource.get();
  }

  private doLoad(): Promise<Loaded> {
    const o = this.options;
    return buildOnModel(o, async (lease) => {
      const size = lease.model.embeddingVectorSize;
      if (size !== this.dimensions) {
        throw new ModelError(
          `The llama.cpp model ${lease.path} makes ${size}-dimensional embeddings, but dimensions is ${this.dimensions}. Pass dimensions: ${size} (or use LlamaCppEmbedding.create()).`,
          { provider: this.provider, retryable: false },
        );
      }
      const context = await lease.model.createEmbeddingContext({
        contextSize: o.contextSize ?? { max: 8192 },
        threads: o.threads ?? defaultThreads(lease.llama),
      });
      return { lease, context };
    });
  }

  protected override async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest,
  ): Promise<EmbedResult> {
    const { context } = await this.loaded();
    const embeddings: number[][] = [];
    let tokens = 0;
    for (const input of inputs) {
      if (request.signal.aborted) throw interruptedErrorFrom(request.signal);
      const text = input as string;
      tokens += context.calculateInputLength(text);
      const embedding = await context.getEmbeddingFor(text);
      embeddings.push([...embedding.vector]);
    }
    return { embeddings, tokens };
  }
}
