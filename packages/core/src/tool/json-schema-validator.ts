import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import type { ValidationIssue } from "../errors/validation-error.js";

// Validation itself is @cfworker/json-schema (draft 2020-12, an interpreter: browser-safe, no code
// generation, lengths in code points, `format`, `if/then/else`, `dependentRequired`, `contains`…).
// What is ours is below: turning its error list into issues that name the field the way the rest of
// core does (`tags[1]: expected string, received integer`), without the wrapper errors
// ("Property \"x\" does not match schema.") that only repeat a deeper one.

/** Keywords whose error only says "a deeper error follows": never shown themselves. */
const WRAPPERS = new Set([
  "properties",
  "patternProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "$ref",
  "$recursiveRef",
  "$dynamicRef",
  "allOf",
  "if",
  "dependentSchemas",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
]);

const kindOf = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

/** The JSON pointer `#/a/0/b~1c` as tokens `["a", "0", "b/c"]`. */
function pointerTokens(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((t) => t !== "")
    .map((t) => {
      let token = t;
      try {
        token = decodeURIComponent(t);
      } catch {
        // not percent-encoded
      }
      return token.replace(/~1/g, "/").replace(/~0/g, "~");
    });
}

/** The value at `tokens` inside `root`, or `undefined`. */
function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Core's path notation: `nested.items[2].name` (indices in brackets when the node is an array). */
function toPath(root: unknown, tokens: readonly string[]): string {
  let path = "";
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node) && /^\d+$/.test(token)) path += `[${token}]`;
    else path = path ? `${path}.${token}` : token;
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[token]
        : undefined;
  }
  return path;
}

const quoted = (text: string): string | undefined => /"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];

/** Whether `location` lies inside a branch of anyOf/oneOf/not/contains (reported by its parent). */
const BRANCH = /\/(anyOf|oneOf)\/\d+(\/|$)|\/(not|contains)\//;

const validators = new WeakMap<object, Validator>();

function validatorFor(schema: Record<string, unknown> | boolean): Validator {
  if (typeof schema === "boolean") return new Validator(schema as unknown as Schema, "2020-12");
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, "2020-12", false);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * Checks `value` against a JSON Schema (draft 2020-12, local `$ref`s) and returns every problem as
 * `{ path, message }` (empty when the value is valid), each naming the bad field: a missing field
 * is `name: required`, a wrong type `count: expected integer, received number`, an unknown field
 * under `additionalProperties: false` `nested.other: unexpected property`.
 */
export function validateJsonSchema(
  schema: Record<string, unknown> | boolean,
  value: unknown,
): ValidationIssue[] {
  const result = validatorFor(schema).validate(value);
  if (result.valid) return [];
  return toIssues(result.errors, value);
}

function toIssues(errors: readonly OutputUnit[], root: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const push = (path: string, message: string) => {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ path, message });
  };
  for (const [i, error] of errors.entries()) {
    const { keyword, keywordLocation, instanceLocation } = error;
    if (WRAPPERS.has(keyword) || BRANCH.test(keywordLocation)) continue;
    const tokens = pointerTokens(instanceLocation);
    const here = valueAt(root, tokens);
    switch (keyword) {
      case "required": {
        const field = quoted(error.error);
        push(toPath(root, field === undefined ? tokens : [...tokens, field]), "required");
        break;
      }
      case "additionalProperties": {
        // A wrapper unless the property is refused outright (`additionalProperties: false`).
        if (errors[i + 1]?.keyword !== "false") break;
        const field = quoted(error.error);
        push(
          toPath(root, field === undefined ? tokens : [...tokens, field]),
          "unexpected property",
        );
        break;
      }
      case "false": {
        // The child of an `additionalProperties: false` already reported by its parent.
        const parent = errors[i - 1];
        if (parent?.keyword === "additionalProperties") break;
        push(toPath(root, tokens), "no value is allowed here");
        break;
      }
      case "type": {
        const expected = [...error.error.matchAll(/"([^"]+)"/g)].slice(1).map((m) => m[1]);
        push(toPath(root, tokens), `expected ${expected.join(" or ")}, received ${kindOf(here)}`);
        break;
      }
      case "enum": {
        const list = error.error.replace(/^Instance does not match any of /, "").replace(/\.$/, "");
        let allowed = list;
        try {
          allowed = (JSON.parse(list) as unknown[]).map((v) => JSON.stringify(v)).join(", ");
        } catch {
          // keep the library's text
        }
        push(toPath(root, tokens), `expected one of ${allowed}, received ${JSON.stringify(here)}`);
        break;
      }
      case "anyOf":
      case "oneOf":
        for (const issue of branchIssues(errors, error, root, tokens))
          push(issue.path, issue.message);
        break;
      default:
        push(toPath(root, tokens), error.error.replace(/\.$/, ""));
    }
  }
  return issues;
}

/**
 * The issues of a failed anyOf/oneOf: those of the branch whose type the value has (the deepest
 * failing branch), else `expected A or B, received C` from the branches' types.
 */
function branchIssues(
  errors: readonly OutputUnit[],
  parent: OutputUnit,
  root: unknown,
  tokens: readonly string[],
): ValidationIssue[] {
  const path = toPath(root, tokens);
  const here = valueAt(root, tokens);
  if (parent.keyword === "oneOf" && /\(\d+ matches\)/.test(parent.error)) {
    return [{ path, message: "matches more than one of the allowed schemas (oneOf)" }];
  }
  const prefix = `${parent.keywordLocation}/`;
  const branches = new Map<string, OutputUnit[]>();
  for (const e of errors) {
    if (!e.keywordLocation.startsWith(prefix)) continue;
    const index = e.keywordLocation.slice(prefix.length).split("/")[0] as string;
    branches.set(index, [...(branches.get(index) ?? []), e]);
  }
  const types: string[] = [];
  for (const units of branches.values()) {
    const typeError = units.find(
      (u) => u.keyword === "type" && u.instanceLocation === parent.instanceLocation,
    );
    if (typeError) {
      types.push(
        ...[...typeError.error.matchAll(/"([^"]+)"/g)].slice(1).map((m) => m[1] as string),
      );
      continue;
    }
    // The value has this branch's type: what failed is inside it.
    const deeper = toIssues(
      units.map((u) => ({ ...u, keywordLocation: `#/${u.keywordLocation.slice(prefix.length)}` })),
      root,
    );
    if (deeper.length > 0) return deeper;
  }
  const message =
    types.length > 0
      ? `expected ${[...new Set(types)].join(" or ")}, received ${kindOf(here)}`
      : "does not match any of the allowed schemas";
  return [{ path, message }];
}
