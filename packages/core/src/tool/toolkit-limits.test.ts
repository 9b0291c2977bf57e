import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { TOOL_INTERRUPTED_TEXT } from "./run-tool.js";
import type { ToolDefinition } from "./tool-definition.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";
import {
  DEFAULT_TOOL_EXECUTION_TIMEOUT_MS,
  DEFAULT_TOOL_MAX_OUTPUT_CHARS,
  Toolkit,
} from "./toolkit.js";

const call = (name: string, input: Record<string, unknown> = {}): ToolUseBlock => ({
  type: "tool_use",
  id: "call-1",
  name,
  input,
});

async function collect(iterable: AsyncIterable<ToolResponse>): Promise<ToolResponse[]> {
  const out: ToolResponse[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

const texts = (r: ToolResponse | undefined): string[] =>
  (r?.content ?? []).map((b) => (b.type === "text" ? b.text : `<${b.type}>`));

const noParams = { type: "object", properties: {} } as const;

/** A tool that never finishes and ignores its signal; records whether the signal aborted. */
function stuckTool(name = "stuck") {
  const seen: { aborted: boolean; reasons: unknown[] } = { aborted: false, reasons: [] };
  const definition: ToolDefinition = {
    name,
    description: "Never finishes.",
    parameters: noParams,
    execute: (_input, { signal }) => {
      signal.addEventListener("abort", () => {
        seen.aborted = true;
        seen.reasons.push(signal.reason);
      });
      return new Promise<string>(() => {});
    },
  };
  return { definition, seen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Toolkit execution timeout", () => {
  it("defaults to 300 000 ms and aborts a stuck tool through its signal when it passes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const toolkit = new Toolkit();
    expect(toolkit.executionTimeout).toBe(DEFAULT_TOOL_EXECUTION_TIMEOUT_MS);
    expect(DEFAULT_TOOL_EXECUTION_TIMEOUT_MS).toBe(300_000);
    const { definition, seen } = stuckTool();
    toolkit.registerToolFunction(definition);
    const done = collect(toolkit.callTool(call("stuck")));
    await vi.advanceTimersByTimeAsync(DEFAULT_TOOL_EXECUTION_TIMEOUT_MS - 1);
    expect(seen.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const responses = await done;
    expect(seen.aborted).toBe(true);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ isLast: true, isInterrupted: false });
    expect(texts(responses[0]).join("")).toBe(
      "Error: The tool 'stuck' did not finish within 300000 ms (its executionTimeout) and was stopped. Try again with a smaller task or narrower arguments.",
    );
  });

  it("uses the tool's own executionTimeout over the toolkit's, and null for no limit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const toolkit = new Toolkit({ executionTimeout: 1_000 });
    const fast = stuckTool("fast");
    const free = stuckTool("free");
    toolkit.registerToolFunction(fast.definition, { executionTimeout: 50 });
    toolkit.registerToolFunction(free.definition, { executionTimeout: null });
    const fastDone = collect(toolkit.callTool(call("fast")));
    const controller = new AbortController();
    const freeDone = collect(toolkit.callTool(call("free"), { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(50);
    expect(texts((await fastDone)[0]).join("")).toContain("within 50 ms (its executionTimeout)");
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(free.seen.aborted).toBe(false);
    controller.abort();
    const freeResponses = await freeDone;
    expect(free.seen.aborted).toBe(true);
    expect(texts(freeResponses[0])).toEqual([TOOL_INTERRUPTED_TEXT]);
    expect(freeResponses[0]?.isInterrupted).toBe(true);
  });

  it("ends a streaming tool that stalls with what it streamed plus the timeout text", async () => {
    const toolkit = new Toolkit({ executionTimeout: 30 });
    let aborted = false;
    toolkit.registerToolFunction({
      name: "streamer",
      description: "Streams, then stalls.",
      parameters: noParams,
      async *execute(_input, { signal }) {
        yield toolResponse("part one", { stream: true, isLast: false });
        await new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        );
        await new Promise(() => {}); // and still does not finish
      },
    });
    const responses = await collect(toolkit.callTool(call("streamer")));
    expect(aborted).toBe(true);
    expect(responses).toHaveLength(2);
    expect(texts(responses[1])).toEqual([
      "part one",
      expect.stringContaining("'streamer' did not finish within 30 ms"),
    ]);
    expect(responses[1]).toMatchObject({ isLast: true, isInterrupted: false });
  });

  it("treats a limit beyond what timers can hold as no limit, not as an instant timeout", async () => {
    const toolkit = new Toolkit({ executionTimeout: 30 * 24 * 3600 * 1000 });
    toolkit.registerToolFunction({
      name: "later",
      description: "Answers after a tick.",
      parameters: noParams,
      execute: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return "done";
      },
    });
    const responses = await collect(toolkit.callTool(call("later")));
    expect(texts(responses[0])).toEqual(["done"]);
  });

  it("clears the timer of a tool that finishes in time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const toolkit = new Toolkit({ executionTimeout: 100 });
    toolkit.registerToolFunction({
      name: "quick",
      description: "Answers at once.",
      parameters: noParams,
      execute: () => "done",
    });
    const responses = await collect(toolkit.callTool(call("quick")));
    expect(texts(responses[0])).toEqual(["done"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects a limit that is not a positive number, naming the option", () => {
    expect(() => new Toolkit({ executionTimeout: -5 })).toThrow(ValidationError);
    expect(() => new Toolkit({ executionTimeout: 5n as unknown as number })).toThrow(
      /executionTimeout: expected a positive number of milliseconds or null \(no limit\), received bigint/,
    );
    expect(() => new Toolkit({ maxOutputChars: 0 })).toThrow(/maxOutputChars/);
    const toolkit = new Toolkit();
    expect(() =>
      toolkit.registerToolFunction(stuckTool().definition, {
        executionTimeout: "soon" as unknown as number,
      }),
    ).toThrow(/executionTimeout: expected a positive number of milliseconds/);
  });

  it("starts the timeout timer only for a tool that returns a promise, and clears it", async () => {
    const started = vi.spyOn(globalThis, "setTimeout");
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    try {
      const toolkit = new Toolkit({ executionTimeout: 60_000 });
      toolkit.registerToolFunction({
        name: "sync",
        description: "Answers at once.",
        parameters: noParams,
        execute: () => "now",
      });
      toolkit.registerToolFunction({
        name: "later",
        description: "Answers after a promise.",
        parameters: noParams,
        execute: async () => "later",
      });
      expect(texts((await collect(toolkit.callTool(call("sync"))))[0])).toEqual(["now"]);
      expect(started).not.toHaveBeenCalled();
      expect(texts((await collect(toolkit.callTool(call("later"))))[0])).toEqual(["later"]);
      expect(started).toHaveBeenCalledTimes(1);
      expect(started.mock.calls[0]?.[1]).toBe(60_000);
      expect(cleared).toHaveBeenCalledWith(started.mock.results[0]?.value);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });
});

describe("the signal of a tool with an execution timeout", () => {
  it("is the tool's own, and aborts with the caller's signal while the call runs", async () => {
    const toolkit = new Toolkit({ executionTimeout: 60_000 });
    const parent = new AbortController();
    const seen: AbortSignal[] = [];
    toolkit.registerToolFunction({
      name: "reads",
      description: "Keeps its signal.",
      parameters: noParams,
      execute: (_input, context) => {
        seen.push(context.signal);
        return "read";
      },
    });
    const responses = await collect(toolkit.callTool(call("reads"), { signal: parent.signal }));
    expect(texts(responses[0])).toEqual(["read"]);
    expect(seen[0]).not.toBe(parent.signal);
    // The call ended: its signal is detached from the caller's (disposed), so it stays unaborted.
    parent.abort(new Error("stop"));
    expect(seen[0]?.aborted).toBe(false);
  });

  it("is aborted, with the caller's reason, when the caller aborts during the call", async () => {
    const toolkit = new Toolkit({ executionTimeout: 60_000 });
    const parent = new AbortController();
    let reason: unknown;
    toolkit.registerToolFunction({
      name: "aborts",
      description: "Aborts the caller, then reads its signal.",
      parameters: noParams,
      execute: async (_input, context) => {
        parent.abort(new Error("stop"));
        reason = context.signal.aborted ? context.signal.reason : undefined;
        return "late";
      },
    });
    const responses = await collect(toolkit.callTool(call("aborts"), { signal: parent.signal }));
    expect(texts(responses.at(-1))).toEqual([TOOL_INTERRUPTED_TEXT]);
    expect((reason as Error | undefined)?.message).toBe("stop");
  });
});

describe("Toolkit output cap", () => {
  const echo = (text: string): ToolDefinition => ({
    name: "big",
    description: "Returns a lot.",
    parameters: noParams,
    execute: () => text,
  });

  it("caps a huge result at 100 000 characters by default, saying how much was cut and how to get the rest", async () => {
    const toolkit = new Toolkit();
    expect(toolkit.maxOutputChars).toBe(DEFAULT_TOOL_MAX_OUTPUT_CHARS);
    expect(DEFAULT_TOOL_MAX_OUTPUT_CHARS).toBe(100_000);
    const text = "x".repeat(250_000);
    toolkit.registerToolFunction(echo(text));
    const [response] = await collect(toolkit.callTool(call("big")));
    const [kept, note] = texts(response);
    expect(kept).toBe("x".repeat(100_000));
    expect(note).toContain("150000 of 250000 characters were cut");
    expect(note).toContain("narrower range");
    expect(response?.content).toHaveLength(2);
  });

  it("leaves a result within the cap untouched", async () => {
    const toolkit = new Toolkit({ maxOutputChars: 5 });
    toolkit.registerToolFunction(echo("12345"));
    const [response] = await collect(toolkit.callTool(call("big")));
    expect(texts(response)).toEqual(["12345"]);
  });

  it("counts every text block, keeps media blocks and prefers the tool's own cap", async () => {
    const toolkit = new Toolkit({ maxOutputChars: 1_000 });
    toolkit.registerToolFunction(
      {
        name: "mixed",
        description: "Text and an image.",
        parameters: noParams,
        execute: () =>
          toolResponse([
            { type: "text", text: "abcdef" },
            { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
            { type: "text", text: "ghijkl" },
            { type: "text", text: "mnop" },
          ]),
      },
      { maxOutputChars: 8 },
    );
    const [response] = await collect(toolkit.callTool(call("mixed")));
    const out = texts(response);
    expect(out.slice(0, 3)).toEqual(["abcdef", "<image>", "gh"]);
    expect(out[3]).toContain("8 of 16 characters were cut");
    expect(out).toHaveLength(4);
  });

  it("turns the cap off with null, per toolkit or per tool", async () => {
    const text = "y".repeat(150_000);
    const off = new Toolkit({ maxOutputChars: null });
    off.registerToolFunction(echo(text));
    expect(texts((await collect(off.callTool(call("big"))))[0])).toEqual([text]);
    const perTool = new Toolkit({ maxOutputChars: 10 });
    perTool.registerToolFunction(echo(text), { maxOutputChars: null });
    expect(texts((await collect(perTool.callTool(call("big"))))[0])).toEqual([text]);
  });

  it("caps every chunk of a streaming tool and the text a middleware adds", async () => {
    const toolkit = new Toolkit({ maxOutputChars: 10 });
    toolkit.registerToolFunction({
      name: "big",
      description: "Streams a lot.",
      parameters: noParams,
      async *execute() {
        yield toolResponse("aaaaaaaa", { stream: true, isLast: false });
        yield toolResponse("aaaaaaaabbbbbbbb", { stream: true, isLast: true });
      },
    });
    toolkit.registerMiddleware(async function* (kwargs, next) {
      for await (const r of next(kwargs)) yield r;
      yield toolResponse("z".repeat(25));
    });
    const responses = await collect(toolkit.callTool(call("big")));
    expect(texts(responses[0])).toEqual(["aaaaaaaa"]);
    expect(texts(responses[1])[0]).toBe("aaaaaaaabb");
    expect(texts(responses[1])[1]).toContain("6 of 16 characters were cut");
    expect(texts(responses[2])[0]).toBe("z".repeat(10));
    expect(texts(responses[2])[1]).toContain("15 of 25 characters were cut");
  });

  it("does not split a surrogate pair at the cut", async () => {
    const toolkit = new Toolkit({ maxOutputChars: 3 });
    toolkit.registerToolFunction(echo("ab😀cd"));
    const [response] = await collect(toolkit.callTool(call("big")));
    expect(texts(response)[0]).toBe("ab");
    expect(texts(response)[1]).toContain("4 of 6 characters were cut");
  });
});
