import type { ToolChoice, ToolFunctionSchema } from "@agentscope-ts/core";
import { flattenJsonSchema } from "./flatten-json-schema.js";

/**
 * AgentScope's `_format_tools_json_schemas`: OpenAI-style function schemas as one Gemini tool,
 * `[{functionDeclarations: [{name, description, parameters}]}]`, each `parameters` flattened
 * ({@link flattenJsonSchema}: Gemini takes no `$defs`/`$ref`). Entries without `function` are
 * skipped.
 */
export function formatGeminiTools(
  tools: readonly ToolFunctionSchema[],
): { functionDeclarations: Record<string, unknown>[] }[] {
  const functionDeclarations: Record<string, unknown>[] = [];
  for (const schema of tools) {
    const fn = (schema as { function?: Record<string, unknown> }).function;
    if (!fn) continue;
    const declaration: Record<string, unknown> = { ...fn };
    if (fn.parameters && typeof fn.parameters === "object") {
      declaration.parameters = flattenJsonSchema(fn.parameters as Record<string, unknown>);
    }
    functionDeclarations.push(declaration);
  }
  return [{ functionDeclarations }];
}

/** Gemini's `toolConfig`: how the model may call functions. */
export interface GeminiToolConfig {
  functionCallingConfig: { mode: "AUTO" | "NONE" | "ANY"; allowedFunctionNames?: string[] };
}

const MODES = { auto: "AUTO", none: "NONE", required: "ANY" } as const;

/**
 * AgentScope's `_format_tool_choice`: `auto`/`none`/`required` become the modes AUTO/NONE/ANY; a
 * tool name becomes mode ANY with `allowedFunctionNames: [name]`.
 */
export function formatGeminiToolChoice(toolChoice: ToolChoice): GeminiToolConfig {
  const mode = MODES[toolChoice as keyof typeof MODES];
  if (mode) return { functionCallingConfig: { mode } };
  return { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [toolChoice] } };
}

function camelKey(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Keys of a record camelCased, one level deep (values untouched). */
function camelKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelKey(k), v]));
}

/**
 * One formatted part in the SDK's camelCase form: the part's own keys and those of `inline_data`,
 * `file_data`, `function_call`, `function_response`, `video_metadata` are camelCased; what the user
 * wrote (`args`, `response`, text) is left alone. A `function_call.id` of `null` (AgentScope always
 * writes one) is dropped. Parts already in camelCase pass unchanged.
 */
function toSdkPart(part: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    const name = camelKey(key);
    if (name === "functionCall" && value && typeof value === "object") {
      const call = camelKeys(value) as Record<string, unknown>;
      if (call.id === null || call.id === undefined) delete call.id;
      out[name] = call;
    } else if (
      name === "inlineData" ||
      name === "fileData" ||
      name === "functionResponse" ||
      name === "videoMetadata"
    ) {
      out[name] = camelKeys(value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

/**
 * The formatter's contents (AgentScope's snake_case `{role, parts}`) as the `@google/genai` SDK
 * takes them (camelCase; the SDK drops keys it does not know). `thought_signature` stays the base64
 * string the block holds, which is what the SDK sends.
 */
export function toSdkContents(
  messages: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  return messages.map((msg) => {
    const parts = Array.isArray(msg.parts) ? (msg.parts as Record<string, unknown>[]) : [];
    return { ...msg, parts: parts.map(toSdkPart) };
  });
}

/** `thinkingConfig` as the SDK takes it: `include_thoughts` / `thinking_budget` are camelCased. */
export function toSdkThinkingConfig(config: Record<string, unknown>): Record<string, unknown> {
  return camelKeys(config) as Record<string, unknown>;
}
