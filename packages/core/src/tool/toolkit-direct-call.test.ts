import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolUseBlock } from "../message/content-block.js";
import { tool } from "./define-tool.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";
import { callToolAtOnce, Toolkit } from "./toolkit.js";

// Without a middleware `callTool` reads the tool's run directly (one generator); with one it goes
// through the middleware chain. Both must behave alike: these run every case both ways.
const call = (name: string, input: Record<string, unknown>): ToolUseBlock => ({
  type: "tool_use",
  id: "call-1",
  name,
  input,
});

const text = (r: ToolResponse): string =>
  r.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`)).join("");

async function collect(iterable: AsyncIterable<ToolResponse>): Promise<string[]> {
  const out: string[] = [];
  for await (const r of iterable) out.push(text(r));
  return out;
}

function makeToolkit(withMiddleware: boolean, postprocessFunc?: () => never) {
  const toolkit = new Toolkit({ maxOutputChars: 200 });
  const runs = { count: 0 };
  toolkit.registerToolFunction(
    tool({
      name: "say",
      description: "Says the text.",
      parameters: z.object({ text: z.string() }),
      execute: ({ text }) => {
        runs.count++;
        return text;
      },
    }),
    postprocessFunc ? { postprocessFunc } : {},
  );
  if (withMiddleware) toolkit.registerMiddleware((kwargs, next) => next(kwargs));
  return { toolkit, runs };
}

describe.each([
  ["without a middleware", false],
  ["with a middleware", true],
])("Toolkit.callTool %s", (_name, withMiddleware) => {
  it("runs nothing until the responses are read", async () => {
    const { toolkit, runs } = makeToolkit(withMiddleware);
    const responses = toolkit.callTool(call("say", { text: "hi" }));
    await Promise.resolve();
    expect(runs.count).toBe(0);
    expect(await collect(responses)).toEqual(["hi"]);
    expect(runs.count).toBe(1);
  });

  it("caps the tool's output", async () => {
    const { toolkit } = makeToolkit(withMiddleware);
    const [text] = await collect(toolkit.callTool(call("say", { text: "x".repeat(1_000) })));
    expect(text?.startsWith("x".repeat(200))).toBe(true);
    expect(text).not.toContain("x".repeat(201));
  });

  it("answers an unknown tool and bad arguments without running the tool", async () => {
    const { toolkit, runs } = makeToolkit(withMiddleware);
    expect(await collect(toolkit.callTool(call("nope", {})))).toEqual([
      "FunctionNotFoundError: Cannot find the function named nope",
    ]);
    const [bad] = await collect(toolkit.callTool(call("say", { text: 1 })));
    expect(bad).toMatch(/^InvalidArgumentsError: /);
    expect(runs.count).toBe(0);
  });

  it("turns a postprocess function failing on bad arguments into an error result", async () => {
    const { toolkit } = makeToolkit(withMiddleware, () => {
      throw new Error("bad hook");
    });
    expect(await collect(toolkit.callTool(call("say", { text: 1 })))).toEqual(["Error: bad hook"]);
  });
});

// The agent's way in: a call that ends without waiting is its one response, not a generator.
describe("callToolAtOnce", () => {
  const isStream = (
    result: ToolResponse | AsyncIterable<ToolResponse>,
  ): result is AsyncIterable<ToolResponse> => Symbol.asyncIterator in result;

  it("gives a tool that returns a value as its one response, capped as callTool caps it", async () => {
    const { toolkit, runs } = makeToolkit(false);
    const long = call("say", { text: "x".repeat(1_000) });
    const result = callToolAtOnce(toolkit, long);
    expect(isStream(result)).toBe(false);
    expect(runs.count).toBe(1);
    expect(text(result as ToolResponse)).not.toContain("x".repeat(201));
    expect([text(result as ToolResponse)]).toEqual(await collect(toolkit.callTool(long)));
  });

  it("answers an unknown tool and bad arguments at once, as callTool does", async () => {
    const { toolkit } = makeToolkit(false);
    for (const bad of [call("nope", {}), call("say", { text: 1 })]) {
      const result = callToolAtOnce(toolkit, bad);
      expect(isStream(result)).toBe(false);
      expect([text(result as ToolResponse)]).toEqual(await collect(toolkit.callTool(bad)));
    }
  });

  it("gives the responses of a tool that returns a promise", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "later",
        description: "Answers after a promise.",
        parameters: z.object({}),
        execute: async () => "later",
      }),
    );
    const result = callToolAtOnce(toolkit, call("later", {}));
    expect(isStream(result)).toBe(true);
    expect(await collect(result as AsyncIterable<ToolResponse>)).toEqual(["later"]);
  });

  it("goes through a middleware, and through an overridden callTool", async () => {
    const { toolkit } = makeToolkit(false);
    const seen: string[] = [];
    toolkit.registerMiddleware(async function* (kwargs, next) {
      seen.push(kwargs.toolCall.name);
      yield* next(kwargs);
    });
    const through = callToolAtOnce(toolkit, call("say", { text: "hi" }));
    expect(await collect(through as AsyncIterable<ToolResponse>)).toEqual(["hi"]);
    expect(seen).toEqual(["say"]);

    class Logged extends Toolkit {
      override callTool(toolCall: ToolUseBlock): AsyncGenerator<ToolResponse, void> {
        return (async function* () {
          yield toolResponse(`logged ${toolCall.name}`);
        })();
      }
    }
    const logged = callToolAtOnce(new Logged(), call("say", { text: "hi" }));
    expect(await collect(logged as AsyncIterable<ToolResponse>)).toEqual(["logged say"]);
  });
});
