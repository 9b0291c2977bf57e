/**
 * Where agents write their console output: text arrives in pieces (streamed deltas, no implied
 * newline), like Python's `print(..., end="")`. Node apps can use the stdout sink of
 * `@agentscope-ts/core/node`; UIs can supply their own.
 */
export interface OutputSink {
  /** Writes `text` as is (it carries its own newlines). */
  write(text: string): void;
}

/**
 * An {@link OutputSink} over `console.log`, for browsers and any runtime without a stdout:
 * `console.log` always ends a line, so text is buffered and logged one complete line at a time.
 */
export class ConsoleOutputSink implements OutputSink {
  #pending = "";

  write(text: string): void {
    const lines = (this.#pending + text).split("\n");
    this.#pending = lines.pop() ?? "";
    for (const line of lines) console.log(line);
  }

  /** Logs whatever is buffered without a closing newline yet. */
  flush(): void {
    if (this.#pending) console.log(this.#pending);
    this.#pending = "";
  }
}

let defaultSink: OutputSink = new ConsoleOutputSink();

/** The sink agents print to unless given their own (`agent.setOutputSink`). */
export function getDefaultOutputSink(): OutputSink {
  return defaultSink;
}

/**
 * Sets the sink every agent without its own sink prints to. Core defaults to a line-buffered
 * `console.log`; in Node, `useStdoutOutput()` from `@agentscope-ts/core/node` streams to stdout.
 */
export function setDefaultOutputSink(sink: OutputSink): void {
  if (!sink || typeof sink.write !== "function") {
    throw new TypeError("setDefaultOutputSink needs an object with a write(text) method.");
  }
  defaultSink = sink;
}
