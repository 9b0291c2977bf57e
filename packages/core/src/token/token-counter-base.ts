/**
 * Counts the tokens of formatted provider messages (and optionally tool schemas): AgentScope's
 * `TokenCounterBase`. A `tokenCounter` option accepts anything with this `count` method.
 */
export interface TokenCounter {
  /** The number of tokens `messages` (a formatter's output) and `tools` (JSON schemas) take. */
  count(messages: readonly Record<string, unknown>[], tools?: readonly unknown[]): Promise<number>;
}

/** Base class for token counters; subclasses implement {@link TokenCounter.count}. */
export abstract class TokenCounterBase implements TokenCounter {
  abstract count(
    messages: readonly Record<string, unknown>[],
    tools?: readonly unknown[],
  ): Promise<number>;
}
