import type { AgentScopeErrorOptions } from "./agentscope-error.js";
import { ValidationError, type ValidationIssue } from "./validation-error.js";

/**
 * The most characters of the model's last text a {@link StructuredOutputError} keeps (in
 * `lastText` and in its message); longer texts keep their start and say how long they were.
 */
export const STRUCTURED_OUTPUT_TEXT_LIMIT = 1000;

/** Why a structured-output call failed: no structured answer at all, or one that did not fit. */
export type StructuredOutputFailure = "missing" | "invalid";

/** What a {@link StructuredOutputError} is built from. */
export interface StructuredOutputErrorOptions extends AgentScopeErrorOptions {
  /** `"missing"`: the model never gave a structured answer; `"invalid"`: it did not fit. */
  reason: StructuredOutputFailure;
  /** Who asked, e.g. `The openai model gpt-4.1` or `Agent 'Friday'`. */
  source: string;
  /** How the answer was expected (e.g. `by calling generate_response`), for the message. */
  expected: string;
  /** For `"invalid"`: every field that failed the schema. */
  issues?: readonly ValidationIssue[];
  /** The last text the model produced (kept up to {@link STRUCTURED_OUTPUT_TEXT_LIMIT} chars). */
  lastText: string;
  /** How to fix it; a default suggestion is used otherwise. */
  hint?: string;
}

/**
 * A call with a `structuredModel` ended without a value that passed the schema: the model gave no
 * structured answer (`reason: "missing"`), or one that failed validation (`reason: "invalid"`,
 * `issues` name the fields). `lastText` holds the last text the model produced, truncated. A
 * `ValidationError`, so code catching those catches this too.
 */
export class StructuredOutputError extends ValidationError {
  override readonly code: string = "structured_output";
  /** `"missing"` (no structured answer) or `"invalid"` (it failed the schema). */
  readonly reason: StructuredOutputFailure;
  /** The last text the model produced, at most {@link STRUCTURED_OUTPUT_TEXT_LIMIT} chars. */
  readonly lastText: string;

  constructor(options: StructuredOutputErrorOptions) {
    const lastText = truncateText(options.lastText);
    const issues: readonly ValidationIssue[] =
      options.reason === "invalid" && options.issues && options.issues.length > 0
        ? options.issues
        : [
            {
              path: "",
              message:
                options.reason === "invalid"
                  ? `${options.source} gave a structured answer that does not fit the schema`
                  : `${options.source} gave no structured answer (expected ${options.expected})`,
            },
          ];
    const said = lastText ? `"${lastText}"` : "(no text)";
    const hint =
      options.hint ??
      "Make the schema easier to fill (fewer required fields, descriptions on each), say in the prompt what to return, or allow more attempts.";
    super("structured output", issues, {
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
      hint: `${options.reason === "invalid" ? `${options.source} answered ${options.expected}, but the answer failed the schema. ` : ""}The model's last text: ${said}\n${hint}`,
    });
    this.reason = options.reason;
    this.lastText = lastText;
  }
}

function truncateText(text: string): string {
  if (text.length <= STRUCTURED_OUTPUT_TEXT_LIMIT) return text;
  const note = `… (${text.length} chars in all)`;
  return `${text.slice(0, STRUCTURED_OUTPUT_TEXT_LIMIT - note.length)}${note}`;
}
