import type { ChatModelCallOptions, ToolChoice, ToolFunctionSchema } from "@agentscope-ts/core";
import type { z } from "zod";
import { responseFormatFor } from "./structured-output.js";

/** A Responses API request body (snake_case, as sent on the wire). */
export type ResponsesBody = Record<string, unknown> & {
  model: string;
  input: Record<string, unknown>[];
};

/**
 * AgentScope's `OpenAIResponseModel._format_tools`: Chat Completions tool schemas
 * (`{type: "function", function: {...}}`) flattened to the Responses API's
 * `{type: "function", name, description, parameters}`; already flat tools pass through.
 */
export function formatResponseTools(
  tools: readonly (ToolFunctionSchema | Record<string, unknown>)[],
): Record<string, unknown>[] {
  return tools.map((tool) => {
    const fn = tool.function;
    if (fn !== null && typeof fn === "object" && !Array.isArray(fn)) {
      return { type: "function", ...(fn as Record<string, unknown>) };
    }
    return { ...tool, type: "function" };
  });
}

/**
 * AgentScope's `OpenAIResponseModel._format_tool_choice`: the modes pass through; a tool name
 * becomes `{type: "function", name}`.
 */
export function formatResponseToolChoice(toolChoice: ToolChoice): string | Record<string, unknown> {
  if (toolChoice === "auto" || toolChoice === "none" || toolChoice === "required") {
    return toolChoice;
  }
  return { type: "function", name: toolChoice };
}

/**
 * The `text` option of a structured request: `{format: {type: "json_schema", name, schema,
 * strict: true}}` with OpenAI's strict form of the zod schema (the chat model's
 * `response_format`, flattened as the Responses API wants it).
 */
export function textFormatFor(schema: z.ZodType): Record<string, unknown> {
  const format = responseFormatFor(schema) as { json_schema: Record<string, unknown> };
  return { format: { type: "json_schema", ...format.json_schema } };
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
  input: readonly Record<string, unknown>[],
  settings: ResponsesRequestSettings,
  options: Pick<ChatModelCallOptions, "tools" | "toolChoice"> & {
    generateKwargs?: Record<string, unknown>;
  },
): ResponsesBody {
  const body: ResponsesBody = {
    model: settings.modelName,
    input: [...input],
    stream: settings.streaming,
    ...settings.generateKwargs,
    ...options.generateKwargs,
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
