/** Where the CLI writes text: stdout, stderr, or a test's collector. */
export interface TextOutput {
  /** Writes `text` as is. */
  write(text: string): unknown;
  /** Whether it is a terminal (colours, progress lines). */
  isTTY?: boolean;
  /** The terminal's width, when known. */
  columns?: number;
}

/** ANSI styling that is a no-op when colours are off. */
export interface Style {
  /** Whether colours are on. */
  readonly enabled: boolean;
  /** Dimmed text (thinking, tool results). */
  dim(text: string): string;
  /** Bold text (the agent's name). */
  bold(text: string): string;
  /** Red text (errors). */
  red(text: string): string;
  /** Cyan text (tool calls). */
  cyan(text: string): string;
}

const wrap =
  (on: boolean, open: number, close: number) =>
  (text: string): string =>
    on && text ? `\x1b[${open}m${text}\x1b[${close}m` : text;

/**
 * The style for `output`: colours when it is a terminal, unless `NO_COLOR` is set; `FORCE_COLOR`
 * (other than `0`) turns them on anyway.
 */
export function styleFor(output: TextOutput, env: NodeJS.ProcessEnv): Style {
  const force = env.FORCE_COLOR;
  const enabled =
    force !== undefined && force !== "" ? force !== "0" : !env.NO_COLOR && output.isTTY === true;
  return {
    enabled,
    dim: wrap(enabled, 2, 22),
    bold: wrap(enabled, 1, 22),
    red: wrap(enabled, 31, 39),
    cyan: wrap(enabled, 36, 39),
  };
}
