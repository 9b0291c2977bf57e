/** Options shared by every AgentScope-TS error. */
export interface AgentScopeErrorOptions {
  /** The underlying error, if this one wraps another. */
  cause?: unknown;
  /** Whether trying the same operation again may succeed. Defaults to `false`. */
  retryable?: boolean;
}

/**
 * The base class of every error AgentScope-TS throws. Its message names what failed and how to
 * fix it; `retryable` says whether repeating the same operation can help; `code` is a stable,
 * machine-readable name for the kind of failure.
 */
export class AgentScopeError extends Error {
  /** A stable name for this kind of failure, e.g. `"validation"` or `"model"`. */
  readonly code: string = "agentscope";
  /** Whether trying the same operation again may succeed. */
  readonly retryable: boolean;

  constructor(message: string, options: AgentScopeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retryable = options.retryable ?? false;
  }

  /** True when `value` is an AgentScope-TS error (works across duplicated package copies). */
  static isAgentScopeError(value: unknown): value is AgentScopeError {
    return (
      value instanceof AgentScopeError ||
      (value instanceof Error &&
        typeof (value as { code?: unknown }).code === "string" &&
        typeof (value as { retryable?: unknown }).retryable === "boolean")
    );
  }
}
