import { AgentScopeError, type AgentScopeErrorOptions } from "../errors/agentscope-error.js";

/** What {@link TruncationError} carries besides its message. */
export interface TruncationErrorOptions extends AgentScopeErrorOptions {
  /** The token budget that could not be met. */
  maxTokens: number;
  /** The tokens of the smallest message list truncation could reach. */
  tokens: number;
}

/**
 * Thrown by a truncating formatter when the messages cannot be cut down to `maxTokens`: the system
 * prompt alone is too long, or what is left holds a tool call without its result (a tool_use is
 * only dropped together with its tool_result). The message says which, and how to fix it.
 */
export class TruncationError extends AgentScopeError {
  override readonly code: string = "truncation";
  /** The token budget that could not be met. */
  readonly maxTokens: number;
  /** The tokens of the smallest message list truncation could reach. */
  readonly tokens: number;

  constructor(message: string, options: TruncationErrorOptions) {
    super(message, options);
    this.maxTokens = options.maxTokens;
    this.tokens = options.tokens;
  }
}
