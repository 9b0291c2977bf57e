import { AgentScopeError, type AgentScopeErrorOptions } from "./agentscope-error.js";

/** One problem found in a value: where it is and what is wrong. */
export interface ValidationIssue {
  /** Dotted path to the bad field, with array indices in brackets: `content[2].source.media_type`. */
  path: string;
  /** What is wrong there, e.g. `required` or `expected string, received number`. */
  message: string;
}

/**
 * Thrown when data from outside (a message dict, a session file, model output, tool input) does not
 * have the expected shape. The message lists every bad field by path.
 */
export class ValidationError extends AgentScopeError {
  override readonly code: string = "validation";
  /** Every problem found, in document order. */
  readonly issues: readonly ValidationIssue[];

  constructor(
    what: string,
    issues: readonly ValidationIssue[],
    options: AgentScopeErrorOptions & { hint?: string } = {},
  ) {
    const lines = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
    const body = lines.length === 1 ? ` ${lines[0]}` : `\n  ${lines.join("\n  ")}`;
    super(`Invalid ${what}:${body}${options.hint ? `\n${options.hint}` : ""}`, options);
    this.issues = issues;
  }
}
