import type { ChatModelCallOptions, ToolChoice, ToolFunctionSchema } from "@agentscope-ts/core";
import type {
  FunctionTool,
  ResponseCreateParamsBase,
  ResponseTextConfig,
  Tool,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from "openai/resources/responses/responses";
import type { Reasoning } from "openai/resources/shared";
import type { z } from "zod";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { isToolChoiceMode } from "./chat-completions-request.js";
import { kwargsFields } from "./generate-kwargs.js";
import { structuredModelName } from "./structured-output.js";
import { strictJsonSchemaOf } from "./structured-output-schema.js";

/**
 * A flat function tool as v1.0.21 sends it: `{type: "function", name, description, parameters}`
 * without `strict` (the SDK's `FunctionTool` requires it; the API then applies its default).
 */
export type OpenAIResponseFunctionTool = Omit<FunctionTool, "strict"> & { strict?: boolean | null };

/**
 * A Responses API request body (snake_case, as sent on the wire): the SDK's
 * `ResponseCreateParamsBase` with the formatters' {@link OpenAIResponseInputItem}s, the flat
 * function tools v1.0.21 sends ({@link OpenAIResponseFunctionTool}), and `reasoning.effort` /
 * `summary` as any string (the options also take a compatible server's own levels).
 */
export type ResponsesBody = Omit<ResponseCreateParamsBase, "input" | "reasoning" | "tools"> & {
  input: OpenAIResponseInputItem[];
  reasoning?:
    | (Omit<Reasoning, "effort" | "summary"> & {
        effort?: string | null;
        summary?: string | null;
      })
    | null;
  tools?: (Tool | OpenAIResponseFunctionTool)[];
};

/**
 * The one place a {@link ResponsesBody} becomes the SDK's parameter type. The body differs from
 * `ResponseCreateParamsBase` only where AgentScope v1.0.21 sends more than the SDK types allow (the
 * message items of `openai-response-input.ts`, tools without `strict`, reasoning levels of
 * compatible servers); the SDK sends the object as JSON as it is, so the wire is what was built.
 */
export function toResponseCreateParams(body: ResponsesBody): ResponseCreateParamsBase {
  return body as ResponseCreateParamsBase;
}

/**
 * AgentScope's `OpenAIResponseModel._format_tools`: Chat Completions tool schemas
 * (`{type: "function", function: {...}}`) flattened to the Responses API's
 * `{type: "function", name, description, parameters}`; already flat tools pass through.
 */
export function formatResponseTools(
  tools: readonly (ToolFunctionSchema | OpenAIResponseFunctionTool)[],
): OpenAIResponseFunctionTool[] {
  return tools.map((tool) => {
    if ("function" in tool) return { type: "function", ...tool.function };
    return { ...tool, type: "function" };
  });
}

/**
 * AgentScope's `OpenAIResponseModel._format_tool_choice`: the modes pass through; a tool name
 * becomes `{type: "function", name}`.
 */
export function formatResponseToolChoice(
  toolChoice: ToolChoice,
): ToolChoiceOptions | ToolChoiceFunction {
  if (isToolChoiceMode(toolChoice)) return toolChoice;
  return { type: "function", name: toolChoice };
}

/**
 * The `text` option of a structured request: `{format: {type: "json_schema", name, schema,
 * strict: true}}` with OpenAI's strict form of the zod schema (the chat model's
 * `response_format`, flattened as the Responses API wants it).
 */
export function textFormatFor(schema: z.ZodType): ResponseTextConfig {
  return {
    format: {
      type: "json_schema",
      name: structuredModelName(schema),
      strict: true,
      schema: strictJsonSchemaOf(schema, "structuredModel"),
    },
  };
}

/** What {@link buildResponsesRequest} needs from the model. */
export interface ResponsesRequestSettings {
  modelName: string;
  streaming: boolean;
  reasoningEffort: string | undefined;
  reasoningSummary: string | undefined;
  generateKwargs: Record<string, unknown>;
}

/**
 * AgentScope's request assembly in `OpenAIResponseModel.__call__` (without structured output):
 * `{model, input, stream, ...generateKwargs, ...callKwargs}`, then `reasoning: {effort, summary?}`
 * (unless given), flattened `tools` (when non-empty) and `tool_choice`. Beyond the reference: with
 * `store: false` (zero data retention), `include: ["reasoning.encrypted_content"]` is added (unless
 * an `include` is given) so reasoning can be passed back on the next turn.
 */
export function buildResponsesRequest(
  input: readonly OpenAIResponseInputItem[],
  settings: ResponsesRequestSettings,
  options: Pick<ChatModelCallOptions, "tools" | "toolChoice"> & {
    generateKwargs?: Record<string, unknown>;
  },
): ResponsesBody {
  const body: ResponsesBody = {
    model: settings.modelName,
    input: [...input],
    stream: settings.streaming,
    ...kwargsFields<ResponsesBody>(settings.generateKwargs),
    ...kwargsFields<ResponsesBody>(options.generateKwargs),
  };
  if (settings.reasoningEffort && !("reasoning" in body)) {
    body.reasoning = {
      effort: settings.reasoningEffort,
      ...(settings.reasoningSummary ? { summary: settings.reasoningSummary } : {}),
    };
  }
  if (body.store === false && !("include" in body)) {
    body.include = ["reasoning.encrypted_content"];
  }
  if (options.tools && options.tools.length > 0) {
    body.tools = formatResponseTools(options.tools);
  }
  if (options.toolChoice) body.tool_choice = formatResponseToolChoice(options.toolChoice);
  return body;
}
