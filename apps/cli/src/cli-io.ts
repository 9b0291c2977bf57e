import type { Readable } from "node:stream";
import type { TextOutput } from "./terminal/style.js";

/** The process the CLI runs in: its streams, environment and working directory. */
export interface CliIO {
  /** Where chat lines and confirmations are read from. */
  stdin: Readable & { isTTY?: boolean };
  /** Where the conversation (chat) or the answer (run) goes. */
  stdout: TextOutput;
  /** Where notes, tool calls of `run`, and errors go. */
  stderr: TextOutput;
  /** The environment (API keys, AGENTSCOPE_HOME…). */
  env: NodeJS.ProcessEnv;
  /** The working directory. */
  cwd: string;
}
