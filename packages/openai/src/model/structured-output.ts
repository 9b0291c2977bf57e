import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import type { z } from "zod";
import { strictJsonSchemaOf } from "./structured-output-schema.js";

/** AgentScope's structured-output tool and its name, from core's provider kit (used when `response_format` fails). */
export { fitsSchema, STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "@agentscope-ts/core";

const NAME_PATTERN = /[^a-zA-Z0-9_-]/g;

/**
 * The name the JSON schema is sent under (AgentScope sends the pydantic class name): the zod
 * schema's `.meta({ title })` or `.meta({ id })`, made API-safe; `"structured_output"` otherwise.
 */
export function structuredModelName(schema: z.ZodType): string {
  // `schema.meta()` reads zod's global registry through the instance (no `import "zod"`).
  const meta = (typeof schema.meta === "function" ? schema.meta() : undefined) as
    | { title?: unknown; id?: unknown }
    | undefined;
  const raw =
    typeof meta?.title === "string" ? meta.title : typeof meta?.id === "string" ? meta.id : "";
  const name = raw.replace(NAME_PATTERN, "_").slice(0, 64);
  return name || "structured_output";
}

/**
 * The `response_format` of a structured request: `{type: "json_schema", json_schema: {name,
 * strict: true, schema}}` with OpenAI's strict form of the schema, identical to the SDK's
 * `zodResponseFormat(schema, name)` (see {@link strictJsonSchemaOf}). Throws a `ValidationError`
 * on `structuredModel` for a schema strict mode cannot express, or a zod older than 4.2.
 */
export function responseFormatFor(schema: z.ZodType): ResponseFormatJSONSchema {
  return {
    type: "json_schema",
    json_schema: {
      name: structuredModelName(schema),
      strict: true,
      schema: strictJsonSchemaOf(schema, "structuredModel"),
    },
  };
}
