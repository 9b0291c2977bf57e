/**
 * One of Node's own modules (`"node:http"`, `"node:crypto"`…) through `process.getBuiltinModule`
 * (Node ≥ 22.3, also Bun and Deno), without an import, so the caller stays browser-safe;
 * `undefined` where the runtime has no such function or module.
 */
export function nodeBuiltin<T>(id: string): T | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule !== "function") return undefined;
  return (proc.getBuiltinModule(id) as T | undefined) ?? undefined;
}
