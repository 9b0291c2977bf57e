import type { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import { setOwn } from "../utils/json-copy.js";
import { isPlainObject } from "../utils/json-value.js";
import { copyPlainTree } from "../utils/tree-copy.js";
import type { JsonSchemaObject } from "./tool-definition.js";

/** A tool's JSON schema in the OpenAI function format, as `Toolkit.getJsonSchemas()` returns it. */
export interface ToolFunctionSchema {
  type: "function";
  function: {
    /** The tool's name. */
    name: string;
    /** What the tool does. */
    description: string;
    /** The JSON Schema of the tool's input: `{ type: "object", properties, required? }`. */
    parameters: JsonSchemaObject;
  };
}

/** The pattern a tool name must match (what the OpenAI, Anthropic and Gemini APIs all accept). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `value` is a zod schema (v4) rather than a JSON Schema object. */
export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Throws a clear error when `name` cannot be a tool name. */
export function assertToolName(name: unknown, what = "tool name"): asserts name is string {
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new ValidationError(
      what,
      [
        {
          path: "name",
          message: `${JSON.stringify(name) ?? String(name)} is not a valid tool name`,
        },
      ],
      {
        hint: "Use 1 to 64 letters, digits, '_' or '-' (e.g. 'search_web'), as model APIs require.",
      },
    );
  }
}

/** The Standard JSON Schema interface of a schema (`schema["~standard"].jsonSchema`, zod ≥ 4.2). */
interface StandardJsonSchemaConverter {
  input(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown;
  output(options: { target: string; libraryOptions?: Record<string, unknown> }): unknown;
}

/**
 * The JSON Schema (draft 2020-12) of a zod schema's `io` side, through the schema's own Standard
 * JSON Schema interface (zod ≥ 4.2): core never needs zod's `z` namespace at run time, so importing
 * core does not load zod. Throws a {@link ValidationError} naming `where`/`field` when the schema
 * has no such interface (zod < 4.2; zod/mini has none either) or cannot be expressed (transforms, dates…).
 */
export function zodToJsonSchema(
  schema: z.ZodType,
  where: string,
  field: string,
  io: "input" | "output" = "input",
  libraryOptions?: Record<string, unknown>,
): JsonSchemaObject {
  const converter = (schema as { "~standard"?: { jsonSchema?: StandardJsonSchemaConverter } })[
    "~standard"
  ]?.jsonSchema;
  if (typeof converter?.[io] !== "function") {
    throw new ValidationError(
      where,
      [
        {
          path: field,
          message:
            "is a zod schema without Standard JSON Schema support (zod before 4.2, or zod/mini)",
        },
      ],
      {
        hint: "Upgrade zod to 4.2 or later (npm install zod@^4.2) and use its classic API, or pass a JSON Schema object (with zod/mini: toJSONSchema(schema)).",
      },
    );
  }
  try {
    const options = { target: "draft-2020-12", ...(libraryOptions ? { libraryOptions } : {}) };
    return converter[io](options) as JsonSchemaObject;
  } catch (error) {
    throw new ValidationError(
      where,
      [
        {
          path: field,
          message: `cannot be converted to JSON Schema (${error instanceof Error ? error.message : String(error)})`,
        },
      ],
      {
        hint: "Use zod types that JSON Schema can express (no transforms, dates, functions or maps in tool parameters).",
        cause: error,
      },
    );
  }
}

const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Removes what zod adds but models need not see: `$schema` and safe-integer bounds. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) tidy(item);
    return;
  }
  if (!isPlainObject(node)) return;
  if (node.type === "integer") {
    if (node.minimum === SAFE_MIN) delete node.minimum;
    if (node.maximum === SAFE_MAX) delete node.maximum;
  }
  for (const value of Object.values(node)) tidy(value);
}

/**
 * Converts a tool's `parameters` (a zod schema or a JSON Schema) to the JSON Schema the model sees,
 * with field descriptions and defaults, and checks that it describes an object. `where` names the
 * tool in the error.
 */
export function toParametersSchema(
  parameters: unknown,
  where: string,
  field = "parameters",
): JsonSchemaObject {
  let schema: JsonSchemaObject;
  if (isZodSchema(parameters)) {
    schema = zodToJsonSchema(parameters, where, field);
    delete schema.$schema;
    // The object's own description belongs in the tool description, not the parameters.
    delete schema.description;
    tidy(schema);
    // Rebuilt: the deletes left V8 dictionary-mode objects, slow to read on every request (the
    // SDK serializes the schema each call; the agent compares it each step).
    schema = copyPlainTree(schema);
  } else if (isPlainObject(parameters)) {
    schema = structuredClone(parameters);
  } else {
    throw new ValidationError(
      where,
      [{ path: field, message: `expected a zod schema or a JSON Schema object` }],
      { hint: "Pass z.object({...}) or { type: 'object', properties: {...} }." },
    );
  }
  if (schema.type !== "object") {
    throw new ValidationError(
      where,
      [
        {
          path: field,
          message: `must describe an object, but its JSON Schema type is ${JSON.stringify(schema.type) ?? "missing"}`,
        },
      ],
      {
        hint: "Tool input is a set of named arguments: use z.object({...}) or { type: 'object', properties: {...} }.",
      },
    );
  }
  if (schema.properties === undefined) schema.properties = {};
  if (!isPlainObject(schema.properties)) {
    throw new ValidationError(where, [
      { path: `${field}.properties`, message: "expected an object mapping names to schemas" },
    ]);
  }
  return schema;
}

/**
 * Returns a copy of a parameters schema with the preset argument names removed from `properties`
 * and `required` (and `required` dropped when it becomes empty), as AgentScope hides presets from
 * the model.
 */
export function hidePresetArguments(
  parameters: JsonSchemaObject,
  presetNames: readonly string[],
): JsonSchemaObject {
  if (presetNames.length === 0) return parameters;
  // Built key by key, not copied then `delete`d: deleting turns an object into a slow
  // dictionary-mode one in V8, and the schema is read on every request.
  const source = parameters.properties as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  for (const name of Object.keys(source)) {
    if (!presetNames.includes(name)) setOwn(properties, name, source[name]);
  }
  const out: JsonSchemaObject = {};
  for (const key of Object.keys(parameters)) {
    if (key === "properties") out.properties = properties;
    else if (key === "required" && Array.isArray(parameters.required)) {
      const required = (parameters.required as string[]).filter((n) => !presetNames.includes(n));
      if (required.length > 0) out.required = required;
    } else setOwn(out, key, parameters[key]);
  }
  return out;
}

/**
 * Checks that `definition` is a usable tool (a valid name, a string description, an `execute`
 * function, object parameters) and returns its parameters as JSON Schema.
 */
export function checkToolDefinition(definition: unknown): JsonSchemaObject {
  if (typeof definition !== "object" || definition === null) {
    throw new ValidationError("tool definition", [
      {
        path: "",
        message: `expected an object, received ${definition === null ? "null" : typeof definition}`,
      },
    ]);
  }
  const def = definition as Record<string, unknown>;
  const where = typeof def.name === "string" ? `tool definition '${def.name}'` : "tool definition";
  assertToolName(def.name, where);
  if (typeof def.description !== "string") {
    throw new ValidationError(where, [
      { path: "description", message: `expected string, received ${typeof def.description}` },
    ]);
  }
  if (typeof def.execute !== "function") {
    throw new ValidationError(where, [
      { path: "execute", message: `expected a function, received ${typeof def.execute}` },
    ]);
  }
  return toParametersSchema(def.parameters, where);
}
