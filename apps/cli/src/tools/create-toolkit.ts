import { Toolkit } from "@agentscope-ts/core";
import {
  executePythonCode,
  executeShellCommand,
  insertTextFile,
  viewTextFile,
  writeTextFile,
} from "@agentscope-ts/core/node";
import { type AskUser, type ConfirmPolicy, confirmationMiddleware } from "./confirmation.js";

/** Options of {@link createToolkit}. */
export interface CreateToolkitOptions {
  /** Register the built-in shell, Python and text-file tools. */
  builtins: boolean;
  /** How the code-running tools are guarded. */
  policy: ConfirmPolicy;
  /** Asks the user (for the `ask` policy). */
  ask?: AskUser;
}

/** The names of the built-in tools, in registration order. */
export const BUILTIN_TOOL_NAMES = [
  "execute_shell_command",
  "execute_python_code",
  "view_text_file",
  "write_text_file",
  "insert_text_file",
] as const;

/**
 * The agent's toolkit: the built-in shell, Python and text-file tools of
 * `@agentscope-ts/core/node` (unless `builtins` is false), guarded by the confirmation middleware.
 * MCP tools are added later by `connectMcpServers`.
 */
export function createToolkit(options: CreateToolkitOptions): Toolkit {
  const toolkit = new Toolkit();
  if (options.builtins) {
    toolkit.registerToolFunction(executeShellCommand);
    toolkit.registerToolFunction(executePythonCode);
    toolkit.registerToolFunction(viewTextFile);
    toolkit.registerToolFunction(writeTextFile);
    toolkit.registerToolFunction(insertTextFile);
  }
  toolkit.registerMiddleware(confirmationMiddleware(options.policy, options.ask));
  return toolkit;
}
