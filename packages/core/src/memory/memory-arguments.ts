import { ValidationError } from "../errors/validation-error.js";
import { Msg } from "../message/msg.js";

const describeValue = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/**
 * The messages given to `MemoryBase.add` as a list (`null`/`undefined` → `[]`), or a
 * `ValidationError` naming the entry that is not a `Msg`. For memory backends in other packages.
 */
export function memoryMessagesArgument(memories: Msg | Msg[] | null | undefined): Msg[] {
  if (memories === null || memories === undefined) return [];
  const list = Array.isArray(memories) ? memories : [memories];
  const bad = list.findIndex((m) => !(m instanceof Msg));
  if (bad >= 0) {
    throw new ValidationError("memories", [
      {
        path: Array.isArray(memories) ? `memories[${bad}]` : "memories",
        message: `expected a Msg, received ${describeValue(list[bad])}`,
      },
    ]);
  }
  return list;
}

/** A mark filter (`mark`, `excludeMark`, `newMark`…): a string, or `null` when omitted. */
export function optionalMarkArgument(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") {
    throw new ValidationError("memory filter", [
      { path: field, message: `expected string or null, received ${describeValue(value)}` },
    ]);
  }
  return value;
}

/**
 * A string or list of strings (marks, message ids) as a fresh list; `null`/`undefined` give `[]`
 * when `allowNull`. Anything else is a `ValidationError` naming `field`.
 */
export function stringListArgument(
  value: unknown,
  field: string,
  allowNull: boolean,
  what = "marks",
): string[] {
  if ((value === undefined || value === null) && allowNull) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) {
    const bad = value.findIndex((m) => typeof m !== "string");
    if (bad < 0) return [...(value as string[])];
    throw new ValidationError(what, [
      {
        path: `${field}[${bad}]`,
        message: `expected string, received ${describeValue(value[bad])}`,
      },
    ]);
  }
  throw new ValidationError(what, [
    {
      path: field,
      message: `expected a string or a list of strings${allowNull ? " or null" : ""}, received ${describeValue(value)}`,
    },
  ]);
}
