/** The signals that end `run` and `chat` at once (Ctrl-C is theirs to handle), with the exit code of each. */
export const QUIT_SIGNALS = { SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Calls `quit(exitCode)` when the process gets SIGTERM or SIGHUP, so the command stops its MCP
 * servers before exiting (a process killed by an unhandled signal runs no cleanup at all).
 * Returns the function that removes the listeners.
 */
export function onQuitSignals(quit: (exitCode: number) => void): () => void {
  const listeners = Object.entries(QUIT_SIGNALS).map(([signal, code]) => {
    const listener = () => quit(code);
    process.on(signal, listener);
    return () => process.off(signal, listener);
  });
  return () => {
    for (const off of listeners) off();
  };
}
