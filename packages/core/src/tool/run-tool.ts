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
}

/**
 * Runs one tool and yields its responses, never throwing: a string becomes a text response, a
 * streaming tool's (cumulative) chunks pass through, a thrown error becomes `Error: <message>`
 * (after whatever was streamed), and an abort ends the call at once with an interrupted result
 * (AgentScope's `<system-info>` text, appended to the last chunk for a streaming tool). Each
 * response goes through `postprocessFunc`.
 */
export async function* runTool(options: RunToolOptions): AsyncGenerator<ToolResponse, void> {
  const { tool, toolCall, input, context, postprocessFunc } = options;
  const { signal } = context;

  const post = async (response: ToolResponse): Promise<ToolResponse> => {
    if (!postprocessFunc) return response;
    try {
      return (await postprocessFunc(toolCall, response)) ?? response;
    } catch (error) {
      return toolResponse(`Error: The postprocess function failed: ${errorMessage(error)}`);
    }
  };

  if (signal.aborted) {
    yield await post(finalWith(undefined, TOOL_INTERRUPTED_TEXT, true));
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
    yield await post(finalWith(undefined, TOOL_INTERRUPTED_TEXT, true));
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
            ? finalWith(last, TOOL_INTERRUPTED_TEXT, true)
            : finalWith(last, `Error: ${errorMessage(error)}`, false),
        );
        return;
      }
      if (step === ABORTED) {
        stop();
        yield await post(finalWith(last, TOOL_INTERRUPTED_TEXT, true));
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
