export {
  createExecutePythonCode,
  type ExecutePythonCodeOptions,
  executePythonCode,
} from "./execute-python-code.js";
export {
  type CodeToolOptions,
  createExecuteShellCommand,
  DEFAULT_MAX_OUTPUT_BYTES,
  type ExecuteShellCommandOptions,
  executeShellCommand,
  formatProcessResult,
} from "./execute-shell-command.js";
export { insertTextFile } from "./insert-text-file.js";
export { type ProcessResult, type RunProcessOptions, runProcess } from "./run-process.js";
export { viewTextFile } from "./view-text-file.js";
export { writeTextFile } from "./write-text-file.js";
