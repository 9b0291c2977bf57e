import type { ChatResponse } from "../model/chat-response.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { commonAttributes } from "./common-attributes.js";
import { getTracer } from "./global-tracer.js";
import { providerNameOf } from "./provider-name.js";
import { SpanAttributeNames as A, OperationNames } from "./span-attributes.js";
import { blockToPart, spanJson } from "./span-content.js";
import type { Span, SpanAttributes } from "./tracer.js";

/** What the model span reads from a chat model. */
export interface TracedChatModel {
  readonly provider: string;
  readonly modelName: string;
  readonly streaming: boolean;
}

/** Request options the model span reads (tools, tool choice, and generation parameters). */
interface TracedRequest {
  tools?: readonly ToolFunctionSchema[];
  toolChoice?: unknown;
  [key: string]: unknown;
}

/** Generation parameters: attribute name and the keyword names providers use for it. */
const GENERATION_PARAMETERS: readonly (readonly [string, readonly string[]])[] = [
  [A.GEN_AI_REQUEST_TEMPERATURE, ["temperature"]],
  [A.GEN_AI_REQUEST_TOP_P, ["top_p", "topP", "p"]],
  [A.GEN_AI_REQUEST_TOP_K, ["top_k", "topK"]],
  [
    A.GEN_AI_REQUEST_MAX_TOKENS,
    ["max_tokens", "maxTokens", "max_completion_tokens", "max_output_tokens", "maxOutputTokens"],
  ],
  [A.GEN_AI_REQUEST_PRESENCE_PENALTY, ["presence_penalty", "presencePenalty"]],
  [A.GEN_AI_REQUEST_FREQUENCY_PENALTY, ["frequency_penalty", "frequencyPenalty"]],
  [A.GEN_AI_REQUEST_STOP_SEQUENCES, ["stop_sequences", "stopSequences", "stop"]],
  [A.GEN_AI_REQUEST_SEED, ["seed"]],
];

/** A generation parameter as an attribute value: numbers, strings and string lists only. */
function parameterValue(value: unknown): number | string | string[] | undefined {
  if (typeof value === "number" || typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  return undefined;
}

/** Tool definitions in the flat GenAI shape AgentScope records (none when `toolChoice` is "none"). */
function toolDefinitions(request: TracedRequest): string | undefined {
  if (!request.tools || request.tools.length === 0 || request.toolChoice === "none") return;
  return spanJson(
    request.tools.map((t) => ({
      type: t.type,
      name: t.function.name,
      description: t.function.description,
      parameters: t.function.parameters,
    })),
  );
}

/**
 * Request attributes of a `chat {model}` span: operation, provider (inferred as AgentScope does),
 * model, generation parameters (from the call options, then the model's `generateKwargs`), tool
 * definitions. Only named parameters are read, so credentials never reach the span.
 */
export function modelRequestAttributes(
  model: TracedChatModel,
  request: TracedRequest,
): SpanAttributes {
  const attributes: SpanAttributes = {
    ...commonAttributes(getTracer()),
    [A.GEN_AI_OPERATION_NAME]: OperationNames.model,
    [A.GEN_AI_PROVIDER_NAME]: providerNameOf(model),
    [A.GEN_AI_REQUEST_MODEL]: model.modelName,
    [A.AGENTSCOPE_STREAM]: model.streaming,
    [A.GEN_AI_TOOL_DEFINITIONS]: toolDefinitions(request),
  };
  const kwargs = (model as { generateKwargs?: unknown }).generateKwargs;
  const sources = [request, typeof kwargs === "object" && kwargs !== null ? kwargs : {}];
  for (const [name, keys] of GENERATION_PARAMETERS) {
    for (const source of sources) {
      const key = keys.find((k) => (source as Record<string, unknown>)[k] !== undefined);
      const value = key && parameterValue((source as Record<string, unknown>)[key]);
      if (value !== undefined && value !== "") {
        attributes[name] = value;
        break;
      }
    }
  }
  return attributes;
}

/** Starts a `chat {model}` span with `attributes` (and the prompt, when content is recorded). */
export function startModelSpan(
  model: TracedChatModel,
  messages: unknown,
  attributes: SpanAttributes,
): Span {
  const tracer = getTracer();
  if (tracer.recordContent) attributes[A.GEN_AI_INPUT_MESSAGES] = spanJson(messages);
  return tracer.startSpan(`${OperationNames.model} ${model.modelName}`, {
    kind: "model",
    attributes,
  });
}

/** Response attributes of a `chat {model}` span: id, finish reasons, usage, and content on opt-in. */
export function modelResponseAttributes(response: ChatResponse): SpanAttributes {
  const calledTools = response.content.some((b) => b.type === "tool_use");
  const finish = calledTools ? "tool_calls" : "stop";
  const attributes: SpanAttributes = {
    [A.GEN_AI_RESPONSE_ID]: response.id,
    [A.GEN_AI_RESPONSE_FINISH_REASONS]: [finish],
    [A.GEN_AI_USAGE_INPUT_TOKENS]: response.usage?.inputTokens,
    [A.GEN_AI_USAGE_OUTPUT_TOKENS]: response.usage?.outputTokens,
  };
  if (getTracer().recordContent) {
    attributes[A.GEN_AI_OUTPUT_MESSAGES] = spanJson([
      {
        role: "assistant",
        parts: response.content.flatMap((b) => blockToPart(b) ?? []),
        finish_reason: finish,
      },
    ]);
  }
  return attributes;
}
