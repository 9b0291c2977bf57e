import { ValidationError } from "@agentscope-ts/core";

/**
 * A tool's enum argument as the SDK's literal type: `fallback` (the parameter's default) when
 * absent, `value` when it is one of `allowed` (the parameter's JSON-schema `enum`, which the
 * toolkit checks before `execute`), otherwise a {@link ValidationError} naming `field`.
 */
export function enumInput<const T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  field: string,
): T {
  if (value === undefined || value === null) return fallback;
  const found = allowed.find((option) => option === value);
  if (found !== undefined) return found;
  throw new ValidationError("tool input", [
    {
      path: field,
      message: `expected one of ${allowed.join(", ")}, received ${JSON.stringify(value)}`,
    },
  ]);
}

/** A tool's number argument: `fallback` (the parameter's default) when absent or not a number. */
export function numberInput(value: unknown, fallback: number): number {
  return typeof value === "number" ? value : fallback;
}

/** A tool's string argument: `fallback` (the parameter's default) when absent or not a string. */
export function stringInput(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}
