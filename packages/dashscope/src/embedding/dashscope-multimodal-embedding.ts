import {
  type EmbeddingModelBaseOptions,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  type NormalizedEmbeddingInput,
  ValidationError,
} from "@agentscope-ts/core";
import { DashScopeEmbeddingBase } from "./dashscope-embedding-base.js";
import { postEmbedding } from "./dashscope-embedding-request.js";
import {
  type DashScopeEmbeddingClientOptions,
  embeddingClient,
} from "./dashscope-text-embedding.js";

/** The path of DashScope's multimodal-embedding API, under the base URL. */
export const MULTIMODAL_EMBEDDING_PATH =
  "/services/embeddings/multimodal-embedding/multimodal-embedding";

/** Options of {@link DashScopeMultiModalEmbedding} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeMultiModalEmbeddingOptions
  extends Omit<EmbeddingModelBaseOptions, "dimensions">,
    DashScopeEmbeddingClientOptions {
  /**
   * The vector size. Fixed by the model: 1152 for `tongyi-embedding-vision-plus`, 768 for
   * `tongyi-embedding-vision-flash`, 1024 for `multimodal-embedding-v*` (and the default).
   */
  dimensions?: number;
}

const DOC = "https://help.aliyun.com/zh/model-studio/multimodal-embedding-api-reference";

/** AgentScope's per-model batch limit and fixed dimension. */
function modelLimits(modelName: string): { batch: number; dimensions: number | undefined } {
  if (modelName.startsWith("tongyi-embedding-vision-plus")) return { batch: 8, dimensions: 1152 };
  if (modelName.startsWith("tongyi-embedding-vision-flash")) return { batch: 8, dimensions: 768 };
  if (modelName.startsWith("multimodal-embedding-v")) return { batch: 1, dimensions: 1024 };
  return { batch: 1, dimensions: undefined };
}

/**
 * AgentScope's `DashScopeMultiModalEmbedding`: DashScope's multimodal-embedding API for text,
 * images (URL or base64, sent as a `data:` URL) and videos (URL only), in batches of the model's
 * limit (8 for `tongyi-embedding-vision-*`, else 1); tokens are `input_tokens + image_tokens`.
 * Cache, retries, timeout and abort come from `EmbeddingModelBase`.
 */
export class DashScopeMultiModalEmbedding extends DashScopeEmbeddingBase {
  override readonly supportedModalities: readonly string[] = ["text", "image", "video"];
  /** Most inputs per request. */
  readonly batchSizeLimit: number;

  constructor(options: DashScopeMultiModalEmbeddingOptions) {
    const limits = modelLimits(options?.modelName ?? "");
    if (
      limits.dimensions !== undefined &&
      options.dimensions !== undefined &&
      options.dimensions !== limits.dimensions
    ) {
      throw new ValidationError(
        "DashScopeMultiModalEmbedding options",
        [
          {
            path: "dimensions",
            message: `${options.modelName} embeds into ${limits.dimensions} dimensions, received ${options.dimensions}`,
          },
        ],
        { hint: `Leave dimensions out or pass ${limits.dimensions} (see ${DOC}).` },
      );
    }
    super(
      { ...options, dimensions: options.dimensions ?? limits.dimensions ?? 1024 },
      embeddingClient(options, "DashScopeMultiModalEmbedding"),
    );
    this.batchSizeLimit = limits.batch;
  }

  protected async doEmbed(
    inputs: readonly NormalizedEmbeddingInput[],
    request: EmbedRequest,
  ): Promise<EmbedResult> {
    const contents = inputs.map(toContent);
    const result = await embedInBatches(contents, this.batchSizeLimit, async (batch) => {
      const answer = await postEmbedding(
        this.client,
        MULTIMODAL_EMBEDDING_PATH,
        { model: this.modelName, input: { contents: batch } },
        request.signal,
      );
      const { input_tokens: text, image_tokens: image } = answer.usage;
      const tokens =
        (typeof text === "number" ? text : 0) + (typeof image === "number" ? image : 0);
      return { embeddings: answer.embeddings, tokens };
    });
    return { embeddings: result.embeddings, tokens: result.tokens ?? 0 };
  }
}

/** One input as a DashScope multimodal-embedding content item. */
function toContent(input: NormalizedEmbeddingInput, index: number): Record<string, string> {
  if (typeof input === "string") return { text: input };
  const source = input.source as {
    type?: unknown;
    url?: unknown;
    media_type?: unknown;
    data?: unknown;
  };
  if (input.type === "video") {
    if (source.type !== "url") {
      throw new ValidationError("embedding inputs", [
        {
          path: `[${index}].source`,
          message: "the multimodal embedding API takes videos by URL only",
        },
      ]);
    }
    return { video: String(source.url) };
  }
  if (source.type === "url") return { image: String(source.url) };
  if (source.type === "base64") {
    return { image: `data:${String(source.media_type)};base64,${String(source.data)}` };
  }
  throw new ValidationError("embedding inputs", [
    {
      path: `[${index}].source.type`,
      message: `expected "url" or "base64", received ${JSON.stringify(source.type)}`,
    },
  ]);
}
