import { formatIssuePath } from "../errors/validate.js";
import { ValidationError, type ValidationIssue } from "../errors/validation-error.js";

// Small composable checkers for core's own data (message dicts, plan dicts, agent options), written
// by hand so that importing core loads no schema library (zod costs ~50 ms of CPU at import,
// issue 19) and a message dict is checked in a fraction of a microsecond. They report exactly what
// core's zod schemas reported through `toValidationIssues` (`name: required (expected string)`,
// `role: expected one of "user", …, received "bot"`), so the errors users and models read are
// unchanged. A user's own schemas stay zod or JSON Schema; these are not a public schema library.

/**
 * An issue while checking, at the path `at` (formatted only when reported: a union's failed
 * branches cost no string work); `depth` marks a wrong type: the path length of the value.
 */
export interface CheckIssue {
  at: PropertyKey[];
  message: string;
  depth?: number;
}

/** Where a check is: the path from the root (mutated as checks descend) and the issues so far. */
export interface CheckContext {
  readonly path: PropertyKey[];
  issues: CheckIssue[];
}

/** Checks `value` at `ctx.path`, pushes issues, and returns the checked value (defaults applied). */
export type Check<T = unknown> = ((value: unknown, ctx: CheckContext) => T) & {
  /** The type name in messages (`string`, `object`…), when the check is one of a type. */
  readonly expected?: string;
};

const describe = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
};

function typeIssue(ctx: CheckContext, expected: string, value: unknown): void {
  ctx.issues.push({
    at: ctx.path.slice(),
    message:
      value === undefined
        ? `required (expected ${expected})`
        : `expected ${expected}, received ${describe(value)}`,
    depth: ctx.path.length,
  });
}

function issue(ctx: CheckContext, message: string): void {
  ctx.issues.push({ at: ctx.path.slice(), message });
}

/** The issues as {@link ValidationIssue}s, paths formatted (`content[2].source.media_type`). */
const reported = (issues: readonly CheckIssue[]): ValidationIssue[] =>
  issues.map(({ at, message }) => ({ path: formatIssuePath(at), message }));

function named<T>(expected: string, fn: (value: unknown, ctx: CheckContext) => T): Check<T> {
  return Object.assign(fn, { expected });
}

/** A check that `typeof value === type` (`string`, `boolean`, `number` also refusing NaN). */
function primitive<T>(type: "string" | "boolean" | "number"): Check<T> {
  return named(type, (value, ctx) => {
    if (typeof value !== type || (type === "number" && Number.isNaN(value))) {
      typeIssue(ctx, type, value);
    }
    return value as T;
  });
}

/** A string. */
export const string: Check<string> = primitive("string");
/** A boolean. */
export const boolean: Check<boolean> = primitive("boolean");
/** A number (not NaN). */
export const number: Check<number> = primitive("number");
/** An integer (zod's `z.int()`: `expected int` for a fraction). */
export const int: Check<number> = named("number", (value, ctx) => {
  if (typeof value !== "number" || Number.isNaN(value)) typeIssue(ctx, "number", value);
  else if (!Number.isInteger(value)) typeIssue(ctx, "int", value);
  return value as number;
});
/** Anything. */
export const unknown: Check<unknown> = (value) => value;

/** `check`, and then `min` ≤ value (`exclusive`: <) for numbers, ≤ length for strings. */
export function min<T extends number | string>(check: Check<T>, bound: number, exclusive = false) {
  return refine(check, (value) => {
    if (typeof value === "string") {
      return value.length >= bound
        ? undefined
        : `Too small: expected string to have >=${bound} characters`;
    }
    if (typeof value !== "number") return undefined;
    const ok = exclusive ? value > bound : value >= bound;
    return ok ? undefined : `Too small: expected number to be ${exclusive ? ">" : ">="}${bound}`;
  });
}

/** `check`, and then value ≤ `bound` (numbers) or length ≤ `bound` (strings). */
export function max<T extends number | string>(check: Check<T>, bound: number) {
  return refine(check, (value) => {
    if (typeof value === "string") {
      return value.length <= bound
        ? undefined
        : `Too big: expected string to have <=${bound} characters`;
    }
    if (typeof value !== "number") return undefined;
    return value <= bound ? undefined : `Too big: expected number to be <=${bound}`;
  });
}

/** `check`, then `test` (run only when `check` passed) returning an error message or nothing. */
export function refine<T>(check: Check<T>, test: (value: T) => string | undefined): Check<T> {
  const fn = (value: unknown, ctx: CheckContext): T => {
    const before = ctx.issues.length;
    const out = check(value, ctx);
    if (ctx.issues.length === before) {
      const message = test(out);
      if (message !== undefined) issue(ctx, message);
    }
    return out;
  };
  return check.expected === undefined ? fn : named(check.expected, fn);
}

/** A value `test` accepts; `message` otherwise (zod's `z.custom`). */
export function custom<T>(test: (value: unknown) => boolean, message: string): Check<T> {
  return (value, ctx) => {
    if (!test(value)) issue(ctx, message);
    return value as T;
  };
}

/** An instance of `cls` (zod's `z.instanceof`: the class name is the expected type). */
export function instanceOf<T>(cls: abstract new (...args: never[]) => T): Check<T> {
  return named(cls.name, (value, ctx) => {
    if (!(value instanceof cls)) typeIssue(ctx, cls.name, value);
    return value as T;
  });
}

/** One of `values` (zod's `z.enum` / `z.literal`). */
export function oneOf<const T extends readonly (string | number | boolean | null)[]>(
  values: T,
): Check<T[number]> {
  const list = values.map((v) => JSON.stringify(v)).join(", ");
  return (value, ctx) => {
    if (!values.includes(value as T[number])) {
      issue(ctx, `expected one of ${list}, received ${JSON.stringify(value)}`);
    }
    return value as T[number];
  };
}

/** `check`, or `undefined`. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, ctx) => (value === undefined ? undefined : check(value, ctx));
}

/** `check`, or `null` / `undefined`. */
export function nullish<T>(check: Check<T>): Check<T | null | undefined> {
  return (value, ctx) => (value === undefined || value === null ? value : check(value, ctx));
}

/** `check`, or `null`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, ctx) => (value === null ? null : check(value, ctx));
}

/** `check`, with `fallback` when the value is `undefined`. */
export function withDefault<T>(check: Check<T>, fallback: T): Check<T> {
  return (value, ctx) => (value === undefined ? fallback : check(value, ctx));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An array whose every item passes `item` (the array itself when no item changed). */
export function array<T>(item: Check<T>): Check<T[]> {
  return named("array", (value, ctx) => {
    if (!Array.isArray(value)) {
      typeIssue(ctx, "array", value);
      return value as T[];
    }
    let out: T[] | undefined;
    for (let i = 0; i < value.length; i++) {
      ctx.path.push(i);
      const checked = item(value[i], ctx);
      ctx.path.pop();
      if (checked !== value[i]) {
        out ??= value.slice(0, i);
        out.push(checked);
      } else if (out) out.push(checked);
    }
    return out ?? (value as T[]);
  });
}

/** A plain object (not an array, not null) used as a string-keyed record of anything. */
export const record: Check<Record<string, unknown>> = named("record", (value, ctx) => {
  if (!isObject(value)) typeIssue(ctx, "record", value);
  return value as Record<string, unknown>;
});

type Shape = Record<string, Check<unknown>>;
/** The checked value of a shape. */
export type ShapeOutput<S extends Shape> = {
  [K in keyof S]: S[K] extends Check<infer T> ? T : never;
};

/**
 * An object with the fields of `shape`, each checked (all reported, in the shape's order). The
 * result is a new object of the shape's fields (defaults applied); `loose` returns the object
 * itself, other keys included (so its shape must hold no defaults).
 */
export function object<S extends Shape>(shape: S, loose = false): Check<ShapeOutput<S>> {
  const keys = Object.keys(shape);
  return named("object", (value, ctx) => {
    if (!isObject(value)) {
      typeIssue(ctx, "object", value);
      return value as ShapeOutput<S>;
    }
    const out: Record<string, unknown> | undefined = loose ? undefined : {};
    for (const key of keys) {
      ctx.path.push(key);
      const field = (shape[key] as Check<unknown>)(value[key], ctx);
      ctx.path.pop();
      if (out && (field !== undefined || key in value)) out[key] = field;
    }
    return (out ?? value) as ShapeOutput<S>;
  });
}

const PRIMITIVES = new Set(["string", "boolean"]);

/**
 * The first of `branches` that passes. When none does, the issues of the first branch that got
 * past the type check (a list of blocks with a bad block, say), else `expected A or B, received C`.
 */
export function union<T>(...branches: Check<T>[]): Check<T> {
  const expected = branches.map((b) => b.expected ?? "value");
  return (value, ctx) => {
    const outer = ctx.issues;
    let firstDeep: CheckIssue[] | undefined;
    for (const branch of branches) {
      // A branch of another primitive type fails on its type alone: skip running it.
      if (PRIMITIVES.has(branch.expected as string) && typeof value !== branch.expected) continue;
      ctx.issues = [];
      const out = branch(value, ctx);
      const found = ctx.issues;
      ctx.issues = outer;
      if (found.length === 0) return out;
      const typeOnly = found.every((i) => i.depth === ctx.path.length);
      if (!typeOnly && firstDeep === undefined) firstDeep = found;
    }
    if (firstDeep) outer.push(...firstDeep);
    else typeIssue(ctx, [...new Set(expected)].join(" or "), value);
    return value as T;
  };
}

/**
 * An object checked by the branch its `key` names (zod's `z.discriminatedUnion`); an unknown
 * `key` is `type: unknown type "file" (no matching discriminator)`.
 */
export function discriminated<T = unknown>(
  key: string,
  branches: Record<string, Check<unknown>>,
): Check<T> {
  return named("object", (value, ctx) => {
    if (!isObject(value)) {
      typeIssue(ctx, "object", value);
      return value as T;
    }
    const tag = value[key];
    const branch = typeof tag === "string" && Object.hasOwn(branches, tag) ? branches[tag] : null;
    if (!branch) {
      ctx.path.push(key);
      issue(
        ctx,
        `unknown ${key} ${JSON.stringify(tag) ?? "undefined"} (no matching discriminator)`,
      );
      ctx.path.pop();
      return value as T;
    }
    return branch(value, ctx) as T;
  });
}

/** Runs `check` on `value` from the root: its result and every issue (empty when it passed). */
export function runCheck<T>(
  check: Check<T>,
  value: unknown,
): { value: T; issues: ValidationIssue[] } {
  const ctx: CheckContext = { path: [], issues: [] };
  const out = check(value, ctx);
  return { value: out, issues: reported(ctx.issues) };
}

/**
 * Checks `value`, or throws a {@link ValidationError} naming `what` and every bad field by path
 * (the hand-written counterpart of `validate`).
 */
export function checkValue<T>(check: Check<T>, value: unknown, what: string, hint?: string): T {
  const ctx: CheckContext = { path: [], issues: [] };
  const out = check(value, ctx);
  if (ctx.issues.length === 0) return out;
  throw new ValidationError(what, reported(ctx.issues), hint ? { hint } : {});
}
