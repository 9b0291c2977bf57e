/** Reads an environment variable where there is one (Node, Deno, Bun); `undefined` in browsers. */
export function env(name: string): string | undefined {
  const holder = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return holder.process?.env?.[name];
}
