import { type ToolCallKwargs, type ToolMiddleware, toolResponse } from "@agentscope-ts/core";

/**
 * What happens when the agent calls a tool that runs code: `allow` (`--yes`), `ask` the user
 * (chat), or `refuse` with a result telling the model why (`run` without `--yes`).
 */
export type ConfirmPolicy = "allow" | "ask" | "refuse";

/** The tools that run arbitrary code on the user's machine and so need consent. */
export const CONFIRMED_TOOLS: ReadonlySet<string> = new Set([
  "execute_shell_command",
  "execute_python_code",
]);

/** Asks the user a yes/no question; resolves `false` for no, an empty answer or closed input. */
export type AskUser = (question: string, signal: AbortSignal) => Promise<boolean>;

/** The tool result the model gets when `run` refuses a code tool (it names `--yes`). */
export function refusedInRunText(toolName: string): string {
  return `The user did not allow ${toolName}: this non-interactive run cannot ask for permission, and shell and Python tools only run when agentscope is started with --yes. Do not call it again; answer with what you can, and say that the task needs --yes if it does.`;
}

/** The tool result the model gets when the user answers "no". */
export function declinedText(toolName: string): string {
  return `The user did not allow this ${toolName} call. Do not run it again unless the user asks for it; continue without it or ask the user how to proceed.`;
}

const MAX_SHOWN = 400;

/** A short description of a code tool call for the confirmation question. */
export function describeCall(name: string, input: Record<string, unknown>): string {
  const body =
    typeof input.command === "string"
      ? input.command
      : typeof input.code === "string"
        ? input.code
        : JSON.stringify(input);
  const shown =
    body.length > MAX_SHOWN ? `${body.slice(0, MAX_SHOWN)}… (${body.length} chars)` : body;
  return shown.includes("\n") ? `${name}:\n${shown}\n` : `${name}: ${shown} `;
}

/**
 * A Toolkit middleware that guards the code-running tools ({@link CONFIRMED_TOOLS}) by `policy`:
 * other tools pass through. A refused or declined call answers with a tool result the model can
 * read instead of running.
 */
export function confirmationMiddleware(policy: ConfirmPolicy, ask?: AskUser): ToolMiddleware {
  return async function* confirm(kwargs: ToolCallKwargs, next) {
    const { toolCall } = kwargs;
    if (policy === "allow" || !CONFIRMED_TOOLS.has(toolCall.name)) {
      yield* next(kwargs);
      return;
    }
    if (policy === "refuse" || !ask) {
      yield toolResponse(refusedInRunText(toolCall.name));
      return;
    }
    const question = `Allow ${describeCall(toolCall.name, toolCall.input)}? [y/N] `;
    if (await ask(question, kwargs.signal)) {
      yield* next(kwargs);
      return;
    }
    yield toolResponse(declinedText(toolCall.name));
  };
}
