import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { providerNameOf } from "./provider-name.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import type { SpanAttributes } from "./tracer.js";

/** What the embedding span reads from an embedding model. */
export interface TracedEmbeddingModel {
  readonly provider: string;
  readonly modelName: string;
  readonly dimensions?: number | undefined;
}

/** The span name of an embedding call: `embeddings {model}`. */
export function embeddingSpanName(model: TracedEmbeddingModel): string {
  return `${OperationNames.embedding} ${model.modelName}`;
}

/** Request attributes of an `embeddings {model}` span. */
export function embeddingRequestAttributes(model: TracedEmbeddingModel): SpanAttributes {
  return {
    ...commonAttributes(getTracer()),
    [A.GEN_AI_OPERATION_NAME]: OperationNames.embedding,
    [A.GEN_AI_PROVIDER_NAME]: providerNameOf(model),
    [A.GEN_AI_REQUEST_MODEL]: model.modelName,
    [A.GEN_AI_EMBEDDINGS_DIMENSION_COUNT]: model.dimensions,
  };
}
