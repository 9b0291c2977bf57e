import { warnOnce } from "../logging/logger.js";

/**
 * Reads an option that was renamed: the new name wins; the old one still works but warns once per
 * process (per owner and name) naming the new name.
 */
export function renamedOption<T>(
  owner: string,
  options: object | undefined,
  oldName: string,
  newName: string,
): T | undefined {
  const record = (options ?? {}) as Record<string, unknown>;
  const fresh = record[newName] as T | undefined;
  const old = record[oldName] as T | undefined;
  if (old === undefined) return fresh;
  warnOnce(
    `renamed-option:${owner}:${oldName}`,
    `${owner}: the option \`${oldName}\` is deprecated; use \`${newName}\` instead${fresh !== undefined ? ` (both given: \`${newName}\` wins)` : ""}.`,
  );
  return fresh ?? old;
}
