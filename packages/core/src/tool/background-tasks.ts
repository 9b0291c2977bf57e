import type { ToolResultOutputBlock, ToolUseBlock } from "../message/content-block.js";
import { shortUuid } from "../utils/short-uuid.js";
import type { ToolPostprocessFunc } from "./registered-tool-function.js";
import { errorMessage } from "./run-tool.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";

/** The text of a background task cancelled by `cancel_task`, an interrupt or `dispose` (AgentScope's). */
export const TASK_CANCELLED_TEXT =
  "<system-info>The tool call has been cancelled by the user.</system-info>";

/** The most finished results kept unread; past it the oldest is dropped. */
export const MAX_UNREAD_TASK_RESULTS = 256;

/**
 * Default {@link BackgroundTasksOptions.maxBufferChars}: 200 000 characters of one task's output
 * kept until it is read (twice the default `maxOutputChars` of one tool result).
 */
export const DEFAULT_TASK_MAX_BUFFER_CHARS = 200_000;

/** The note put before a background task's output when its oldest chunks were dropped. */
export function taskBufferNote(chunks: number, chars: number, maxChars: number): string {
  return `[Background task output truncated: the ${chunks} oldest chunk(s) (${chars} characters) were dropped to keep the buffer under ${maxChars} characters; the latest output follows.]`;
}

/** Options of {@link BackgroundTasks}. */
export interface BackgroundTasksOptions {
  /**
   * The most characters one task's output (its chunks concatenated) may hold until
   * `view_task`/`wait_task` reads it; past it the oldest chunks are dropped and a note saying so
   * comes first. Default {@link DEFAULT_TASK_MAX_BUFFER_CHARS}; `null` = no cap.
   */
  maxBufferChars?: number | null;
}

/** AgentScope's answer to a tool call that started in the background. */
export function taskStartedText(toolName: string, taskId: string): string {
  return `<system-reminder>Tool '${toolName}' is executing asynchronously. Task ID: ${taskId}. Use view_task('${taskId}') to check status, wait_task('${taskId}') to wait for completion, or cancel_task('${taskId}') to cancel the task.</system-reminder>`;
}

const invalidTaskId = (taskId: string) =>
  toolResponse(`InvalidTaskIdError: Cannot find async task with ID ${taskId}.`);

interface RunningTask {
  readonly controller: AbortController;
  readonly done: Promise<void>;
}

/**
 * The tool calls running in the background (AgentScope's `async_execution`): each is started with
 * a task id, runs to its end (its chunks concatenated into one result, as AgentScope does), and
 * its result waits here until `view`/`wait` hands it over once. Cancelling aborts the tool
 * through its signal.
 */
export class BackgroundTasks {
  readonly #running = new Map<string, RunningTask>();
  readonly #results = new Map<string, ToolResponse>();
  /** The buffer cap of tasks started from now on (see {@link BackgroundTasksOptions}). */
  maxBufferChars: number | null;

  constructor(options: BackgroundTasksOptions = {}) {
    this.maxBufferChars =
      options.maxBufferChars === undefined ? DEFAULT_TASK_MAX_BUFFER_CHARS : options.maxBufferChars;
  }

  /** The ids of the tasks still running. */
  get runningIds(): string[] {
    return [...this.#running.keys()];
  }

  /** The ids of the finished tasks whose result has not been read yet. */
  get finishedIds(): string[] {
    return [...this.#results.keys()];
  }

  /**
   * Starts `run` in the background and returns its task id. Aborting `parent` (the interrupt of
   * the reply that started it) cancels the task; `postprocessFunc` sees the final result.
   */
  start(
    run: (signal: AbortSignal) => AsyncIterable<ToolResponse>,
    options: {
      parent?: AbortSignal | undefined;
      toolCall: ToolUseBlock;
      postprocessFunc?: ToolPostprocessFunc | undefined;
    },
  ): string {
    const taskId = shortUuid();
    const controller = new AbortController();
    const parent = options.parent;
    const onAbort = () => this.cancel(taskId);
    parent?.addEventListener("abort", onAbort, { once: true });
    const done = (async () => {
      let result = await collect(run(controller.signal), this.maxBufferChars);
      const post = options.postprocessFunc;
      if (post && !controller.signal.aborted) {
        try {
          result = (await post(options.toolCall, result)) ?? result;
        } catch (error) {
          result = toolResponse(`Error during async execution: ${errorMessage(error)}`);
        }
      }
      parent?.removeEventListener("abort", onAbort);
      // A cancelled task already has its result.
      if (this.#running.get(taskId)?.controller !== controller) return;
      this.#running.delete(taskId);
      this.#store(taskId, result);
    })();
    this.#running.set(taskId, { controller, done });
    if (parent?.aborted) this.cancel(taskId);
    return taskId;
  }

  /** `view_task`: the result (handed over once) or `Task <id> is still running.` */
  view(taskId: string): ToolResponse {
    if (this.#running.has(taskId)) return toolResponse(`Task ${taskId} is still running.`);
    return this.#take(taskId) ?? invalidTaskId(taskId);
  }

  /** `wait_task`: waits up to `timeout` seconds for the result. */
  async wait(taskId: string, timeout = 10): Promise<ToolResponse> {
    const task = this.#running.get(taskId);
    if (!task) return this.#take(taskId) ?? invalidTaskId(taskId);
    const ms = Number.isFinite(timeout) ? Math.min(Math.max(timeout, 0) * 1000, 2_147_483_647) : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      task.done.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), ms);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut && this.#running.has(taskId)) {
      return toolResponse(`Task ${taskId} is still running after waiting for ${timeout} seconds.`);
    }
    return this.#take(taskId) ?? invalidTaskId(taskId);
  }

  /** `cancel_task`: aborts a running task; its result then says it was cancelled. */
  cancel(taskId: string): ToolResponse {
    const task = this.#running.get(taskId);
    if (!task) {
      return this.#results.has(taskId)
        ? toolResponse(`Task ${taskId} has already completed and cannot be cancelled.`)
        : invalidTaskId(taskId);
    }
    this.#running.delete(taskId);
    task.controller.abort(new Error(`Task ${taskId} was cancelled.`));
    this.#store(taskId, toolResponse(TASK_CANCELLED_TEXT, { isInterrupted: true, isLast: true }));
    return toolResponse(`Task ${taskId} has been cancelled.`);
  }

  /** Cancels every running task and waits for them to stop. */
  async cancelAll(): Promise<void> {
    const running = [...this.#running.entries()];
    for (const [taskId] of running) this.cancel(taskId);
    await Promise.allSettled(running.map(([, task]) => task.done));
  }

  #take(taskId: string): ToolResponse | undefined {
    const result = this.#results.get(taskId);
    this.#results.delete(taskId);
    return result;
  }

  #store(taskId: string, result: ToolResponse): void {
    this.#results.set(taskId, result);
    while (this.#results.size > MAX_UNREAD_TASK_RESULTS) {
      const oldest = this.#results.keys().next().value as string;
      this.#results.delete(oldest);
    }
  }
}

// What a chunk weighs against the buffer cap: its text, and the inline data or URL of media.
function blockChars(block: ToolResultOutputBlock): number {
  if (block?.type === "text") return typeof block.text === "string" ? block.text.length : 0;
  const source = (block as { source?: { data?: unknown; url?: unknown } }).source;
  const data = source?.data ?? source?.url;
  return typeof data === "string" ? data.length : 1;
}

/**
 * Runs a call to its end and concatenates the content of every chunk into one final result, as
 * AgentScope's background execution does (a streaming tool's cumulative chunks are all kept).
 * Unlike AgentScope, the buffer is capped at `maxChars`: the oldest chunks are dropped (never the
 * newest, which a streaming tool's cumulative chunks make the most complete) and a note says so.
 * O(1) amortised per chunk: a queue with a moving head, compacted when half of it is dropped.
 */
async function collect(
  chunks: AsyncIterable<ToolResponse>,
  maxChars: number | null,
): Promise<ToolResponse> {
  let kept: { content: ToolResultOutputBlock[]; chars: number }[] = [];
  let head = 0;
  let total = 0;
  let droppedChunks = 0;
  let droppedChars = 0;
  let last: ToolResponse | undefined;
  try {
    for await (const chunk of chunks) {
      let chars = 0;
      for (const block of chunk.content) chars += blockChars(block);
      kept.push({ content: chunk.content, chars });
      total += chars;
      last = chunk;
      while (maxChars !== null && total > maxChars && kept.length - head > 1) {
        const oldest = kept[head++] as { chars: number };
        total -= oldest.chars;
        droppedChunks++;
        droppedChars += oldest.chars;
      }
      if (head > 32 && head * 2 > kept.length) {
        kept = kept.slice(head);
        head = 0;
      }
    }
  } catch (error) {
    return toolResponse(`Error during async execution: ${errorMessage(error)}`);
  }
  const content: ToolResultOutputBlock[] = [];
  if (droppedChunks > 0 && maxChars !== null) {
    content.push({ type: "text", text: taskBufferNote(droppedChunks, droppedChars, maxChars) });
  }
  for (let i = head; i < kept.length; i++) content.push(...(kept[i]?.content ?? []));
  return {
    ...(last ?? toolResponse([])),
    content,
    stream: false,
    isLast: true,
    isInterrupted: last?.isInterrupted ?? false,
  };
}
