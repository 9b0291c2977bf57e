import { ValidationError } from "../errors/validation-error.js";

/**
 * Checks a limit option (a timeout, a cap): a positive number of `unit`, `null` for no limit, or
 * unset; returns it as given. Anything else is a {@link ValidationError} on `what` naming `field`.
 */
export function limitOption(
  value: unknown,
  field: string,
  what: string,
  unit = "milliseconds",
): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== "number" || Number.isNaN(value) || value <= 0) {
    throw new ValidationError(what, [
      {
        path: field,
        message: `expected a positive number of ${unit} or null (no limit), received ${typeof value === "number" ? value : typeof value}`,
      },
    ]);
  }
  return value;
}

/** {@link limitOption} with `fallback` when unset: a number, or `null` for no limit. */
export function limitOrDefault(
  value: unknown,
  fallback: number | null,
  field: string,
  what: string,
  unit = "milliseconds",
): number | null {
  const checked = limitOption(value, field, what, unit);
  return checked === undefined ? fallback : checked;
}

/** The longest delay `setTimeout` takes (about 24.8 days); longer ones would fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** `ms` as a timer delay: a finite positive number up to {@link MAX_TIMER_MS}, else `undefined` (no limit). */
export function timerLimit(ms: number | null | undefined): number | undefined {
  return ms != null && Number.isFinite(ms) && ms > 0 && ms <= MAX_TIMER_MS ? ms : undefined;
}
