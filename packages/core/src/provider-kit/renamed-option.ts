const warned = new Set<string>();

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
  const key = `${owner}:${oldName}`;
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(
      `${owner}: the option \`${oldName}\` is deprecated; use \`${newName}\` instead${fresh !== undefined ? ` (both given: \`${newName}\` wins)` : ""}.`,
    );
  }
  return fresh ?? old;
}
