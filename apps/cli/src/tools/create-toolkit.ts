import { Toolkit } from "@agentscope-ts/core";
import {
  executePythonCode,
  executeShellCommand,
  insertTextFile,
  viewTextFile,
  writeTextFile,
} from "@agentscope-ts/core/node";
import {
  type AskUser,
  type ConfirmPolicy,
  confirmationMiddleware,
  needsConsent,
} from "./confirmation.js";

/** Options of {@link createToolkit}. */
export interface CreateToolkitOptions {
  /** Register the built-in shell, Python and text-file tools. */
  builtins: boolean;
  /** How the code-running tools are guarded. */
  policy: ConfirmPolicy;
  /** Asks the user (for the `ask` policy). */
  ask?: AskUser;
  /** MCP servers whose tools run without asking (`"trusted": true` in the MCP config). */
  trustedMcpServers?: ReadonlySet<string>;
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
 * `@agentscope-ts/core/node` (unless `builtins` is false), guarded by the confirmation middleware:
 * the tools that write or execute, and MCP tools of servers not marked trusted, ask first (or are
 * refused). MCP tools are added later by `connectMcpServers`.
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
  const rule = needsConsent(
    (name) => toolkit.tools.get(name)?.mcpName,
    options.trustedMcpServers ?? new Set(),
  );
  toolkit.registerMiddleware(confirmationMiddleware(options.policy, options.ask, rule));
  return toolkit;
}
