import {
  getLogger,
  type ToolChoice,
  type ToolFunctionSchema,
  ValidationError,
} from "@agentscope-ts/core";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";

/** The path of DashScope's text-generation API, under the base URL. */
export const TEXT_GENERATION_PATH = "/services/aigc/text-generation/generation";
/** The path of DashScope's multimodal-generation API (Qwen-VL, QVQ, Omni), under the base URL. */
export const MULTIMODAL_GENERATION_PATH = "/services/aigc/multimodal-generation/generation";
/** DashScope's default (Beijing) base URL; `https://dashscope-intl.aliyuncs.com/api/v1` is Singapore's. */
export const DEFAULT_BASE_HTTP_API_URL = "https://dashscope.aliyuncs.com/api/v1";

/**
 * AgentScope's API choice: the multimodal-generation endpoint when `multimodality` is true, or when
 * it is unset and the model name asks for it (`qvq…`, `…-vl…`); text generation otherwise.
 */
export function usesMultimodalApi(modelName: string, multimodality: boolean | undefined): boolean {
  if (multimodality !== undefined) return multimodality;
  return modelName.startsWith("qvq") || modelName.includes("-vl");
}

const warnedChoices = new Set<string>();

/**
 * AgentScope's `_format_tool_choice` for DashScope, which takes only `auto` and `none`:
 * `required` (and `any`) become `auto` with a warning; a tool name becomes
 * `{type: "function", function: {name}}`.
 */
export function formatDashScopeToolChoice(toolChoice: ToolChoice): DashScopeToolChoice {
  if (toolChoice === "auto") return "auto";
  if (toolChoice === "none") return "none";
  if (toolChoice === "required" || toolChoice === "any") {
    if (!warnedChoices.has(toolChoice)) {
      warnedChoices.add(toolChoice);
      getLogger().warn(
        `DashScopeChatModel: toolChoice "${toolChoice}" is not supported by the DashScope API; it is sent as "auto".`,
      );
    }
    return "auto";
  }
  return { type: "function", function: { name: toolChoice } };
}

/** AgentScope's `_format_tools_json_schemas`: checks each tool is `{type: "function", function}`. */
export function checkToolSchemas(tools: readonly ToolFunctionSchema[]): ToolFunctionSchema[] {
  const issues = [];
  for (let i = 0; i < tools.length; i++) {
    // Checked as untyped data: tools often come from JSON or untyped code.
    const tool: unknown = tools[i];
    if (
      tool === null ||
      typeof tool !== "object" ||
      !("type" in tool) ||
      tool.type !== "function" ||
      !("function" in tool) ||
      !tool.function
    ) {
      issues.push({
        path: `[${i}]`,
        message: 'each tool must be {type: "function", function: {name, description, parameters}}',
      });
    }
  }
  if (issues.length > 0) {
    throw new ValidationError("tools", issues, {
      hint: "Pass toolkit.getJsonSchemas() (OpenAI function format).",
    });
  }
  return [...tools];
}

/** What {@link buildGenerationBody} needs from the model and the call. */
export interface GenerationSettings {
  modelName: string;
  streaming: boolean;
  enableThinking: boolean | undefined;
  generateKwargs: Record<string, unknown>;
  callKwargs: Record<string, unknown> | undefined;
  tools: readonly ToolFunctionSchema[] | undefined;
  toolChoice: ToolChoice | undefined;
}

/** DashScope's `tool_choice`: `"auto"`, `"none"` or one function by name. */
export type DashScopeToolChoice =
  | "auto"
  | "none"
  | { type: "function"; function: { name: string } };

/**
 * The `parameters` of a generation request, from DashScope's API reference: the fields the model
 * sets, and the `generateKwargs` passed through as given (`temperature`, `top_p`, `seed`,
 * `max_tokens`, `thinking_budget`…; the API takes many and adds more).
 */
export interface GenerationParameters {
  /** `"message"` (choices with messages); a `generateKwargs` override may ask for `"text"`. */
  result_format: "message" | "text" | (string & {});
  /** True when streaming: each event carries only the new delta. */
  incremental_output: boolean;
  tools?: ToolFunctionSchema[];
  tool_choice?: DashScopeToolChoice;
  enable_thinking?: boolean;
  /** A `generateKwargs` field. */
  [field: string]: unknown;
}

/** The JSON body of a text- or multimodal-generation request. */
export interface GenerationBody {
  model: string;
  input: { messages: DashScopeMessage[] };
  parameters: GenerationParameters;
}

/** A DashScope generation request: body and the extra HTTP headers from `generateKwargs.headers`. */
export interface GenerationRequest {
  body: GenerationBody;
  headers: Record<string, string>;
}

/**
 * AgentScope's request assembly in `DashScopeChatModel.__call__`, as the DashScope SDK puts it on
 * the wire: `{model, input: {messages}, parameters}` where `parameters` holds `result_format:
 * "message"`, `incremental_output` (true when streaming), `generateKwargs` and per-call kwargs,
 * `tools`, `tool_choice` and `enable_thinking` (unless given). A `headers` kwarg becomes HTTP
 * headers, as in the SDK.
 */
export function buildGenerationBody(
  messages: readonly DashScopeMessage[],
  settings: GenerationSettings,
): GenerationRequest {
  const merged: GenerationParameters = {
    result_format: "message",
    incremental_output: settings.streaming,
    ...settings.generateKwargs,
    ...settings.callKwargs,
  };
  const { headers: extraHeaders, ...parameters } = merged;
  if (settings.tools && settings.tools.length > 0) {
    parameters.tools = checkToolSchemas(settings.tools);
  }
  if (settings.toolChoice) parameters.tool_choice = formatDashScopeToolChoice(settings.toolChoice);
  if (settings.enableThinking !== undefined && !("enable_thinking" in parameters)) {
    parameters.enable_thinking = settings.enableThinking;
  }
  const headers: Record<string, string> = {};
  if (extraHeaders && typeof extraHeaders === "object") {
    for (const [name, value] of Object.entries(extraHeaders)) headers[name] = String(value);
  }
  return {
    body: { model: settings.modelName, input: { messages: [...messages] }, parameters },
    headers,
  };
}
