import { StateError, ValidationError } from "@agentscope-ts/core";
import type { JSONSchema } from "openai/lib/jsonschema";
import type { z } from "zod";

/** The first zod release whose schemas implement Standard JSON Schema (`~standard.jsonSchema`). */
export const MIN_ZOD_VERSION = "4.2.0";

/** The part of zod's `override` context (a `toJSONSchema` option) that the strict form reads. */
interface OverrideContext {
  zodSchema: { _zod: { def: { type: string; shape?: object; discriminator?: unknown } } };
  jsonSchema: Record<string, unknown>;
  path: (string | number)[];
}

/** The Standard JSON Schema converter a zod ≥ 4.2 schema carries as `~standard.jsonSchema`. */
interface StandardJsonSchemaConverter {
  input(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown;
  output(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown;
}

/** The SDK's `toStrictJsonSchema`, once {@link loadStrictJsonSchema} has loaded it. */
let toStrictJsonSchema: ((schema: JSONSchema) => JSONSchema) | undefined;

/**
 * Loads the SDK's strict-schema transform (`openai/lib/transform`, ≈ 70 KB, ≈ 2.5 ms to load) on
 * the first structured request instead of at `import`; {@link strictJsonSchemaOf} needs it.
 * Returns `undefined` (nothing to wait for) once it is loaded. The OpenAI models call it themselves.
 */
export function loadStrictJsonSchema(): Promise<void> | undefined {
  if (toStrictJsonSchema) return undefined;
  return import("openai/lib/transform").then((transform) => {
    toStrictJsonSchema = transform.toStrictJsonSchema;
  });
}

const UPGRADE_HINT = `Upgrade zod to ${MIN_ZOD_VERSION} or later (npm install zod@^4.2): its schemas then describe themselves as JSON Schema (Standard JSON Schema), which is what AgentScope-TS reads.`;

/**
 * The JSON Schema of a user's zod schema, read through the schema instance's own Standard JSON
 * Schema converter (`schema["~standard"].jsonSchema[io]`), so this package never imports zod.
 * `libraryOptions` go to zod's `toJSONSchema` (e.g. `override`). A zod older than 4.2 (no
 * converter) and a schema JSON Schema cannot express both become a `ValidationError` on `field`.
 */
export function zodJsonSchema(
  schema: z.ZodType,
  options: {
    io: "input" | "output";
    target: "draft-07" | "draft-2020-12";
    field: string;
    libraryOptions?: Record<string, unknown>;
  },
): Record<string, unknown> {
  const standard = (schema as { "~standard"?: { jsonSchema?: StandardJsonSchemaConverter } })?.[
    "~standard"
  ];
  const convert = standard?.jsonSchema?.[options.io];
  if (typeof convert !== "function") {
    throw new ValidationError(
      options.field,
      [
        {
          path: "",
          message: `is not a zod ${MIN_ZOD_VERSION}+ schema (it has no \`~standard.jsonSchema.${options.io}\`)`,
        },
      ],
      { hint: UPGRADE_HINT },
    );
  }
  try {
    return convert.call(standard?.jsonSchema, {
      target: options.target,
      ...(options.libraryOptions ? { libraryOptions: options.libraryOptions } : {}),
    }) as Record<string, unknown>;
  } catch (error) {
    throw notRepresentable(options.field, error);
  }
}

/**
 * OpenAI's strict JSON schema of a zod schema, exactly what `zodResponseFormat(schema, name)`
 * (`openai/helpers/zod`) puts in `json_schema.schema`: zod's draft-07 output schema with the SDK's
 * two adjustments (a `__proto__` property is refused; a discriminated union's `oneOf` becomes
 * `anyOf`, its branches being exclusive by construction), then the SDK's `toStrictJsonSchema`.
 * Written here, not imported, because `openai/helpers/zod` imports all of zod (~60 ms) at load
 * (issue 19); `openai/lib/transform` is the SDK's zod-free part, loaded by
 * {@link loadStrictJsonSchema} (a `StateError` before that). Refusals are `ValidationError`s.
 */
export function strictJsonSchemaOf(schema: z.ZodType, field: string): Record<string, unknown> {
  const transform = toStrictJsonSchema;
  if (!transform) {
    throw new StateError(
      "strictJsonSchemaOf: the SDK's strict-schema transform is not loaded yet. Await loadStrictJsonSchema() once before (the OpenAI models do this on their first structured request).",
    );
  }
  const jsonSchema = zodJsonSchema(schema, {
    io: "output",
    target: "draft-07",
    field,
    libraryOptions: { override: strictOverride },
  });
  try {
    return transform(jsonSchema as JSONSchema) as Record<string, unknown>;
  } catch (error) {
    throw notRepresentable(field, error);
  }
}

/** zod's `override` hook: the SDK's two adjustments to zod's JSON Schema (see above). */
function strictOverride({ zodSchema, jsonSchema, path }: OverrideContext): void {
  const def = zodSchema._zod.def;
  if (def.type === "object" && def.shape && Object.hasOwn(def.shape, "__proto__")) {
    const at = [...path, "properties", "__proto__"].join("/");
    throw new Error(
      `the property name \`__proto__\` (at #/${at}) cannot be used: zod drops it from parsed output`,
    );
  }
  if (def.type === "union" && "discriminator" in def && Array.isArray(jsonSchema.oneOf)) {
    if (jsonSchema.anyOf !== undefined) {
      throw new Error("a discriminated union produced both `anyOf` and `oneOf`");
    }
    jsonSchema.anyOf = jsonSchema.oneOf;
    delete jsonSchema.oneOf;
  }
}

/** The typed error for a schema that JSON Schema (or OpenAI's strict subset of it) cannot hold. */
function notRepresentable(field: string, error: unknown): ValidationError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ValidationError(
    field,
    [{ path: "", message: `cannot be sent as OpenAI's strict JSON schema (${reason})` }],
    {
      hint: "Use zod types that JSON Schema can express (no transforms, dates, maps or sets) and that stay within OpenAI's strict subset (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas).",
      cause: error,
    },
  );
}
