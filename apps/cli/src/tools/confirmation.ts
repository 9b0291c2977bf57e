import {
  type ToolCallKwargs,
  type ToolMiddleware,
  type ToolUseBlock,
  toolResponse,
} from "@agentscope-ts/core";

/**
 * What happens when the agent calls a tool that writes or executes: `allow` (`--yes`), `ask` the
 * user (chat), or `refuse` with a result telling the model why (`run` without `--yes`).
 */
export type ConfirmPolicy = "allow" | "ask" | "refuse";

/**
 * The built-in tools that write files or run code on the user's machine and so need consent. MCP
 * tools need it too unless their server is marked `trusted` (see {@link needsConsent}).
 */
export const CONFIRMED_TOOLS: ReadonlySet<string> = new Set([
  "execute_shell_command",
  "execute_python_code",
  "write_text_file",
  "insert_text_file",
]);

/** Decides whether a call of the tool named `name` needs consent. */
export type ConsentRule = (name: string) => boolean;

/**
 * The CLI's rule: the built-in tools that write or execute ({@link CONFIRMED_TOOLS}), and every
 * tool of an MCP server not marked `trusted` (`mcpNameOf` says which server a tool came from).
 */
export function needsConsent(
  mcpNameOf: (name: string) => string | undefined,
  trustedServers: ReadonlySet<string>,
): ConsentRule {
  return (name) => {
    if (CONFIRMED_TOOLS.has(name)) return true;
    const server = mcpNameOf(name);
    return server !== undefined && !trustedServers.has(server);
  };
}

/**
 * Asks the user a yes/no question about `toolCall`; resolves `false` for no, an empty answer or
 * closed input.
 */
export type AskUser = (
  question: string,
  signal: AbortSignal,
  toolCall: ToolUseBlock,
) => Promise<boolean>;

/** The tool result the model gets when `run` refuses a code tool (it names `--yes`). */
export function refusedInRunText(toolName: string): string {
  return `The user did not allow ${toolName}: this non-interactive run cannot ask for permission, and tools that write files, run code or call an MCP server not marked trusted only run when agentscope is started with --yes. Do not call it again; answer with what you can, and say that the task needs --yes if it does.`;
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
 * A Toolkit middleware that guards the tools `guarded` picks (default: {@link CONFIRMED_TOOLS}) by
 * `policy`: other tools pass through. A refused or declined call answers with a tool result the
 * model can read instead of running.
 */
export function confirmationMiddleware(
  policy: ConfirmPolicy,
  ask?: AskUser,
  guarded: ConsentRule = (name) => CONFIRMED_TOOLS.has(name),
): ToolMiddleware {
  return async function* confirm(kwargs: ToolCallKwargs, next) {
    const { toolCall } = kwargs;
    if (policy === "allow" || !guarded(toolCall.name)) {
      yield* next(kwargs);
      return;
    }
    if (policy === "refuse" || !ask) {
      yield toolResponse(refusedInRunText(toolCall.name));
      return;
    }
    const question = `Allow ${describeCall(toolCall.name, toolCall.input)}? [y/N] `;
    if (await ask(question, kwargs.signal, toolCall)) {
      yield* next(kwargs);
      return;
    }
    yield toolResponse(declinedText(toolCall.name));
  };
}
