/** A JSON Schema, as tools and structured output describe their arguments. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/**
 * A small value that fits `schema`: what the offline server passes as tool arguments. Strings are
 * "Paris", numbers 42 (within minimum/maximum), the first enum value, one array item.
 */
export function sampleFromSchema(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleFromSchema(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = sampleFromSchema(value);
      }
      return out;
    }
    case "array":
      return [sampleFromSchema(schema.items)];
    case "number":
    case "integer":
      return Math.min(schema.maximum ?? 42, Math.max(schema.minimum ?? 42, 42));
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return "Paris";
  }
}
