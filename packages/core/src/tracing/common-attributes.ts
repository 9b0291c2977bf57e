import { SpanAttributeNames } from "./span-attributes.js";
import type { SpanAttributes, Tracer } from "./tracer.js";

/** Attributes every span gets: `gen_ai.conversation.id` when the tracer has one. */
export function commonAttributes(tracer: Tracer): SpanAttributes {
  return tracer.conversationId === undefined
    ? {}
    : { [SpanAttributeNames.GEN_AI_CONVERSATION_ID]: tracer.conversationId };
}
