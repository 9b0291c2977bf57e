/**
 * Counts the tokens of formatted provider messages (and optionally tool schemas): AgentScope's
 * `TokenCounterBase`. A `tokenCounter` option accepts anything with this `count` method.
 * `TMessage` is the message type it reads: `object` for a counter that reads any formatter's
 * output (like `CharTokenCounter`), a provider's message type for one that reads only that.
 */
export interface TokenCounter<TMessage extends object = object> {
  /** The number of tokens `messages` (a formatter's output) and `tools` (JSON schemas) take. */
  count(messages: readonly TMessage[], tools?: readonly unknown[]): Promise<number>;
}

/** Base class for token counters; subclasses implement {@link TokenCounter.count}. */
export abstract class TokenCounterBase<TMessage extends object = object>
  implements TokenCounter<TMessage>
{
  abstract count(messages: readonly TMessage[], tools?: readonly unknown[]): Promise<number>;
}
