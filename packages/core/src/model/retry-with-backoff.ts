import { AgentScopeError } from "../errors/agentscope-error.js";
import { abortableSleep, interruptedErrorFrom } from "./abortable-sleep.js";
import { isRetryableError } from "./model-errors.js";

/** What {@link RetryOptions.onRetry} is told before each wait. */
export interface RetryInfo {
  /** The error that made the attempt fail. */
  error: unknown;
  /** The number of the attempt that failed, from 1. */
  attempt: number;
  /** How long we wait before the next attempt, in milliseconds. */
  delayMs: number;
}

/** Options of {@link retryWithBackoff}. */
export interface RetryOptions {
  /** Retries after the first attempt (so up to `maxRetries + 1` attempts). Default 2. */
  maxRetries?: number;
  /** The delay before the first retry, in milliseconds. Default 1000. */
  initialDelayMs?: number;
  /** The longest computed backoff delay, in milliseconds. Default 30 000. */
  maxDelayMs?: number;
  /** How much the delay grows per retry. Default 2. */
  factor?: number;
  /**
   * The random share taken off each backoff delay, 0..1 (0.5 waits between half and all of it).
   * Default 0.5; 0 disables jitter. A server's `retryAfterMs` is honoured exactly.
   */
  jitter?: number;
  /**
   * The longest `retryAfterMs` we wait for, in milliseconds. When a server asks for longer, the
   * error is thrown at once instead. Default 60 000.
   */
  maxRetryAfterMs?: number;
  /** Aborting it stops the retries, including a pending wait, with an `InterruptedError`. */
  signal?: AbortSignal;
  /** Decides whether an error is worth another attempt. Default: {@link isRetryableError}. */
  isRetryable?: (error: unknown) => boolean;
  /** Called before each wait (for logging or metrics). */
  onRetry?: (info: RetryInfo) => void;
}

function retryAfterOf(error: unknown): number | undefined {
  if (!AgentScopeError.isAgentScopeError(error)) return undefined;
  const value = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Runs `fn` and, when it fails with a retryable error, runs it again after an exponentially
 * growing, jittered delay: `initialDelayMs * factor^(retry-1)`, capped at `maxDelayMs`. An error's
 * `retryAfterMs` (from a `Retry-After` header) replaces the computed delay. After `maxRetries`
 * retries the last error is thrown unchanged; a non-retryable error is thrown at once. The waits
 * abort with `signal`. `fn` gets the attempt number, from 1.
 */
export async function retryWithBackoff<T>(
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const { signal } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw interruptedErrorFrom(signal);
    try {
      return await fn(attempt);
    } catch (error) {
      await waitBeforeRetry(error, attempt, options);
    }
  }
}

/**
 * The step between two attempts of {@link retryWithBackoff}, for callers that run their own attempt
 * loop: after attempt `attempt` failed with `error`, throws (an `InterruptedError` when `signal`
 * aborted, else `error` itself when it is not retryable, the retries are used up or the server
 * asks to wait longer than `maxRetryAfterMs`) or waits the backoff delay (telling `onRetry`).
 */
export function waitBeforeRetry(
  error: unknown,
  attempt: number,
  options: RetryOptions,
): Promise<void> {
  const { signal } = options;
  if (signal?.aborted) throw interruptedErrorFrom(signal);
  const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 2));
  const isRetryable = options.isRetryable ?? isRetryableError;
  if (attempt > maxRetries || !isRetryable(error)) throw error;
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined && retryAfter > (options.maxRetryAfterMs ?? 60_000)) throw error;
  let delayMs: number;
  if (retryAfter !== undefined) {
    delayMs = retryAfter;
  } else {
    const initialDelayMs = options.initialDelayMs ?? 1000;
    const maxDelayMs = options.maxDelayMs ?? 30_000;
    const factor = options.factor ?? 2;
    const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.5));
    const base = Math.min(maxDelayMs, initialDelayMs * factor ** (attempt - 1));
    delayMs = Math.round(base * (1 - jitter * Math.random()));
  }
  options.onRetry?.({ error, attempt, delayMs });
  return abortableSleep(delayMs, signal);
}
