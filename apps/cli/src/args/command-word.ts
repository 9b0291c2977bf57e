/**
 * The flags every subcommand takes, before or after its name (`agentscope --debug serve` is
 * `agentscope serve --debug`).
 */
export const GLOBAL_FLAGS: readonly string[] = ["--debug", "--help", "-h", "--version", "-V"];

/**
 * Finds the subcommand word after any leading global flags: `["--debug", "serve", "--port",
 * "0"]` gives `{ command: "serve", args: ["--debug", "--port", "0"] }` (the word removed, every
 * flag kept in order). `command` is unset when the first argument that is not a global flag is
 * another flag or missing.
 */
export function commandWord(argv: readonly string[]): { command?: string; args: string[] } {
  const at = argv.findIndex((arg) => !GLOBAL_FLAGS.includes(arg));
  const word = at < 0 ? undefined : argv[at];
  if (word === undefined || word.startsWith("-")) return { args: [...argv] };
  return { command: word, args: [...argv.slice(0, at), ...argv.slice(at + 1)] };
}
