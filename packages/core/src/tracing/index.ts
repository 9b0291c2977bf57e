export {
  agentRequestAttributes,
  agentSpanName,
  recordAgentReply,
  type TracedAgent,
  traceReply,
} from "./agent-span.js";
export { embeddingRequestAttributes, embeddingSpanName } from "./embedding-span.js";
export { getTracer, isTracingEnabled, setTracer } from "./global-tracer.js";
export {
  type LongTermMemoryOperation,
  type TracedMemoryCall,
  traceLongTermMemory,
} from "./memory-span.js";
export {
  modelRequestAttributes,
  modelResponseAttributes,
  type TracedChatModel,
} from "./model-span.js";
export { NOOP_SPAN, NOOP_TRACER } from "./noop-tracer.js";
export { formatTargetOf, providerNameOf } from "./provider-name.js";
export { OperationNames, SpanAttributeNames } from "./span-attributes.js";
export { blockToPart, MAX_ATTRIBUTE_CHARS, msgsToGenAi, spanJson } from "./span-content.js";
export { ToolCallFailure, toolRequestAttributes } from "./tool-span.js";
export { type TracedGeneratorHooks, tracedGenerator } from "./traced-generator.js";
export type {
  Span,
  SpanAttributes,
  SpanAttributeValue,
  SpanKind,
  StartSpanOptions,
  Tracer,
} from "./tracer.js";
export { withSpan } from "./with-span.js";
