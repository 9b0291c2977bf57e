import type { GbnfJsonRefSchema, GbnfJsonSchema as SdkGbnfJsonSchema } from "node-llama-cpp";

/**
 * The `$defs` of a converted schema: names known only at run time. node-llama-cpp's
 * `GbnfJsonSchema<Defs>` admits a `$ref` only when `Defs` has string keys (its default,
 * `Record<any, any>`, does not), so the converter builds schemas over this list.
 */
type GbnfDefs = Record<string, SdkGbnfJsonSchema<Record<string, never>>>;

/** A schema node-llama-cpp turns into a grammar, `$ref`s to the schema's `$defs` included. */
export type GbnfJsonSchema = SdkGbnfJsonSchema<GbnfDefs>;

type Json = Record<string, unknown>;

const BASIC_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
const DATE_FORMATS = new Set(["date-time", "time", "date"]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Any JSON value, in the subset node-llama-cpp's grammar generator understands. */
const ANY_JSON: GbnfJsonSchema = {
  oneOf: [
    { type: ["string", "number", "boolean", "null"] },
    { type: "object", additionalProperties: true },
    { type: "array", items: { type: ["string", "number", "boolean", "null"] } },
  ],
};

function withDescription(schema: GbnfJsonSchema, source: Json): GbnfJsonSchema {
  return typeof source.description === "string" && source.description !== ""
    ? ({ ...schema, description: source.description } as GbnfJsonSchema)
    : schema;
}

function convertRef(ref: string): string {
  return ref.startsWith("#/definitions/") ? `#/$defs/${ref.slice("#/definitions/".length)}` : ref;
}

/** Whether `ref` points into the schema's `$defs` (the refs node-llama-cpp resolves). */
function isDefsRef(ref: string): ref is `#/$defs/${string}` {
  return ref.startsWith("#/$defs/");
}

/**
 * A `$ref` to one of the schema's `$defs`; any other ref accepts any JSON (what node-llama-cpp
 * makes of it too, with a console warning).
 */
function refSchema(ref: string): GbnfJsonSchema {
  if (!isDefsRef(ref)) return ANY_JSON;
  const schema: GbnfJsonRefSchema<GbnfDefs> = { $ref: ref };
  return schema;
}

function convertDefs(source: Json): Record<string, GbnfJsonSchema> | undefined {
  const defs = (source.$defs ?? source.definitions) as unknown;
  if (!isObject(defs)) return undefined;
  const out: Record<string, GbnfJsonSchema> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = convert(def);
  return out;
}

function convertObject(source: Json): GbnfJsonSchema {
  const properties = isObject(source.properties) ? source.properties : {};
  const required = new Set(Array.isArray(source.required) ? (source.required as string[]) : []);
  const out: Record<string, GbnfJsonSchema> = {};
  for (const [name, prop] of Object.entries(properties)) {
    const converted = convert(prop);
    // GBNF objects always contain every property: an optional one may be null instead.
    out[name] = required.has(name) || allowsNull(converted) ? converted : nullable(converted);
  }
  const schema: Json = { type: "object", properties: out };
  const extra = source.additionalProperties;
  if (Object.keys(out).length === 0 && (extra === undefined || extra === true)) {
    schema.additionalProperties = true;
  } else if (isObject(extra)) {
    schema.additionalProperties = convert(extra);
  }
  return schema as GbnfJsonSchema;
}

function allowsNull(schema: GbnfJsonSchema): boolean {
  const s = schema as Json;
  if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true;
  if (Array.isArray(s.oneOf)) return (s.oneOf as GbnfJsonSchema[]).some(allowsNull);
  return s.const === null || (Array.isArray(s.enum) && s.enum.includes(null));
}

function nullable(schema: GbnfJsonSchema): GbnfJsonSchema {
  const { description, ...rest } = schema as Json;
  const out: Json = { oneOf: [rest, { type: "null" }] };
  if (typeof description === "string") out.description = description;
  return out as GbnfJsonSchema;
}

function convertTyped(source: Json, type: string): GbnfJsonSchema {
  switch (type) {
    case "object":
      return convertObject(source);
    case "array": {
      const schema: Json = { type: "array" };
      schema.items = source.items === undefined ? ANY_JSON : convert(source.items);
      if (Array.isArray(source.prefixItems)) schema.prefixItems = source.prefixItems.map(convert);
      if (typeof source.minItems === "number") schema.minItems = source.minItems;
      if (typeof source.maxItems === "number") schema.maxItems = source.maxItems;
      return schema as GbnfJsonSchema;
    }
    case "string": {
      if (typeof source.format === "string" && DATE_FORMATS.has(source.format)) {
        return { type: "string", format: source.format as "date" };
      }
      const schema: Json = { type: "string" };
      if (typeof source.minLength === "number") schema.minLength = source.minLength;
      if (typeof source.maxLength === "number") schema.maxLength = source.maxLength;
      return schema as GbnfJsonSchema;
    }
    default:
      return BASIC_TYPES.has(type) ? ({ type } as GbnfJsonSchema) : ANY_JSON;
  }
}

function convert(input: unknown): GbnfJsonSchema {
  if (input === true || input === undefined) return ANY_JSON;
  if (!isObject(input)) return ANY_JSON;
  const source = input;
  const defs = convertDefs(source);
  let schema: GbnfJsonSchema;
  if (typeof source.$ref === "string") {
    schema = refSchema(convertRef(source.$ref));
  } else if ("const" in source) {
    schema = { const: source.const as string };
  } else if (Array.isArray(source.enum)) {
    schema = { enum: source.enum as string[] };
  } else if (Array.isArray(source.oneOf) || Array.isArray(source.anyOf)) {
    const options = (source.oneOf ?? source.anyOf) as unknown[];
    schema = { oneOf: options.map(convert) };
  } else if (Array.isArray(source.allOf) && source.allOf.length > 0) {
    // Intersections are not expressible; merge object parts, else take the first.
    const parts = source.allOf.filter(isObject);
    const merged: Json = { type: "object", properties: {}, required: [] };
    let allObjects = true;
    for (const part of parts) {
      if (part.type !== "object") allObjects = false;
      Object.assign(merged.properties as Json, part.properties ?? {});
      (merged.required as unknown[]).push(...((part.required as unknown[]) ?? []));
    }
    schema = allObjects ? convertObject(merged) : convert(parts[0]);
  } else if (Array.isArray(source.type)) {
    const types = source.type as string[];
    schema = types.every((t) => BASIC_TYPES.has(t))
      ? ({ type: types } as GbnfJsonSchema)
      : { oneOf: types.map((t) => convertTyped(source, t)) };
  } else if (typeof source.type === "string") {
    schema = convertTyped(source, source.type);
  } else if (isObject(source.properties)) {
    schema = convertObject(source);
  } else {
    schema = ANY_JSON;
  }
  if (defs) schema = { ...schema, $defs: defs } as GbnfJsonSchema;
  return withDescription(schema, source);
}

/**
 * Converts a JSON Schema (a tool's `parameters`, or zod's `z.toJSONSchema` output) into the
 * subset node-llama-cpp turns into a grammar (`GbnfJsonSchema`): `anyOf` becomes `oneOf`,
 * `definitions` become `$defs`, untyped or unknown parts accept any JSON, keywords the grammar
 * cannot enforce (`pattern`, `minimum`, `default`…) are dropped, and optional object properties
 * become nullable (node-llama-cpp always writes every property); {@link dropOptionalNulls} removes
 * those nulls from the parsed output.
 */
export function jsonSchemaToGbnf(schema: unknown): GbnfJsonSchema {
  return convert(schema);
}

function resolveRef(schema: Json, root: Json): Json {
  if (typeof schema.$ref !== "string") return schema;
  const name = convertRef(schema.$ref).slice("#/$defs/".length);
  const defs = (root.$defs ?? root.definitions) as Json | undefined;
  const found = defs?.[name];
  return isObject(found) ? found : schema;
}

/**
 * Removes `null` values that stand for omitted optional properties (see {@link jsonSchemaToGbnf})
 * from `value`, following `schema` (the original JSON Schema) into nested objects and arrays.
 * Returns a new value; `value` is not changed.
 */
export function dropOptionalNulls(
  value: unknown,
  schema: unknown,
  root: unknown = schema,
): unknown {
  if (!isObject(schema)) return value;
  const rootSchema = isObject(root) ? root : schema;
  const s = resolveRef(schema, rootSchema);
  if (Array.isArray(value)) {
    return value.map((item) => dropOptionalNulls(item, s.items, rootSchema));
  }
  if (!isObject(value) || !isObject(s.properties)) return value;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    const propSchema = s.properties[key];
    if (item === null && !required.has(key) && !schemaAllowsNull(propSchema, rootSchema)) continue;
    out[key] = dropOptionalNulls(item, propSchema, rootSchema);
  }
  return out;
}

function schemaAllowsNull(schema: unknown, root: Json): boolean {
  if (!isObject(schema)) return true;
  const s = resolveRef(schema, root);
  if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true;
  const options = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(options)) return options.some((o) => schemaAllowsNull(o, root));
  if ("const" in s) return s.const === null;
  if (Array.isArray(s.enum)) return s.enum.includes(null);
  return s.type === undefined && s.$ref === undefined && s.properties === undefined;
}
