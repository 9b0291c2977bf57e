import type { TextBlock, ToolUseBlock } from "../message/content-block.js";
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

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

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
 * A signal that aborts when `parent` does or when `ms` pass (then `timedOut()` is true), and
 * `dispose` to stop the timer and detach. Without `ms`, it is `parent` itself.
 */
function withTimeout(parent: AbortSignal, ms: number | null | undefined) {
  // Past 2^31 - 1 ms `setTimeout` fires at once: such a limit means none.
  if (ms == null || !Number.isFinite(ms) || ms <= 0 || ms > 2_147_483_647 || parent.aborted) {
    return { signal: parent, timedOut: () => false, dispose: () => {} };
  }
  const controller = new AbortController();
  let fired = false;
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new Error(`executionTimeout of ${ms} ms exceeded`));
  }, ms);
  // A call whose consumer stopped reading (without closing) must not keep Node running.
  (timer as { unref?: () => void }).unref?.();
  return {
    signal: controller.signal,
    timedOut: () => fired,
    dispose: () => {
      clearTimeout(timer);
      parent.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * Runs one tool and yields its responses, never throwing: a string becomes a text response, a
 * streaming tool's (cumulative) chunks pass through, a thrown error becomes `Error: <message>`
 * (after whatever was streamed), and an abort ends the call at once with an interrupted result
 * (AgentScope's `<system-info>` text, appended to the last chunk for a streaming tool). A tool
 * past `executionTimeout` is aborted through its signal and ends with an error result saying so.
 * Each response goes through `postprocessFunc`.
 */
export async function* runTool(options: RunToolOptions): AsyncGenerator<ToolResponse, void> {
  const timeout = withTimeout(options.context.signal, options.executionTimeout);
  try {
    yield* runWithSignal(options, timeout.signal, () =>
      timeout.timedOut()
        ? {
            text: toolTimeoutText(options.toolCall.name, options.executionTimeout as number),
            interrupted: false,
          }
        : { text: TOOL_INTERRUPTED_TEXT, interrupted: true },
    );
  } finally {
    timeout.dispose();
  }
}

async function* runWithSignal(
  options: RunToolOptions,
  signal: AbortSignal,
  aborted: () => { text: string; interrupted: boolean },
): AsyncGenerator<ToolResponse, void> {
  const { tool, toolCall, input, postprocessFunc } = options;
  const context = { ...options.context, signal };
  const abortedWith = (last: ToolResponse | undefined) => {
    const { text, interrupted } = aborted();
    return finalWith(last, text, interrupted);
  };

  const post = async (response: ToolResponse): Promise<ToolResponse> => {
    if (!postprocessFunc) return response;
    try {
      return (await postprocessFunc(toolCall, response)) ?? response;
    } catch (error) {
      return toolResponse(`Error: The postprocess function failed: ${errorMessage(error)}`);
    }
  };

  if (signal.aborted) {
    yield await post(abortedWith(undefined));
    return;
  }

  let result: unknown;
  try {
    const raw: unknown = tool.execute(input, context);
    result = isPromiseLike(raw) ? await settleOrAbort(raw, signal) : raw;
  } catch (error) {
    if (!signal.aborted) {
      yield await post(toolResponse(`Error: ${errorMessage(error)}`));
      return;
    }
    result = ABORTED;
  }
  if (result === ABORTED) {
    yield await post(abortedWith(undefined));
    return;
  }

  if (!isAsyncIterable(result) || typeof result === "string") {
    const response = asToolResponse(result);
    yield await post(
      response ??
        toolResponse(
          `Error: The tool function must return a ToolResponse, a string or an AsyncIterable of ToolResponses, but got ${describeValue(result)}.`,
        ),
    );
    return;
  }

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
