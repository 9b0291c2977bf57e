import { describe, expect, it } from "vitest";
import { z } from "zod";
import { makeAgent, sleepyTool, type TimedCall } from "../integration/__fixtures__/react-kit.js";
import type { ToolResultBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { TOOL_INTERRUPTED_TEXT } from "../tool/run-tool.js";
import { toolResponse } from "../tool/tool-response.js";
import { Toolkit } from "../tool/toolkit.js";
import type { AgentEvent } from "./agent-event.js";
import { FAKE_INTERRUPTED_TOOL_RESULT, INTERRUPTED_REPLY_TEXT } from "./react-agent-hints.js";

const user = (text: string) => new Msg("user", text, "user");

async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function resultText(msg: Msg | undefined): string {
  const block = msg?.getContentBlocks("tool_result")[0] as ToolResultBlock | undefined;
  return typeof block?.output === "string" ? block.output : JSON.stringify(block?.output);
}

describe("ReActAgent interruption", () => {
  it("stops a model stream at once and records fake results for its pending tool calls", async () => {
    const { agent, model } = makeAgent(
      [
        {
          text: "Checking.",
          toolCalls: [
            { id: "t1", name: "get_weather", input: { city: "Paris", note: "x".repeat(400) } },
          ],
        },
      ],
      { modelOptions: { chunkDelayMs: 20 } },
    );
    const events: AgentEvent[] = [];
    let interrupted = false;
    let chunksAfterInterrupt = 0;
    for await (const event of agent.stream(user("Weather?"))) {
      events.push(event);
      if (interrupted && event.type === "model_chunk") chunksAfterInterrupt++;
      if (!interrupted && event.type === "model_chunk" && event.msg.hasContentBlocks("tool_use")) {
        interrupted = true;
        await agent.interrupt("user pressed stop");
      }
    }
    // The 400-character argument had many 20 ms chunks to go: none of them (but one in flight)
    // arrived once interrupted.
    expect(chunksAfterInterrupt).toBeLessThanOrEqual(1);
    const final = events.at(-1);
    expect(final?.type).toBe("reply");
    if (final?.type !== "reply") return;
    expect(final.interrupted).toBe(true);
    expect(final.msg.getTextContent()).toBe(INTERRUPTED_REPLY_TEXT);
    expect(final.msg.metadata).toEqual({ _is_interrupted: true });
    expect(model.calls).toHaveLength(1);

    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual(["user", "assistant", "system", "assistant"]);
    expect(memory[1]?.getTextContent()).toBe("Checking.");
    expect(memory[1]?.getContentBlocks("tool_use")[0]).toMatchObject({ id: "t1" });
    expect(memory[2]?.getContentBlocks("tool_result")[0]).toEqual({
      type: "tool_result",
      id: "t1",
      name: "get_weather",
      output: FAKE_INTERRUPTED_TOOL_RESULT,
    });
    expect(memory[3]?.metadata).toEqual({ _is_interrupted: true });
  });

  it("stops a slow tool before it finishes and answers as interrupted", async () => {
    const log: TimedCall[] = [];
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(sleepyTool("slow", 10_000, log));
    toolkit.registerToolFunction(sleepyTool("never_run", 10, log));
    const { agent, model } = makeAgent(
      [
        {
          toolCalls: [
            { id: "a", name: "slow", input: {} },
            { id: "b", name: "never_run", input: {} },
          ],
        },
        scriptedText("Back again."),
      ],
      { toolkit },
    );
    const running = agent.call(user("go"));
    await waitFor(() => log.length === 1);
    await agent.interrupt();
    const reply = await running;
    // The 10 s tool never got to its end.
    expect(Number.isNaN(log[0]?.end)).toBe(true);
    expect(reply.getTextContent()).toBe(INTERRUPTED_REPLY_TEXT);
    expect(reply.metadata._is_interrupted).toBe(true);
    expect(log.map((c) => c.name)).toEqual(["slow"]);

    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "system",
      "system",
      "assistant",
    ]);
    expect(resultText(memory[2])).toContain(TOOL_INTERRUPTED_TEXT);
    expect(memory[3]?.getContentBlocks("tool_result")[0]).toMatchObject({
      id: "b",
      output: FAKE_INTERRUPTED_TOOL_RESULT,
    });

    // The agent answers normally afterwards.
    const next = await agent.call(user("again"));
    expect(next.getTextContent()).toBe("Back again.");
    expect(model.calls).toHaveLength(2);
  });

  it("interrupts every running tool of a parallel step", async () => {
    const log: TimedCall[] = [];
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(sleepyTool("slow_a", 10_000, log));
    toolkit.registerToolFunction(sleepyTool("slow_b", 10_000, log));
    const { agent } = makeAgent(
      [
        {
          toolCalls: [
            { name: "slow_a", input: {} },
            { name: "slow_b", input: {} },
          ],
        },
      ],
      { toolkit, parallelToolCalls: true },
    );
    const running = agent.call(user("go"));
    await waitFor(() => log.length === 2);
    await agent.interrupt();
    const reply = await running;
    expect(log.map((c) => Number.isNaN(c.end))).toEqual([true, true]);
    expect(reply.metadata._is_interrupted).toBe(true);
    const results = (await agent.memory.getMemory()).filter((m) => m.role === "system");
    expect(results).toHaveLength(2);
    for (const result of results) expect(resultText(result)).toContain(TOOL_INTERRUPTED_TEXT);
  });

  it("treats a tool that reports an interruption as an interrupted reply", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "flaky",
        description: "Reports it was interrupted.",
        parameters: z.object({}),
        execute: () => toolResponse("stopped", { isInterrupted: true }),
      }),
    );
    const { agent } = makeAgent([scriptedToolCall("flaky", {})], { toolkit });
    const reply = await agent.call(user("go"));
    expect(reply.metadata._is_interrupted).toBe(true);
    expect((await agent.memory.getMemory()).at(-1)?.id).toBe(reply.id);
  });
});

describe("ReActAgent interruption of steps that ignore the abort", () => {
  /** A promise to release later, and whether it was reached. */
  function gate() {
    let open = () => {};
    const state = { reached: false, promise: new Promise<void>((r) => (open = r)) };
    return { state, open: () => open() };
  }

  /** Every tool_use id of a formatted prompt has a tool_result after it. */
  function assertWellFormed(prompt: readonly Record<string, unknown>[]): void {
    const open = new Set<string>();
    for (const message of prompt) {
      const content = message.content;
      if (!Array.isArray(content)) continue;
      for (const block of content as { type: string; id: string }[]) {
        if (block.type === "tool_use") open.add(block.id);
        if (block.type === "tool_result") {
          expect(open.has(block.id)).toBe(true);
          open.delete(block.id);
        }
      }
    }
    expect([...open]).toEqual([]);
  }

  it("answers every tool_use when a middleware ignores the abort, and records nothing late", async () => {
    const toolkit = new Toolkit();
    const runs: string[] = [];
    toolkit.registerToolFunction(
      tool({
        name: "lookup",
        description: "Looks up.",
        parameters: z.object({}),
        execute: () => {
          runs.push("lookup");
          return "found";
        },
      }),
    );
    const stuck = gate();
    toolkit.registerMiddleware(async function* (kwargs, next) {
      stuck.state.reached = true;
      await stuck.state.promise; // ignores kwargs.signal
      yield* next(kwargs);
    });
    const { agent, model } = makeAgent(
      [
        {
          toolCalls: [
            { id: "t1", name: "lookup", input: {} },
            { id: "t2", name: "lookup", input: {} },
          ],
        },
        scriptedText("Fresh start."),
      ],
      { toolkit },
    );
    const running = agent.call(user("go"));
    await waitFor(() => stuck.state.reached);
    await agent.interrupt();
    const reply = await running;
    expect(reply.metadata._is_interrupted).toBe(true);

    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "system",
      "system",
      "assistant",
    ]);
    expect(memory.slice(2, 4).map((m) => m.getContentBlocks("tool_result")[0])).toEqual([
      { type: "tool_result", id: "t1", name: "lookup", output: FAKE_INTERRUPTED_TOOL_RESULT },
      { type: "tool_result", id: "t2", name: "lookup", output: FAKE_INTERRUPTED_TOOL_RESULT },
    ]);

    // The stuck middleware finally goes on: the abandoned step adds nothing to memory.
    stuck.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await agent.memory.getMemory()).map((m) => m.id)).toEqual(memory.map((m) => m.id));

    const next = await agent.call(user("again"));
    expect(next.getTextContent()).toBe("Fresh start.");
    expect(model.calls).toHaveLength(2);
    assertWellFormed(model.calls[1]?.messages ?? []);
    expect(runs).toEqual([]);
  });

  /**
   * Starts a reply whose `type` hook ignores the abort (waits on a gate), interrupts it, and
   * returns what releases the hook (removed first, so the next reply runs without it).
   */
  async function interruptAtStuckHook(
    agent: ReturnType<typeof makeAgent>["agent"],
    type: "pre_acting" | "pre_reasoning",
  ): Promise<() => void> {
    const stuck = gate();
    agent.registerInstanceHook(type, "slow", async () => {
      stuck.state.reached = true;
      await stuck.state.promise;
    });
    const running = agent.call(user("go"));
    await waitFor(() => stuck.state.reached);
    await agent.interrupt();
    await running;
    return () => {
      agent.removeInstanceHook(type, "slow");
      stuck.open();
    };
  }

  it("answers the tool_use when a pre_acting hook ignores the abort", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "lookup",
        description: "Looks up.",
        parameters: z.object({}),
        execute: () => "found",
      }),
    );
    const { agent, model } = makeAgent(
      [scriptedToolCall("lookup", {}, { callId: "h1" }), scriptedText("Fine.")],
      { toolkit },
    );
    const release = await interruptAtStuckHook(agent, "pre_acting");
    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual(["user", "assistant", "system", "assistant"]);
    expect(memory[2]?.getContentBlocks("tool_result")[0]).toMatchObject({
      id: "h1",
      output: FAKE_INTERRUPTED_TOOL_RESULT,
    });
    release();
    await agent.call(user("again"));
    assertWellFormed(model.calls[1]?.messages ?? []);
  });

  it("does not run a reasoning step whose pre_reasoning hook resumes after the next reply began", async () => {
    const { agent, model } = makeAgent([scriptedText("Second.")]);
    const release = await interruptAtStuckHook(agent, "pre_reasoning");
    release();
    const reply = await agent.call(user("again"));
    // Only the second reply asked the model; the stale step neither called it nor wrote memory.
    expect(model.calls).toHaveLength(1);
    expect(reply.getTextContent()).toBe("Second.");
    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});
