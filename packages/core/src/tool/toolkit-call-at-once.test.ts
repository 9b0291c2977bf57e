import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolUseBlock } from "../message/content-block.js";
import { tool } from "./define-tool.js";
import type { ToolResponse } from "./tool-response.js";
import { callToolAtOnce, Toolkit } from "./toolkit.js";

const call = (name: string, input: Record<string, unknown> = {}): ToolUseBlock => ({
  type: "tool_use",
  id: "call-1",
  name,
  input,
});

async function responses(
  result: ToolResponse | AsyncIterable<ToolResponse>,
): Promise<ToolResponse[]> {
  if (!(Symbol.asyncIterator in result)) return [result];
  const out: ToolResponse[] = [];
  for await (const r of result) out.push(r);
  return out;
}

const text = (r: ToolResponse | undefined) =>
  (r?.content ?? []).map((b) => (b.type === "text" ? b.text : b.type)).join("");

function toolkitWith(maxOutputChars?: number) {
  const toolkit = new Toolkit(maxOutputChars === undefined ? {} : { maxOutputChars });
  toolkit.registerToolFunction(
    tool({
      name: "echo",
      description: "Echoes.",
      parameters: z.object({ say: z.string() }),
      execute: ({ say }) => say,
    }),
  );
  toolkit.registerToolFunction(
    tool({
      name: "later",
      description: "Answers after a promise.",
      parameters: z.object({}),
      execute: async () => "later",
    }),
  );
  return toolkit;
}

describe("callToolAtOnce", () => {
  it("gives a tool that returns a value as its one response, capped, without a generator", async () => {
    const toolkit = toolkitWith(5);
    const result = callToolAtOnce(toolkit, call("echo", { say: "hello world" }));
    expect(Symbol.asyncIterator in result).toBe(false);
    expect(text(result as ToolResponse)).toContain("hello");
    expect(text(result as ToolResponse)).not.toContain("world");
    expect(text(result as ToolResponse)).toBe(
      text((await responses(toolkit.callTool(call("echo", { say: "hello world" }))))[0]),
    );
  });

  it("answers an unknown tool and bad arguments at once, as callTool does", async () => {
    const toolkit = toolkitWith();
    for (const bad of [call("missing"), call("echo", { say: 3 })]) {
      const result = callToolAtOnce(toolkit, bad);
      expect(Symbol.asyncIterator in result).toBe(false);
      expect(text(result as ToolResponse)).toBe(text((await responses(toolkit.callTool(bad)))[0]));
    }
  });

  it("gives the responses of a tool that returns a promise, and of a toolkit with middleware", async () => {
    const toolkit = toolkitWith();
    const later = callToolAtOnce(toolkit, call("later"));
    expect(Symbol.asyncIterator in later).toBe(true);
    expect((await responses(later)).map(text)).toEqual(["later"]);

    const seen: string[] = [];
    toolkit.registerMiddleware(async function* (kwargs, next) {
      seen.push(kwargs.toolCall.name);
      yield* next(kwargs);
    });
    const through = callToolAtOnce(toolkit, call("echo", { say: "hi" }));
    expect((await responses(through)).map(text)).toEqual(["hi"]);
    expect(seen).toEqual(["echo"]);
  });

  it("goes through an overridden callTool", async () => {
    class Logged extends Toolkit {
      override callTool(toolCall: ToolUseBlock) {
        return (async function* () {
          yield {
            id: "x",
            content: [{ type: "text" as const, text: `logged ${toolCall.name}` }],
            stream: false,
            isLast: true,
            isInterrupted: false,
          };
        })();
      }
    }
    const result = callToolAtOnce(new Logged(), call("echo", { say: "hi" }));
    expect((await responses(result)).map(text)).toEqual(["logged echo"]);
  });
});
