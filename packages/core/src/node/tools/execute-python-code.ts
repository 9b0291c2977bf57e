import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JsonSchemaObject, ToolDefinition } from "../../tool/tool-definition.js";
import { shortUuid } from "../../utils/short-uuid.js";
import {
  type CodeToolOptions,
  DEFAULT_MAX_OUTPUT_BYTES,
  formatProcessResult,
} from "./execute-shell-command.js";
import { runProcess } from "./run-process.js";

/** Options of {@link createExecutePythonCode}. */
export interface ExecutePythonCodeOptions extends CodeToolOptions {
  /** The Python interpreter. Default `python3` (`python` on Windows). */
  pythonPath?: string;
}

// A JSON Schema literal (no zod at import): what zod generated before (builtin-tool-schemas.test.ts).
const pythonParameters: JsonSchemaObject = {
  type: "object",
  properties: {
    code: {
      type: "string",
      description: "The Python code to be executed.",
    },
    timeout: {
      default: 300,
      description: "The maximum time (in seconds) allowed for the code to run.",
      type: "number",
      exclusiveMinimum: 0,
    },
  },
  required: ["code"],
};

/**
 * Makes the `execute_python_code` tool (AgentScope's): writes the code to a temporary file, runs
 * it with Python (unbuffered, UTF-8) and returns its return code, stdout and stderr. The process
 * group is killed on timeout or abort; output is capped; the file is removed afterwards. As with
 * the shell tool, the call returns when Python exits: a child process it started in the
 * background that still holds the output pipes is left running and its later output is not read.
 */
export function createExecutePythonCode(
  options: ExecutePythonCodeOptions = {},
): ToolDefinition<{ code: string; timeout?: number }> {
  const python = options.pythonPath ?? (process.platform === "win32" ? "python" : "python3");
  return {
    name: "execute_python_code",
    description:
      "Execute the given python code in a temp file and capture the return code, standard output and error. Note you must `print` the output to get the result, and the tmp file will be removed right after the execution.",
    parameters: pythonParameters,
    async execute({ code, timeout = 300 }, context) {
      const dir = await mkdtemp(join(tmpdir(), "agentscope-python-"));
      try {
        const file = join(dir, `tmp_${shortUuid()}.py`);
        await writeFile(file, code, "utf8");
        const result = await runProcess({
          command: python,
          args: ["-u", file],
          cwd: options.cwd,
          env: { ...(options.env ?? process.env), PYTHONUTF8: "1", PYTHONIOENCODING: "utf-8" },
          timeoutMs: timeout * 1000,
          signal: context.signal,
          maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
          ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
        });
        return formatProcessResult(result, timeout, "code");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The `execute_python_code` tool with default options, ready to register. */
export const executePythonCode = createExecutePythonCode();
