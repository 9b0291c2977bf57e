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
    let interruptedAt = 0;
    let repliedAt = 0;
    for await (const event of agent.stream(user("Weather?"))) {
      events.push(event);
      if (
        !interruptedAt &&
        event.type === "model_chunk" &&
        event.msg.hasContentBlocks("tool_use")
      ) {
        interruptedAt = performance.now();
        await agent.interrupt("user pressed stop");
      }
      if (event.type === "reply") repliedAt = performance.now();
    }
    expect(repliedAt - interruptedAt).toBeLessThan(100);
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

  it("stops a slow tool within 100 ms and answers as interrupted", async () => {
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
    const started = performance.now();
    await agent.interrupt();
    const reply = await running;
    expect(performance.now() - started).toBeLessThan(100);
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
    const started = performance.now();
    await agent.interrupt();
    const reply = await running;
    expect(performance.now() - started).toBeLessThan(100);
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
