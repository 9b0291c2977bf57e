import { errorMessage } from "../tool/run-tool.js";
import type { ToolContext, ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";

/** One tool that calls a provider's API (AgentScope's `dashscope_*` / `openai_*` tools). */
export interface ApiToolSpec {
  /** The name the model calls the tool by. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** The JSON-schema properties of its arguments. */
  properties: Record<string, unknown>;
  /** The arguments the model must give. */
  required: readonly string[];
  /** The text a failure answers, before the error's message (e.g. `"Failed to generate text: "`). */
  failure: string;
  /** Calls the API; whatever it throws becomes the tool's answer `failure + message`. */
  call(input: Record<string, unknown>, context: ToolContext): Promise<ToolResponse>;
}

/**
 * A {@link ToolDefinition} for a provider API call: an object schema of `properties` and
 * `required`, and an `execute` that answers a thrown error as text (as AgentScope's tools do)
 * instead of failing the tool call.
 */
export function apiTool(spec: ApiToolSpec): ToolDefinition {
  return {
    name: spec.name,
    description: spec.description,
    parameters: { type: "object", properties: spec.properties, required: [...spec.required] },
    execute: async (input, context) => {
      try {
        return await spec.call(input, context);
      } catch (error) {
        return toolResponse(`${spec.failure}${errorMessage(error)}`);
      }
    },
  };
}

/** The `api_key` string parameter of an API tool, with the provider's own description. */
export const apiKeyParam = (description: string) => ({ type: "string", description });

/** A one-URL-or-list string parameter of an API tool (`image_urls`), read with {@link urlList}. */
export const urlListParam = (description: string) => ({
  anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
  description,
});

/** A tool's one-URL-or-list argument (`image_urls`) as a list. */
export function urlList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((url): url is string => typeof url === "string") : [];
}
