import type { ValidationIssue } from "../errors/validation-error.js";
import { isPlainObject } from "../utils/json-value.js";

/** A JSON Schema (or a boolean schema, `true` = anything, `false` = nothing). */
type Schema = Record<string, unknown> | boolean;

const kindOf = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

const matchesType = (value: unknown, type: string): boolean => {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "string":
    case "boolean":
      return typeof value === type;
    default:
      return true; // unknown type names are not ours to reject
  }
};

const joinPath = (path: string, key: string | number): string =>
  typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** Deep equality of JSON values, for `enum` and `const`. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

class Validator {
  constructor(private readonly root: Record<string, unknown>) {}

  /** Resolves a local `$ref` (`#/$defs/Name`, `#/definitions/Name`, `#`). */
  private resolve(ref: string): Schema {
    if (!ref.startsWith("#")) return true; // remote refs are not followed: accept
    let node: unknown = this.root;
    for (const raw of ref.slice(1).split("/").filter(Boolean)) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      node = isPlainObject(node) ? node[key] : undefined;
    }
    return isPlainObject(node) || typeof node === "boolean" ? node : true;
  }

  check(schema: Schema, value: unknown, path: string, out: ValidationIssue[], depth = 0): void {
    if (schema === true) return;
    if (schema === false) {
      out.push({ path, message: "no value is allowed here" });
      return;
    }
    if (depth > 64) return; // a recursive schema with a pathological value: stop, do not overflow
    if (typeof schema.$ref === "string") {
      this.check(this.resolve(schema.$ref), value, path, out, depth + 1);
    }

    const types =
      typeof schema.type === "string"
        ? [schema.type]
        : Array.isArray(schema.type)
          ? (schema.type as string[])
          : undefined;
    if (schema.nullable === true && value === null) return;
    if (types && !types.some((t) => matchesType(value, t))) {
      out.push({
        path,
        message:
          value === undefined
            ? `required (expected ${types.join(" or ")})`
            : `expected ${types.join(" or ")}, received ${kindOf(value)}`,
      });
      return;
    }

    if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, value))) {
      out.push({
        path,
        message: `expected one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}, received ${JSON.stringify(value)}`,
      });
      return;
    }
    if ("const" in schema && !jsonEqual(schema.const, value)) {
      out.push({
        path,
        message: `expected ${JSON.stringify(schema.const)}, received ${JSON.stringify(value)}`,
      });
      return;
    }

    this.checkCombinators(schema, value, path, out, depth);

    if (typeof value === "string") this.checkString(schema, value, path, out);
    else if (typeof value === "number") this.checkNumber(schema, value, path, out);
    else if (Array.isArray(value)) this.checkArray(schema, value, path, out, depth);
    else if (isPlainObject(value)) this.checkObject(schema, value, path, out, depth);
  }

  private checkCombinators(
    schema: Record<string, unknown>,
    value: unknown,
    path: string,
    out: ValidationIssue[],
    depth: number,
  ): void {
    if (Array.isArray(schema.allOf)) {
      for (const sub of schema.allOf as Schema[]) this.check(sub, value, path, out, depth + 1);
    }
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = schema[key];
      if (!Array.isArray(branches) || branches.length === 0) continue;
      let best: ValidationIssue[] | undefined;
      let passed = 0;
      for (const branch of branches as Schema[]) {
        const issues: ValidationIssue[] = [];
        this.check(branch, value, path, issues, depth + 1);
        if (issues.length === 0) passed++;
        // Report the branch that got furthest: issues deeper than the value itself.
        else if (!best || deepest(issues) > deepest(best)) best = issues;
      }
      if (passed === 0 && best) {
        if (deepest(best) > path.length) out.push(...best);
        else {
          const expected = (branches as Schema[])
            .map((b) => (typeof b === "object" && typeof b.type === "string" ? b.type : undefined))
            .filter((t): t is string => t !== undefined);
          out.push({
            path,
            message:
              expected.length > 0
                ? `expected ${[...new Set(expected)].join(" or ")}, received ${kindOf(value)}`
                : (best[0]?.message ?? "does not match any allowed schema"),
          });
        }
      } else if (key === "oneOf" && passed > 1) {
        out.push({ path, message: "matches more than one of the allowed schemas (oneOf)" });
      }
    }
    if (schema.not !== undefined) {
      const issues: ValidationIssue[] = [];
      this.check(schema.not as Schema, value, path, issues, depth + 1);
      if (issues.length === 0) out.push({ path, message: "matches a schema it must not match" });
    }
  }

  private checkString(
    schema: Record<string, unknown>,
    value: string,
    path: string,
    out: ValidationIssue[],
  ): void {
    if (typeof schema.minLength === "number" && value.length < schema.minLength) {
      out.push({ path, message: `expected at least ${schema.minLength} characters` });
    }
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) {
      out.push({ path, message: `expected at most ${schema.maxLength} characters` });
    }
    if (typeof schema.pattern === "string") {
      let re: RegExp | undefined;
      try {
        re = new RegExp(schema.pattern, "u");
      } catch {
        re = undefined; // a pattern JS cannot compile is not the caller's fault
      }
      if (re && !re.test(value)) {
        out.push({ path, message: `expected a string matching /${schema.pattern}/` });
      }
    }
  }

  private checkNumber(
    schema: Record<string, unknown>,
    value: number,
    path: string,
    out: ValidationIssue[],
  ): void {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (typeof minimum === "number" && value < minimum) {
      out.push({ path, message: `expected a number >= ${minimum}, received ${value}` });
    }
    if (typeof maximum === "number" && value > maximum) {
      out.push({ path, message: `expected a number <= ${maximum}, received ${value}` });
    }
    if (typeof exclusiveMinimum === "number" && value <= exclusiveMinimum) {
      out.push({ path, message: `expected a number > ${exclusiveMinimum}, received ${value}` });
    }
    if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) {
      out.push({ path, message: `expected a number < ${exclusiveMaximum}, received ${value}` });
    }
    if (typeof multipleOf === "number" && multipleOf > 0) {
      const q = value / multipleOf;
      if (Math.abs(q - Math.round(q)) > 1e-9) {
        out.push({ path, message: `expected a multiple of ${multipleOf}, received ${value}` });
      }
    }
  }

  private checkArray(
    schema: Record<string, unknown>,
    value: unknown[],
    path: string,
    out: ValidationIssue[],
    depth: number,
  ): void {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) {
      out.push({
        path,
        message: `expected at least ${schema.minItems} items, received ${value.length}`,
      });
    }
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) {
      out.push({
        path,
        message: `expected at most ${schema.maxItems} items, received ${value.length}`,
      });
    }
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[]) : [];
    // Draft 4-7 tuple form: `items` is an array.
    const tuple = Array.isArray(schema.items) ? (schema.items as Schema[]) : prefix;
    const rest = Array.isArray(schema.items)
      ? (schema.additionalItems as Schema | undefined)
      : (schema.items as Schema | undefined);
    for (let i = 0; i < value.length; i++) {
      const sub = i < tuple.length ? tuple[i] : rest;
      if (sub !== undefined) this.check(sub, value[i], joinPath(path, i), out, depth + 1);
    }
    if (schema.uniqueItems === true) {
      const seen = new Set<string>();
      for (const item of value) {
        const key = JSON.stringify(item);
        if (seen.has(key)) {
          out.push({ path, message: "expected unique items" });
          break;
        }
        seen.add(key);
      }
    }
  }

  private checkObject(
    schema: Record<string, unknown>,
    value: Record<string, unknown>,
    path: string,
    out: ValidationIssue[],
    depth: number,
  ): void {
    const properties = isPlainObject(schema.properties)
      ? (schema.properties as Record<string, Schema>)
      : {};
    if (Array.isArray(schema.required)) {
      for (const key of schema.required as string[]) {
        if (value[key] !== undefined) continue;
        const sub = properties[key];
        const type = typeof sub === "object" ? sub.type : undefined;
        out.push({
          path: joinPath(path, key),
          message:
            typeof type === "string" || Array.isArray(type)
              ? `required (expected ${[type].flat().join(" or ")})`
              : "required",
        });
      }
    }
    const patterns = isPlainObject(schema.patternProperties)
      ? Object.entries(schema.patternProperties as Record<string, Schema>).map(
          ([p, s]) => [new RegExp(p, "u"), s] as const,
        )
      : [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const sub = properties[key];
      if (sub !== undefined) {
        this.check(sub, item, joinPath(path, key), out, depth + 1);
        continue;
      }
      const matched = patterns.filter(([re]) => re.test(key));
      for (const [, s] of matched) this.check(s, item, joinPath(path, key), out, depth + 1);
      if (matched.length > 0) continue;
      const extra = schema.additionalProperties;
      if (extra === false) {
        const known = Object.keys(properties);
        out.push({
          path: joinPath(path, key),
          message: `unexpected property${known.length > 0 ? ` (allowed: ${known.join(", ")})` : ""}`,
        });
      } else if (isPlainObject(extra)) {
        this.check(extra, item, joinPath(path, key), out, depth + 1);
      }
    }
  }
}

const deepest = (issues: ValidationIssue[]): number =>
  issues.reduce((max, i) => Math.max(max, i.path.length), 0);

/**
 * Checks `value` against a JSON Schema and returns every problem found, each with the path of the
 * bad field (`ranges[1]`, `options.mode`). Supports what tool inputs use: `type` (including
 * `integer` and type lists), `required`, `properties`, `additionalProperties`,
 * `patternProperties`, `items`/`prefixItems`, `enum`, `const`, `anyOf`/`oneOf`/`allOf`/`not`,
 * local `$ref`s, and the usual string, number and array bounds. Unknown keywords are ignored.
 */
export function validateJsonSchema(
  schema: Record<string, unknown>,
  value: unknown,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  new Validator(schema).check(schema, value, "", out);
  return out;
}
