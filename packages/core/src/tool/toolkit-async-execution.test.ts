import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { DEFAULT_TASK_MAX_BUFFER_CHARS, TASK_CANCELLED_TEXT } from "./background-tasks.js";
import { tool } from "./define-tool.js";
import type { ToolContext } from "./tool-definition.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";
import { Toolkit } from "./toolkit.js";

// AgentScope's tests/toolkit_async_execution_test.py, with gates instead of sleeps: a tool runs
// until the test opens its gate, so "still running" and "done" never depend on timing.

const text = (res: ToolResponse): string =>
  res.content.map((b) => (b.type === "text" ? b.text : "")).join("");

const call = (name: string, input: Record<string, unknown>): ToolUseBlock => ({
  type: "tool_use",
  id: "test-id",
  name,
  input,
});

/** A promise opened by hand. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves when the signal aborts (what a well-behaved tool listens to). */
const aborted = (context: ToolContext) =>
  new Promise<void>((resolve) => context.signal.addEventListener("abort", () => resolve()));

describe("Toolkit: background tool execution (async_execution)", () => {
  let toolkit: Toolkit;
  let release: ReturnType<typeof gate>;
  let sawAbort: boolean;

  const slowAsyncFunc = tool({
    name: "slow_async_func",
    description: "A slow async function for testing async execution.",
    parameters: z.object({ delay: z.number().describe("The time to sleep in seconds.") }),
    execute: async ({ delay }, context) => {
      await Promise.race([release.promise, aborted(context)]);
      if (context.signal.aborted) sawAbort = true;
      return toolResponse(`done after ${delay}s`);
    },
  });

  const slowAsyncGeneratorFunc = tool({
    name: "slow_async_generator_func",
    description: "A slow async generator function for testing async execution.",
    parameters: z.object({ delay: z.number().describe("The time to sleep in seconds.") }),
    execute: async function* () {
      yield toolResponse("chunk1", { stream: true, isLast: false });
      await release.promise;
      yield toolResponse("chunk1chunk2", { stream: true, isLast: true });
    },
  });

  beforeEach(() => {
    toolkit = new Toolkit();
    release = gate();
    sawAbort = false;
  });
  afterEach(async () => {
    release.open();
    await toolkit.dispose();
  });

  async function startAsyncTask(delay: number, signal?: AbortSignal): Promise<string> {
    toolkit.registerToolFunction(slowAsyncFunc, { asyncExecution: true });
    let taskId: string | undefined;
    for await (const chunk of toolkit.callTool(call("slow_async_func", { delay }), { signal })) {
      const t = text(chunk);
      if (t.includes("Task ID:")) taskId = t.split("Task ID:")[1]?.trim().split(".")[0]?.trim();
    }
    expect(taskId, "task_id should be present in response").toBeTruthy();
    return taskId as string;
  }

  it("answers at once with AgentScope's reminder naming the task", async () => {
    toolkit.registerToolFunction(slowAsyncFunc, { asyncExecution: true });
    const responses: ToolResponse[] = [];
    for await (const r of toolkit.callTool(call("slow_async_func", { delay: 5 })))
      responses.push(r);
    expect(responses).toHaveLength(1);
    const [taskId] = toolkit.tasks.runningIds;
    expect(text(responses[0] as ToolResponse)).toBe(
      `<system-reminder>Tool 'slow_async_func' is executing asynchronously. Task ID: ${taskId}. Use view_task('${taskId}') to check status, wait_task('${taskId}') to wait for completion, or cancel_task('${taskId}') to cancel the task.</system-reminder>`,
    );
  });

  it("offers view_task, wait_task and cancel_task with AgentScope's parameters", () => {
    toolkit.registerToolFunction(slowAsyncFunc, { asyncExecution: true });
    const schemas = Object.fromEntries(
      toolkit.getJsonSchemas().map((s) => [s.function.name, s.function]),
    );
    expect(Object.keys(schemas)).toEqual([
      "view_task",
      "wait_task",
      "cancel_task",
      "slow_async_func",
    ]);
    expect(schemas.view_task?.description).toBe(
      "View the status of an async tool task by its task ID.",
    );
    expect(schemas.wait_task?.parameters).toMatchObject({
      properties: {
        task_id: { type: "string", description: "The ID of the async tool task." },
        timeout: {
          type: "number",
          default: 10,
          description: "The maximum time to wait for the task to complete, in seconds.",
        },
      },
      required: ["task_id"],
    });
  });

  it("view_task returns 'still running' when task is not yet done", async () => {
    const taskId = await startAsyncTask(5.0);
    const res = await toolkit.viewTask(taskId);
    expect(text(res)).toContain(taskId);
    expect(text(res)).toContain("still running");
    expect(text(res)).toBe(`Task ${taskId} is still running.`);
    await toolkit.cancelTask(taskId);
  });

  it("view_task returns the result once the task has finished", async () => {
    const second = await startAsyncTask(0.05);
    release.open();
    // Wait for the task to finish
    while (toolkit.tasks.runningIds.length > 0) await new Promise((r) => setImmediate(r));
    const res = await toolkit.viewTask(second);
    expect(text(res)).toContain("done after 0.05s");
    // Result should have been consumed; task_id no longer tracked
    expect(toolkit.tasks.finishedIds).not.toContain(second);
    expect(toolkit.tasks.runningIds).not.toContain(second);
  });

  it("wait_task returns the result when task finishes before timeout", async () => {
    const taskId = await startAsyncTask(0.05);
    release.open();
    const res = await toolkit.waitTask(taskId, 5.0);
    expect(text(res)).toContain("done after 0.05s");
  });

  it("wait_task returns a timeout message when task exceeds timeout", async () => {
    const taskId = await startAsyncTask(5.0);
    const res = await toolkit.waitTask(taskId, 0.05);
    expect(text(res)).toContain("still running");
    expect(text(res)).toBe(`Task ${taskId} is still running after waiting for 0.05 seconds.`);
    // Task should still be alive after timeout
    expect(toolkit.tasks.runningIds).toContain(taskId);
    await toolkit.cancelTask(taskId);
  });

  it("cancel_task cancels a running task through its signal", async () => {
    const taskId = await startAsyncTask(5.0);
    const res = await toolkit.cancelTask(taskId);
    expect(text(res).toLowerCase()).toContain("cancelled");
    expect(text(res)).toBe(`Task ${taskId} has been cancelled.`);
    // Task should be removed from active tasks
    expect(toolkit.tasks.runningIds).not.toContain(taskId);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sawAbort).toBe(true);
    const result = await toolkit.viewTask(taskId);
    expect(text(result)).toBe(TASK_CANCELLED_TEXT);
    expect(result.isInterrupted).toBe(true);
  });

  it("cancel_task on a completed task returns an appropriate message", async () => {
    const taskId = await startAsyncTask(0.05);
    release.open();
    while (toolkit.tasks.runningIds.length > 0) await new Promise((r) => setImmediate(r));
    const res = await toolkit.cancelTask(taskId);
    expect(text(res).toLowerCase()).toContain("already completed");
    expect(text(res)).toBe(`Task ${taskId} has already completed and cannot be cancelled.`);
  });

  it("accumulates a streaming tool's chunks into a single ToolResponse", async () => {
    toolkit.registerToolFunction(slowAsyncGeneratorFunc, { asyncExecution: true });
    let taskId: string | undefined;
    for await (const chunk of toolkit.callTool(
      call("slow_async_generator_func", { delay: 0.05 }),
    )) {
      const t = text(chunk);
      if (t.includes("Task ID:")) taskId = t.split("Task ID:")[1]?.trim().split(".")[0]?.trim();
    }
    expect(taskId).toBeTruthy();
    release.open();
    const result = await toolkit.waitTask(taskId as string, 5.0);
    // Both chunks' content, concatenated as AgentScope does.
    expect(text(result)).toContain("chunk1");
    expect(text(result)).toContain("chunk2");
    expect(text(result)).toBe("chunk1chunk1chunk2");
    expect(result.stream).toBe(false);
    expect(result.isLast).toBe(true);
  });

  it("answers an unknown task id with InvalidTaskIdError", async () => {
    expect(text(await toolkit.viewTask("nonexistent-id"))).toBe(
      "InvalidTaskIdError: Cannot find async task with ID nonexistent-id.",
    );
    expect(text(await toolkit.cancelTask("nonexistent-id"))).toContain("InvalidTaskIdError");
    expect(text(await toolkit.waitTask("nonexistent-id", 1.0))).toContain("InvalidTaskIdError");
  });

  it("the model drives the task through the task tools", async () => {
    const taskId = await startAsyncTask(1);
    const viaTool = async (name: string, input: Record<string, unknown>) => {
      let last: ToolResponse | undefined;
      for await (const r of toolkit.callTool(call(name, input))) last = r;
      return text(last as ToolResponse);
    };
    expect(await viaTool("view_task", { task_id: taskId })).toBe(
      `Task ${taskId} is still running.`,
    );
    release.open();
    expect(await viaTool("wait_task", { task_id: taskId })).toBe("done after 1s");
    expect(await viaTool("wait_task", { task_id: "x" })).toContain("InvalidTaskIdError");
  });

  it("cancels the task when the call's signal aborts (the agent is interrupted)", async () => {
    const interrupt = new AbortController();
    const taskId = await startAsyncTask(5, interrupt.signal);
    interrupt.abort();
    expect(toolkit.tasks.runningIds).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sawAbort).toBe(true);
    expect(text(await toolkit.viewTask(taskId))).toBe(TASK_CANCELLED_TEXT);
  });

  it("cancels every task when the toolkit is disposed", async () => {
    const first = await startAsyncTask(5);
    await toolkit.dispose();
    expect(sawAbort).toBe(true);
    expect(toolkit.tasks.runningIds).toEqual([]);
    expect(text(await toolkit.viewTask(first))).toBe(TASK_CANCELLED_TEXT);
  });

  it("applies the postprocess function to the final result", async () => {
    toolkit.registerToolFunction(slowAsyncFunc, {
      asyncExecution: true,
      postprocessFunc: (_call, res) => toolResponse(`post: ${text(res)}`),
    });
    let taskId = "";
    for await (const chunk of toolkit.callTool(call("slow_async_func", { delay: 2 }))) {
      taskId = text(chunk).split("Task ID: ")[1]?.split(".")[0] ?? "";
    }
    release.open();
    expect(text(await toolkit.waitTask(taskId))).toBe("post: done after 2s");
  });

  describe("the per-task output buffer", () => {
    // A streaming tool yielding `n` chunks of 100 characters ("0000…", "1111…", …).
    const chatty = (n: number, size = 100) =>
      tool({
        name: "chatty",
        description: "Streams numbered chunks.",
        parameters: z.object({}),
        execute: async function* () {
          for (let i = 0; i < n; i++) {
            yield toolResponse(String(i % 10).repeat(size), { stream: true, isLast: i === n - 1 });
          }
        },
      });

    async function runChatty(kit: Toolkit, n: number, size?: number): Promise<ToolResponse> {
      kit.registerToolFunction(chatty(n, size), { asyncExecution: true });
      for await (const _ of kit.callTool(call("chatty", {}))) {
        // The call answers at once with the task id.
      }
      const [taskId] = [...kit.tasks.runningIds, ...kit.tasks.finishedIds];
      return kit.waitTask(taskId as string, 5);
    }

    it("drops the oldest chunks past the cap, with a note the model reads first", async () => {
      const kit = new Toolkit({ maxTaskBufferChars: 350 });
      try {
        const result = await runChatty(kit, 10);
        expect(result.content).toHaveLength(4);
        expect(text({ ...result, content: result.content.slice(0, 1) })).toBe(
          "[Background task output truncated: the 7 oldest chunk(s) (700 characters) were dropped to keep the buffer under 350 characters; the latest output follows.]",
        );
        expect(text({ ...result, content: result.content.slice(1) })).toBe(
          `${"7".repeat(100)}${"8".repeat(100)}${"9".repeat(100)}`,
        );
        expect(result.isLast).toBe(true);
      } finally {
        await kit.dispose();
      }
    });

    it("keeps the newest chunk even when it alone is over the cap", async () => {
      const kit = new Toolkit({ maxTaskBufferChars: 50 });
      try {
        const result = await runChatty(kit, 3);
        expect(text(result)).toMatch(/^\[Background task output truncated: the 2 oldest chunk/);
        expect(text(result).endsWith("2".repeat(100))).toBe(true);
      } finally {
        await kit.dispose();
      }
    });

    it("defaults to DEFAULT_TASK_MAX_BUFFER_CHARS; null keeps everything; 0 is refused", async () => {
      expect(new Toolkit().tasks.maxBufferChars).toBe(DEFAULT_TASK_MAX_BUFFER_CHARS);
      const kit = new Toolkit({ maxTaskBufferChars: null });
      try {
        const result = await runChatty(kit, 30, 10_000);
        expect(result.content).toHaveLength(30);
        expect(text(result)).not.toContain("truncated");
      } finally {
        await kit.dispose();
      }
      expect(() => new Toolkit({ maxTaskBufferChars: 0 })).toThrow(ValidationError);
      // The default cap applies to a long-running chatty tool: 30 × 10 000 > 200 000.
      const capped = new Toolkit();
      try {
        const result = await runChatty(capped, 30, 10_000);
        expect(result.content).toHaveLength(21);
        expect(text({ ...result, content: result.content.slice(0, 1) })).toContain(
          "the 10 oldest chunk(s) (100000 characters)",
        );
      } finally {
        await capped.dispose();
      }
    });
  });
});
