import type { UserInputFunction, UserInputRequest, UserInputSource } from "@agentscope-ts/core";

function asFunction(source: UserInputSource): UserInputFunction {
  return typeof source === "function" ? source : (request) => source.call(request);
}

/**
 * One input source made of several: asks all of them, answers with the first answer and stops
 * the others (their signal is aborted), e.g. the terminal and Studio for the same `UserAgent`.
 * An interrupt of the agent stops them all.
 */
export function firstUserInput(...sources: UserInputSource[]): UserInputFunction {
  const inputs = sources.map(asFunction);
  return async (request: UserInputRequest) => {
    const done = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, done.signal]) : done.signal;
    try {
      return await Promise.any(inputs.map((input) => input({ ...request, signal })));
    } catch (error) {
      // Every source failed: report the first failure (an interrupt, when it was one).
      throw error instanceof AggregateError
        ? request.signal?.aborted
          ? request.signal.reason
          : error.errors[0]
        : error;
    } finally {
      done.abort();
    }
  };
}
