/** Whether `value` is a thenable: a step that may answer at once or later awaits only these. */
export const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";
