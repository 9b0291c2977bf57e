import type { TextBlock, ToolUseBlock } from "../message/content-block.js";
import { unwatchAbort, watchAbort } from "../utils/abort-watch.js";
import { timerLimit } from "../utils/limit-option.js";
import { isPromiseLike } from "../utils/promise-like.js";
import { shortUuid } from "../utils/short-uuid.js";
import { untilAborted } from "../utils/until-aborted.js";
import type { ToolPostprocessFunc } from "./registered-tool-function.js";
import type { ToolContext, ToolDefinition } from "./tool-definition.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";

/** The text AgentScope adds to a tool result when the call was interrupted. */
export const TOOL_INTERRUPTED_TEXT =
  "<system-info>The tool call has been interrupted by the user.</system-info>";

const ABORTED: unique symbol = Symbol("aborted");

/** Resolves with the promise's value, or with {@link ABORTED} as soon as `signal` aborts. */
function settleOrAbort<T>(
  promise: PromiseLike<T>,
  signal: AbortSignal,
): Promise<T | typeof ABORTED> {
  return untilAborted(promise, signal).catch((error: unknown) => {
    if (signal.aborted && error === signal.reason) return ABORTED;
    throw error;
  });
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";

/** Fills the fields a hand-built response may lack; returns `undefined` when it is no response. */
function asToolResponse(value: unknown): ToolResponse | undefined {
  if (typeof value === "string") return toolResponse(value);
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Partial<ToolResponse>;
  if (!Array.isArray(r.content)) return undefined;
  if (
    typeof r.id === "string" &&
    typeof r.stream === "boolean" &&
    typeof r.isLast === "boolean" &&
    typeof r.isInterrupted === "boolean"
  ) {
    return r as ToolResponse;
  }
  return {
    ...r,
    content: r.content,
    stream: r.stream ?? false,
    isLast: r.isLast ?? true,
    isInterrupted: r.isInterrupted ?? false,
    id: r.id ?? shortUuid(),
  };
}

const describeValue = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** The message of anything thrown. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const textBlock = (text: string): TextBlock => ({ type: "text", text });

/** A final result carrying `text` after the content already streamed (if any). */
function finalWith(
  last: ToolResponse | undefined,
  text: string,
  interrupted: boolean,
): ToolResponse {
  if (last) {
    return {
      ...last,
      content: [...last.content, textBlock(text)],
      isLast: true,
      isInterrupted: interrupted || last.isInterrupted,
    };
  }
  return toolResponse(text, { isInterrupted: interrupted, stream: interrupted });
}

/** What {@link runTool} needs to know about the tool being run. */
export interface RunToolOptions {
  /** The tool to run. */
  tool: ToolDefinition;
  /** The call being answered (passed to the postprocess function). */
  toolCall: ToolUseBlock;
  /** The validated input. */
  input: Record<string, unknown>;
  /** The signal, call id and agent handed to the tool. */
  context: ToolContext;
  /** Sees and may replace every response. */
  postprocessFunc?: ToolPostprocessFunc | undefined;
  /**
   * Milliseconds the tool may run; past it the tool's signal aborts and the call ends with an
   * error result saying so. `null` or `undefined` = no limit.
   */
  executionTimeout?: number | null | undefined;
}

/** The text of the error result of a tool that ran past its execution timeout. */
export function toolTimeoutText(toolName: string, ms: number): string {
  return `Error: The tool '${toolName}' did not finish within ${ms} ms (its executionTimeout) and was stopped. Try again with a smaller task or narrower arguments.`;
}

/**
 * The signal a tool runs with: it aborts when `parent` does or once `ms` pass (then `timedOut`
 * is true). Without a limit it is `parent` itself. The timer is only armed ({@link arm}) when the
 * tool returns a promise or a stream, and runs from then: a synchronous result needs none (no
 * timer could fire while the tool runs synchronously anyway).
 */
class ToolSignal {
  readonly signal: AbortSignal;
  timedOut = false;
  readonly #parent: AbortSignal;
  readonly #ms: number | undefined;
  readonly #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort = () => this.#controller?.abort(this.#parent.reason);

  constructor(parent: AbortSignal, ms: number | null | undefined) {
    this.#parent = parent;
    // Past 2^31 - 1 ms `setTimeout` fires at once: such a limit means none.
    const limit = timerLimit(ms);
    if (limit === undefined || parent.aborted) {
      this.signal = parent;
      return;
    }
    this.#ms = limit;
    this.#controller = new AbortController();
    this.signal = this.#controller.signal;
    watchAbort(parent, this.#onAbort);
  }

  /** Whether the tool's signal is its own (a limit applies), not the parent's. */
  get limited(): boolean {
    return this.#controller !== undefined;
  }

  /** Starts the timer (once). */
  arm(): void {
    const ms = this.#ms;
    const controller = this.#controller;
    if (ms === undefined || !controller || this.#timer !== undefined || this.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      controller.abort(new Error(`executionTimeout of ${ms} ms exceeded`));
    }, ms);
    // A call whose consumer stopped reading (without closing) must not keep Node running.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Stops the timer and detaches from the parent signal. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#controller) unwatchAbort(this.#parent, this.#onAbort);
  }
}

/**
 * Runs one tool and yields its responses, never throwing: a string becomes a text response, a
 * streaming tool's (cumulative) chunks pass through, a thrown error becomes `Error: <message>`
 * (after whatever was streamed), and an abort ends the call at once with an interrupted result
 * (AgentScope's `<system-info>` text, appended to the last chunk for a streaming tool). A tool
 * past `executionTimeout` is aborted through its signal and ends with an error result saying so.
 * Each response goes through `postprocessFunc`.
 */
export function runTool(options: RunToolOptions): AsyncGenerator<ToolResponse, void> {
  return runToolCall(() => options);
}

/**
 * How a tool call starts (see {@link runToolCall}): the tool to run, or the call's one response
 * when it does not run (an unknown tool, bad arguments, a background task), possibly still coming.
 */
export type ToolCallStart = RunToolOptions | ToolResponse | Promise<ToolResponse>;

const same = (response: ToolResponse): ToolResponse => response;

/**
 * {@link runTool} for a call whose checks run when it is first read: `start()` says how it
 * starts (a throw or a rejection becomes an `Error: <message>` response), and every response goes
 * through `map` (a toolkit's output cap): {@link startToolCall} run on the first read (internal).
 */
export async function* runToolCall(
  start: () => ToolCallStart,
  map: (response: ToolResponse) => ToolResponse = same,
): AsyncGenerator<ToolResponse, void> {
  const first = startToolCall(start, map);
  if (isAsyncIterable(first)) yield* first;
  else yield first;
}

/**
 * {@link runToolCall} for a caller that reads the call at once: it starts now, and a call that
 * ends without waiting — a tool that returns a value (no postprocess function), an unknown tool,
 * bad arguments — is its one response, with no generator, promise or signal made for it (the
 * agent's usual tool call; issue 35). Any other call is the generator of its responses.
 */
export function startToolCall(
  start: () => ToolCallStart,
  map: (response: ToolResponse) => ToolResponse = same,
): ToolResponse | AsyncGenerator<ToolResponse, void> {
  let started: ToolCallStart;
  try {
    started = start();
  } catch (error) {
    return map(toolResponse(`Error: ${errorMessage(error)}`));
  }
  if (started instanceof Promise) return awaitedResponse(started, map);
  if (!("context" in started)) return map(started);
  const options = started;
  if (options.postprocessFunc || options.context.signal.aborted) return toolRun(options, map);
  const timeout = new ToolSignal(options.context.signal, options.executionTimeout);
  let raw: unknown;
  try {
    raw = options.tool.execute(options.input, toolContext(options, timeout));
  } catch (error) {
    const aborted = timeout.signal.aborted;
    timeout.dispose();
    return map(
      aborted
        ? abortedResponse(options, timeout, undefined)
        : toolResponse(`Error: ${errorMessage(error)}`),
    );
  }
  if (isPromiseLike(raw) || (isAsyncIterable(raw) && typeof raw !== "string")) {
    return toolRun(options, map, { timeout, raw });
  }
  timeout.dispose();
  return map(asToolResponse(raw) ?? wrongReturn(raw));
}

// A call that starts with a response still coming (a background task's start).
async function* awaitedResponse(
  started: Promise<ToolResponse>,
  map: (response: ToolResponse) => ToolResponse,
): AsyncGenerator<ToolResponse, void> {
  let response: ToolResponse;
  try {
    response = await started;
  } catch (error) {
    response = toolResponse(`Error: ${errorMessage(error)}`);
  }
  yield map(response);
}

// The context the tool gets: with its own signal when a limit applies. (Not a getter creating
// the signal on first read: an object literal with an accessor costs more, ≈ 0.3 µs, than the
// signal itself on Node 22+.)
function toolContext(options: RunToolOptions, timeout: ToolSignal): ToolContext {
  return timeout.limited ? { ...options.context, signal: timeout.signal } : options.context;
}

// The final response of a call that was aborted, or stopped past its execution timeout.
function abortedResponse(
  options: RunToolOptions,
  timeout: ToolSignal,
  last: ToolResponse | undefined,
): ToolResponse {
  return timeout.timedOut
    ? finalWith(
        last,
        toolTimeoutText(options.toolCall.name, options.executionTimeout as number),
        false,
      )
    : finalWith(last, TOOL_INTERRUPTED_TEXT, true);
}

const wrongReturn = (result: unknown): ToolResponse =>
  toolResponse(
    `Error: The tool function must return a ToolResponse, a string or an AsyncIterable of ToolResponses, but got ${describeValue(result)}.`,
  );

/**
 * The responses of a started call: runs the tool (unless `executed` holds what it already
 * returned, with its signal), waits for a promise, reads a stream, applies the postprocess
 * function and `map`, and ends on abort or timeout.
 */
async function* toolRun(
  options: RunToolOptions,
  map: (response: ToolResponse) => ToolResponse,
  executed?: { timeout: ToolSignal; raw: unknown },
): AsyncGenerator<ToolResponse, void> {
  const { tool, toolCall, input, postprocessFunc } = options;
  const timeout =
    executed?.timeout ?? new ToolSignal(options.context.signal, options.executionTimeout);
  const abortedWith = (last: ToolResponse | undefined) => abortedResponse(options, timeout, last);
  const post = postprocessFunc
    ? async (response: ToolResponse): Promise<ToolResponse> => {
        try {
          return (await postprocessFunc(toolCall, response)) ?? response;
        } catch (error) {
          return toolResponse(`Error: The postprocess function failed: ${errorMessage(error)}`);
        }
      }
    : undefined;
  // A response that ends the call: through `post`, then `map` (a promise only with `post`; the
  // generator's `yield` awaits it).
  const finish = (response: ToolResponse): ToolResponse | Promise<ToolResponse> =>
    post ? post(response).then(map) : map(response);

  try {
    if (!executed && timeout.signal.aborted) {
      yield finish(abortedWith(undefined));
      return;
    }
    let result: unknown;
    try {
      const raw: unknown = executed
        ? executed.raw
        : tool.execute(input, toolContext(options, timeout));
      if (isPromiseLike(raw)) {
        timeout.arm();
        result = await settleOrAbort(raw, timeout.signal);
      } else {
        result = raw;
      }
    } catch (error) {
      if (!timeout.signal.aborted) {
        yield finish(toolResponse(`Error: ${errorMessage(error)}`));
        return;
      }
      result = ABORTED;
    }
    if (result === ABORTED) {
      yield finish(abortedWith(undefined));
      return;
    }

    if (!isAsyncIterable(result) || typeof result === "string") {
      yield finish(asToolResponse(result) ?? wrongReturn(result));
      return;
    }
    timeout.arm();
    const chunks = streamed(result, timeout.signal, abortedWith, post);
    if (map === same) yield* chunks;
    else for await (const chunk of chunks) yield map(chunk);
  } finally {
    timeout.dispose();
  }
}

// The chunks of a streaming tool (each through `post`), ended early on abort or a bad chunk.
async function* streamed(
  result: AsyncIterable<unknown>,
  signal: AbortSignal,
  abortedWith: (last: ToolResponse | undefined) => ToolResponse,
  postprocess: ((response: ToolResponse) => Promise<ToolResponse>) | undefined,
): AsyncGenerator<ToolResponse, void> {
  const post = postprocess ?? (async (response: ToolResponse) => response);
  const iterator = result[Symbol.asyncIterator]();
  let last: ToolResponse | undefined;
  let finished = false;
  const stop = () => {
    finished = true;
    try {
      // Not awaited: a generator stuck in an await would hold us here.
      Promise.resolve(iterator.return?.()).catch(() => {});
    } catch {
      // A broken return() must not hide the result.
    }
  };
  try {
    while (true) {
      let step: IteratorResult<unknown> | typeof ABORTED;
      try {
        step = await settleOrAbort(iterator.next(), signal);
      } catch (error) {
        finished = true;
        yield await post(
          signal.aborted
            ? abortedWith(last)
            : finalWith(last, `Error: ${errorMessage(error)}`, false),
        );
        return;
      }
      if (step === ABORTED) {
        stop();
        yield await post(abortedWith(last));
        return;
      }
      if (step.done) {
        finished = true;
        return;
      }
      const chunk = asToolResponse(step.value);
      if (!chunk) {
        stop();
        yield await post(
          finalWith(
            last,
            `Error: A streaming tool must yield ToolResponses, but got ${describeValue(step.value)}.`,
            false,
          ),
        );
        return;
      }
      last = chunk;
      yield await post(chunk);
    }
  } finally {
    // The caller stopped early (break / return): let the tool clean up.
    if (!finished) stop();
  }
}
