import { AgentScopeError, ModelError } from "@agentscope-ts/core";

/** Exit codes of the `agentscope` command. */
export const EXIT = {
  /** Success. */
  ok: 0,
  /** The task failed (model, tool or MCP server error). */
  failure: 1,
  /** The command line is wrong (unknown flag, bad model name, missing key). */
  usage: 2,
  /** Stopped by Ctrl-C. */
  interrupted: 130,
} as const;

/**
 * An error the user can act on: `message` is one line saying what went wrong and what to do, and
 * `exitCode` is what the process exits with. Printed without a stack trace (unless `--debug`).
 */
export class CliError extends Error {
  /** The process exit code for this error. */
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = "CliError";
    this.exitCode = options.exitCode ?? EXIT.failure;
  }
}

/** One line for any error: its message with newlines folded, so the terminal shows one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function statusAdvice(error: ModelError): string {
  const provider = error.provider ?? "the provider";
  switch (error.status) {
    case 401:
    case 403:
      return `; check the API key of ${provider} (or --base-url)`;
    case 404:
      return "; check the model name in --model (and --base-url)";
    case 429:
      return "; you hit a rate limit or quota, wait and try again";
    case undefined:
      // Provider packages name the host and port in the message ("network error reaching HOST…").
      return /network error|timed out/i.test(error.message)
        ? "; check your network connection and the server address (--base-url)"
        : "";
    default:
      return error.status >= 500 ? "; the provider failed, try again later" : "";
  }
}

/**
 * The one-line text shown for `error`: CLI errors as they are; model errors with advice by HTTP
 * status; other AgentScope errors by their message; anything else as `name: message`.
 */
export function describeError(error: unknown): string {
  if (error instanceof CliError) return oneLine(error.message);
  if (error instanceof ModelError) {
    const message = oneLine(error.message);
    if (error.name === "ModelDownloadError") return message;
    return `${message}${statusAdvice(error)}`;
  }
  if (AgentScopeError.isAgentScopeError(error)) return oneLine(error.message);
  if (error instanceof Error) return oneLine(`${error.name}: ${error.message}`);
  return oneLine(String(error));
}

/** The text printed on stderr for a fatal error: one line, or the full stack with `--debug`. */
export function formatFatal(error: unknown, debug: boolean): string {
  const line = `agentscope: ${describeError(error)}`;
  if (!debug) return `${line}\n`;
  const stack = error instanceof Error && error.stack ? error.stack : String(error);
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : undefined;
  const causeText = cause instanceof Error ? `\nCaused by: ${cause.stack ?? cause.message}` : "";
  return `${line}\n${stack}${causeText}\n`;
}

/** The exit code for an error: a CliError's own, else 1. */
export function exitCodeOf(error: unknown): number {
  return error instanceof CliError ? error.exitCode : EXIT.failure;
}
