/** A `console.*` call found in a source file: its 1-based line and the call. */
export interface ConsoleCall {
  line: number;
  call: string;
}

const CALL = /\bconsole\s*(?:\.\s*(\w+)|\[\s*["'`](\w+)["'`]\s*\])/g;

/**
 * The `console.*` calls (and `console["…"]` lookups) in TypeScript source, outside comments:
 * the check that packages log through core's logger seam.
 */
export function consoleCalls(source: string): ConsoleCall[] {
  const found: ConsoleCall[] = [];
  // Blank out comments, keeping the line breaks so line numbers stay right.
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
  for (const m of code.matchAll(CALL)) {
    const line = code.slice(0, m.index).split("\n").length;
    found.push({ line, call: `console.${m[1] ?? m[2]}` });
  }
  return found;
}
