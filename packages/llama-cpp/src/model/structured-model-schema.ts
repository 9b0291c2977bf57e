import { ValidationError } from "@agentscope-ts/core";
import type { z } from "zod";

/** The first zod release whose schemas implement Standard JSON Schema (`~standard.jsonSchema`). */
export const MIN_ZOD_VERSION = "4.2.0";

/** The Standard JSON Schema converter a zod ≥ 4.2 schema carries as `~standard.jsonSchema`. */
interface StandardJsonSchemaConverter {
  output(options: { target: string }): unknown;
}

/**
 * The JSON Schema (draft 2020-12) of the values a `structuredModel` accepts — what
 * `z.toJSONSchema(schema, { io: "output" })` returns — read through the schema instance's own
 * Standard JSON Schema converter, so this package never imports zod at load (issue 19). A zod older
 * than 4.2 and a schema JSON Schema cannot express become a `ValidationError` on `structuredModel`.
 */
export function structuredModelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const converter = (schema as { "~standard"?: { jsonSchema?: StandardJsonSchemaConverter } })?.[
    "~standard"
  ]?.jsonSchema;
  if (typeof converter?.output !== "function") {
    throw new ValidationError(
      "structuredModel",
      [
        {
          path: "",
          message: `is not a zod ${MIN_ZOD_VERSION}+ schema (it has no \`~standard.jsonSchema.output\`)`,
        },
      ],
      {
        hint: `Upgrade zod to ${MIN_ZOD_VERSION} or later (npm install zod@^4.2): its schemas then describe themselves as JSON Schema (Standard JSON Schema).`,
      },
    );
  }
  try {
    return converter.output({ target: "draft-2020-12" }) as Record<string, unknown>;
  } catch (error) {
    throw new ValidationError(
      "structuredModel",
      [{ path: "", message: "cannot be converted to JSON Schema" }],
      { hint: "Use zod types that JSON Schema can express.", cause: error },
    );
  }
}
