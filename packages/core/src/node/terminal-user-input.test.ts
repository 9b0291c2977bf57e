import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDefaultOutputSink, setDefaultOutputSink } from "../agent/output-sink.js";
import { UserAgent } from "../agent/user-agent.js";
import {
  stdoutOutputSink,
  TerminalUserInput,
  useStdoutOutput,
  useTerminalInput,
} from "./terminal-user-input.js";

function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.on("data", (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { input, output, written: () => written };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

afterEach(() => UserAgent.overrideClassInputMethod(null));

describe("TerminalUserInput", () => {
  it("reads one line as the message, after the hint", async () => {
    const t = terminal();
    const source = new TerminalUserInput({ input: t.input, output: t.output });
    const pending = source.call({ agentId: "1", agentName: "Alice" });
    await tick();
    expect(t.written()).toBe("User Input: ");
    t.input.write("Hi there\n");
    expect(await pending).toEqual({
      blocksInput: [{ type: "text", text: "Hi there" }],
      structuredInput: null,
    });
  });

  it("keeps lines that arrive ahead for the next questions", async () => {
    const t = terminal();
    const source = new TerminalUserInput({ input: t.input, output: t.output, inputHint: "> " });
    t.input.write("first\nsecond\n");
    const a = await source.call({ agentId: "1", agentName: "A" });
    const b = await source.call({ agentId: "1", agentName: "A" });
    expect([a.blocksInput[0], b.blocksInput[0]]).toEqual([
      { type: "text", text: "first" },
      { type: "text", text: "second" },
    ]);
  });

  it("asks for structured fields, re-asking on invalid or missing values", async () => {
    const Choice = z.object({
      thinking: z.string().min(1).max(10),
      decision: z.enum(["apple", "banana", "cherry"]),
      count: z.number().int().default(1),
      note: z.string().optional(),
    });
    const t = terminal();
    useTerminalInput({ input: t.input, output: t.output });
    const user = new UserAgent({ name: "Alice" });
    user.setConsoleOutputEnabled(false);
    t.input.write(
      ["Hi!", "", "far too long thinking", "sth", "kiwi", "apple", "two", "2", ""].join("\n") +
        "\n",
    );
    const msg = await user.call(null, { structuredModel: Choice });
    expect(msg.content).toBe("Hi!");
    expect(msg.metadata).toEqual({ thinking: "sth", decision: "apple", count: 2 });
    const out = t.written();
    expect(out).toContain("Structured input");
    expect(out).toContain("Key thinking is required.");
    expect(out).toContain("Validation error");
    expect(out).toContain("Invalid input with error");
  });

  it("stops waiting when the request is aborted, and fails clearly at end of input", async () => {
    const t = terminal();
    const source = new TerminalUserInput({ input: t.input, output: t.output });
    const controller = new AbortController();
    const pending = source.call({ agentId: "1", agentName: "A", signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");

    t.input.write("late\n");
    expect((await source.call({ agentId: "1", agentName: "A" })).blocksInput[0]).toEqual({
      type: "text",
      text: "late",
    });

    const waiting = source.call({ agentId: "1", agentName: "A" });
    t.input.end();
    await expect(waiting).rejects.toThrow(/stdin closed/);
  });
});

describe("useStdoutOutput", () => {
  it("makes stdout the default output sink", () => {
    const previous = getDefaultOutputSink();
    try {
      useStdoutOutput();
      expect(getDefaultOutputSink()).toBe(stdoutOutputSink);
    } finally {
      setDefaultOutputSink(previous);
    }
  });
});
