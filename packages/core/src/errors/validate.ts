import type { z } from "zod";
import { ValidationError, type ValidationIssue } from "./validation-error.js";

/** Formats a zod issue path as `content[2].source.media_type`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

type Issue = z.core.$ZodIssue;

/**
 * Turns zod's issues into {@link ValidationIssue}s with short, readable messages. For a union that
 * failed (a string or a list of blocks, say), it reports the errors of the branch that fits the
 * value's kind rather than a bare "invalid input".
 */
export function toValidationIssues(error: z.ZodError, input?: unknown): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  collect(error.issues, [], input, out);
  return out;
}

function collect(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[],
  input: unknown,
  out: ValidationIssue[],
): void {
  for (const issue of issues) {
    const fullPath = [...prefix, ...issue.path];
    const actual = valueAt(input, fullPath);
    if (issue.code === "invalid_union") {
      const branches = (issue.errors ?? []).filter(
        (branch) =>
          branch.length > 0 &&
          !branch.every((i) => i.path.length === 0 && i.code === "invalid_type"),
      );
      if (branches.length > 0 && branches[0]) {
        collect(branches[0], fullPath, input, out);
        continue;
      }
    }
    out.push({ path: formatIssuePath(fullPath), message: messageOf(issue, actual) });
  }
}

function messageOf(issue: Issue, actual: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return actual === undefined
        ? `required (expected ${issue.expected})`
        : `expected ${issue.expected}, received ${describe(actual)}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, received ${JSON.stringify(actual)}`;
    case "invalid_union": {
      const note = (issue as { note?: unknown }).note;
      if (typeof note === "string") {
        const key = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : "value";
        return `unknown ${key} ${JSON.stringify(actual) ?? "undefined"} (${note.toLowerCase()})`;
      }
      const expected = (issue.errors ?? [])
        .flat()
        .filter((i) => i.code === "invalid_type" && i.path.length === 0)
        .map((i) => (i as { expected: string }).expected);
      if (expected.length > 0) {
        if (actual === undefined)
          return `required (expected ${[...new Set(expected)].join(" or ")})`;
        return `expected ${[...new Set(expected)].join(" or ")}, received ${describe(actual)}`;
      }
      return issue.message.replace(/^Invalid input: /, "");
    }
    default:
      return issue.message.replace(/^Invalid input: /, "");
  }
}

/**
 * Parses `value` with `schema`, or throws a {@link ValidationError} naming `what` and every bad field
 * by path. `hint` is added to the message to say how to fix it.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  hint?: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(what, toValidationIssues(result.error, value), hint ? { hint } : {});
}
