import type { JsonSchemaObject, ToolDefinition } from "../../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../../tool/tool-response.js";
import { type ProcessResult, runProcess } from "./run-process.js";

/** The default cap on stdout and on stderr, in bytes (head and tail are kept). */
export const DEFAULT_MAX_OUTPUT_BYTES = 32 * 1024;

/** Options shared by the code-running tools. */
export interface CodeToolOptions {
  /** Working directory of the process. Default: the current one. */
  cwd?: string;
  /** Environment of the process. Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The most bytes of stdout, and of stderr, returned to the model. Default 32 KiB each. */
  maxOutputBytes?: number;
  /** After SIGTERM on timeout or abort, wait this long before SIGKILL. Default 2000 ms. */
  killGraceMs?: number;
}

/** Options of {@link createExecuteShellCommand}. */
export interface ExecuteShellCommandOptions extends CodeToolOptions {
  /** The shell that runs the command with `-c`. Default `/bin/sh`. */
  shell?: string;
}

/**
 * Formats a process result as AgentScope's code tools do:
 * `<returncode>..</returncode><stdout>..</stdout><stderr>..</stderr>`, with the timeout or
 * interruption noted at the end of stderr.
 */
export function formatProcessResult(
  result: ProcessResult,
  timeoutSeconds: number,
  what: "command" | "code",
): ToolResponse {
  let stderr = result.stderr;
  const note = result.timedOut
    ? `TimeoutError: The ${what} execution exceeded the timeout of ${timeoutSeconds} seconds.`
    : result.interrupted
      ? `The ${what} execution was interrupted by the user.`
      : "";
  if (note) stderr = stderr ? `${stderr}\n${note}` : note;
  return toolResponse(
    `<returncode>${result.returncode}</returncode><stdout>${result.stdout}</stdout><stderr>${stderr}</stderr>`,
    { isInterrupted: result.interrupted },
  );
}

// A JSON Schema literal (no zod at import): what zod generated before (builtin-tool-schemas.test.ts).
const shellParameters: JsonSchemaObject = {
  type: "object",
  properties: {
    command: {
      type: "string",
      description: "The shell command to execute.",
    },
    timeout: {
      default: 300,
      description: "The maximum time (in seconds) allowed for the command to run.",
      type: "number",
      exclusiveMinimum: 0,
    },
  },
  required: ["command"],
};

/**
 * Makes the `execute_shell_command` tool (AgentScope's): runs a command with the shell and returns
 * its return code, stdout and stderr. The command runs in its own process group, which is killed
 * as a whole on timeout or abort; output is capped.
 *
 * The call returns when the shell exits, even if a background child (`server &`,
 * `sleep 100 & echo started`) keeps the output pipes open: the result holds what was read and
 * the shell's return code. The background child is left running (that is what `&` asks for), but
 * its later output is not read and writing it fails, so redirect it (`server > log 2>&1 &`).
 */
export function createExecuteShellCommand(
  options: ExecuteShellCommandOptions = {},
): ToolDefinition<{ command: string; timeout?: number }> {
  const isWindows = process.platform === "win32";
  const shell = options.shell ?? (isWindows ? "cmd.exe" : "/bin/sh");
  return {
    name: "execute_shell_command",
    description:
      "Execute given command and return the return code, standard output and error within <returncode></returncode>, <stdout></stdout> and <stderr></stderr> tags.",
    parameters: shellParameters,
    async execute({ command, timeout = 300 }, context) {
      const result = await runProcess({
        command: shell,
        args:
          isWindows && options.shell === undefined ? ["/d", "/s", "/c", command] : ["-c", command],
        cwd: options.cwd,
        env: options.env,
        timeoutMs: timeout * 1000,
        signal: context.signal,
        maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
        ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
      });
      return formatProcessResult(result, timeout, "command");
    },
  };
}

/** The `execute_shell_command` tool with default options, ready to register. */
export const executeShellCommand = createExecuteShellCommand();
