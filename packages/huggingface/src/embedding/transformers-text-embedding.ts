import {
  AgentScopeError,
  BatchedTextEmbeddingBase,
  type EmbeddingModelBaseOptions,
  type EmbedResult,
  ValidationError,
} from "@agentscope-ts/core";
import {
  type DataType,
  type DeviceType,
  type FeatureExtractionPipeline,
  pipeline,
} from "@huggingface/transformers";
import { applyMirror, type HubOptions, pretrainedOptions } from "../loading/hub-options.js";
import { resolveModelSource } from "../loading/model-source.js";

/** How token vectors become one sentence vector. */
export type EmbeddingPooling = "mean" | "cls" | "first_token" | "eos" | "last_token";

/** Options of {@link TransformersTextEmbedding}. */
export interface TransformersTextEmbeddingOptions
  extends Omit<EmbeddingModelBaseOptions, "modelName" | "dimensions">,
    HubOptions {
  /**
   * A hub id (`"Xenova/all-MiniLM-L6-v2"`) or a local folder holding `config.json`,
   * `tokenizer.json`, `tokenizer_config.json` and `onnx/model.onnx` (or the file of `dtype`).
   */
  modelName: string;
  /** The model's vector size (its `hidden_size`); a model giving another size is an error. */
  dimensions: number;
  /** How token vectors are pooled. Default `"mean"` (sentence-transformers' default). */
  pooling?: EmbeddingPooling;
  /** Scale every vector to length 1 (for cosine similarity). Default true. */
  normalize?: boolean;
  /** Texts per forward pass. Default 32. */
  batchSize?: number;
  /**
   * Where the model runs: `"cpu"` (onnxruntime-node, the default under Node), `"wasm"`,
   * `"webgpu"`, `"cuda"`, … as the runtime offers. Default: CPU in Node, the library's choice elsewhere.
   */
  device?: DeviceType;
  /** The weights' precision, choosing the ONNX file (`fp32` → `model.onnx`, `q8` → `model_quantized.onnx`). Default `"fp32"`. */
  dtype?: DataType;
}

/** The ONNX file name suffix transformers.js uses for each dtype. */
const DTYPE_SUFFIX: Record<string, string> = {
  fp32: "",
  fp16: "_fp16",
  int8: "_int8",
  uint8: "_uint8",
  q8: "_quantized",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4",
};

const POOLINGS: readonly string[] = ["mean", "cls", "first_token", "eos", "last_token"];

function isNode(): boolean {
  const holder = globalThis as { process?: { versions?: { node?: string } } };
  return typeof holder.process?.versions?.node === "string";
}

/**
 * A local sentence-embedding model run by transformers.js (`feature-extraction` pipeline, ONNX
 * Runtime): no server, no API key. Pooling and normalisation follow sentence-transformers;
 * texts are embedded in batches of `batchSize`; with `embeddingCache` repeated requests skip
 * the model. Weights load on first use (or {@link load}), downloads reported to
 * `progressCallback`.
 */
export class TransformersTextEmbedding extends BatchedTextEmbeddingBase {
  readonly provider = "huggingface";
  /** How token vectors are pooled. */
  readonly pooling: EmbeddingPooling;
  /** Whether vectors are scaled to length 1. */
  readonly normalize: boolean;
  /** The device the model runs on (undefined: the library's default). */
  readonly device: DeviceType | undefined;
  /** The weights' precision. */
  readonly dtype: DataType;
  private readonly hub: HubOptions;
  private loading: Promise<FeatureExtractionPipeline> | undefined;

  constructor(options: TransformersTextEmbeddingOptions) {
    // Texts per forward pass: 32 unless given.
    super(options, { owner: "TransformersTextEmbedding", batchSize: 32 });
    if (options.pooling !== undefined && !POOLINGS.includes(options.pooling)) {
      throw new ValidationError("TransformersTextEmbedding options", [
        { path: "pooling", message: `expected one of ${POOLINGS.join(", ")}` },
      ]);
    }
    this.pooling = options.pooling ?? "mean";
    this.normalize = options.normalize ?? true;
    this.device = options.device ?? (isNode() ? "cpu" : undefined);
    this.dtype = options.dtype ?? "fp32";
    this.hub = {
      ...(options.useMirror !== undefined ? { useMirror: options.useMirror } : {}),
      ...(options.localFilesOnly !== undefined ? { localFilesOnly: options.localFilesOnly } : {}),
      ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
      ...(options.revision !== undefined ? { revision: options.revision } : {}),
      ...(options.progressCallback !== undefined
        ? { progressCallback: options.progressCallback }
        : {}),
    };
  }

  /** The files a local model folder must hold for this `dtype`. */
  get expectedFiles(): string[] {
    const suffix = DTYPE_SUFFIX[this.dtype] ?? `_${this.dtype}`;
    return ["config.json", "tokenizer.json", "tokenizer_config.json", `onnx/model${suffix}.onnx`];
  }

  /** Loads the model once (later calls share it); a failed load is retried on the next call. */
  load(): Promise<FeatureExtractionPipeline> {
    this.loading ??= this.loadPipeline().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** One forward pass over `batch` (the model loads on the first). */
  protected async embedBatch(batch: string[]): Promise<EmbedResult> {
    const extractor = await this.load();
    const output = await extractor(batch, { pooling: this.pooling, normalize: this.normalize });
    try {
      const [rows, size] = output.dims as [number, number];
      if (output.dims.length !== 2 || size !== this.dimensions) {
        throw new AgentScopeError(
          `The model ${JSON.stringify(this.modelName)} gives ${output.dims.length === 2 ? `${size}-dimensional vectors` : `output of shape [${output.dims.join(", ")}]`}, but dimensions is ${this.dimensions}. Set dimensions to the model's hidden_size.`,
        );
      }
      const data = output.data as Float32Array;
      const embeddings: number[][] = [];
      for (let row = 0; row < rows; row++) {
        embeddings.push(Array.from(data.subarray(row * size, (row + 1) * size)));
      }
      return { embeddings };
    } finally {
      output.dispose();
    }
  }

  /** The pipeline settings that change the vectors. */
  protected override cacheKeyFields(): Record<string, unknown> {
    return { pooling: this.pooling, normalize: this.normalize, dtype: this.dtype };
  }

  private async loadPipeline(): Promise<FeatureExtractionPipeline> {
    applyMirror(this.hub);
    const hub = pretrainedOptions(this.hub);
    const source = await resolveModelSource(this.modelName, {
      expectedFiles: this.expectedFiles,
      localFilesOnly: hub.local_files_only,
      ...(hub.cache_dir !== undefined ? { cacheDir: hub.cache_dir } : {}),
    });
    return (await pipeline(
      "feature-extraction",
      source.kind === "local" ? source.path : source.id,
      {
        ...hub,
        dtype: this.dtype,
        ...(this.device !== undefined ? { device: this.device } : {}),
      },
    )) as FeatureExtractionPipeline;
  }
}
