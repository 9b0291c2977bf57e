import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UserAgent } from "../agent/user-agent.js";
import { StateError } from "../errors/state-error.js";
import { ToolError } from "../errors/tool-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { StateModule } from "../state/state-module.js";
import { tool } from "./define-tool.js";
import { META_TOOL_DESCRIPTION } from "./meta-tool.js";
import { TOOL_INTERRUPTED_TEXT } from "./run-tool.js";
import type { ToolDefinition } from "./tool-definition.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";
import type { ToolFunctionSchema } from "./tool-schema.js";
import { Toolkit } from "./toolkit.js";

const call = (name: string, input: Record<string, unknown> = {}, id = "call-1"): ToolUseBlock => ({
  type: "tool_use",
  id,
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

async function lastText(iterable: AsyncIterable<ToolResponse>): Promise<string> {
  const all = await collect(iterable);
  return texts(all.at(-1)).join("");
}

const syncFunc = tool({
  name: "sync_func",
  description: "A sync function for testing.\nLong description.",
  parameters: z.object({
    arg1: z.number().int().describe("Test argument 1."),
    arg2: z
      .array(z.union([z.string(), z.number().int()]))
      .nullable()
      .default(null)
      .describe("Test argument 2."),
  }),
  execute: ({ arg1, arg2 }) => `arg1: ${arg1}, arg2: ${JSON.stringify(arg2)}`,
});

const syncFuncSchema = {
  type: "function",
  function: {
    name: "sync_func",
    description: "A sync function for testing.\nLong description.",
    parameters: {
      type: "object",
      properties: {
        arg1: { type: "integer", description: "Test argument 1." },
        arg2: {
          anyOf: [
            { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
            { type: "null" },
          ],
          default: null,
          description: "Test argument 2.",
        },
      },
      required: ["arg1"],
    },
  },
};

const constant = (name: string, text: string): ToolDefinition => ({
  name,
  description: `Returns ${text}.`,
  parameters: { type: "object", properties: {} },
  execute: () => text,
});

describe("Toolkit: registration and JSON schemas", () => {
  it("turns a zod schema into an OpenAI function schema with descriptions and defaults", () => {
    const toolkit = new Toolkit();
    expect(toolkit.registerToolFunction(syncFunc)).toBe("sync_func");
    expect(toolkit.getJsonSchemas()).toEqual([syncFuncSchema]);
  });

  it("returns fresh schema objects on every call: changing one leaves the next call intact", () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(syncFunc);
    const first = toolkit.getJsonSchemas()[0] as ToolFunctionSchema;
    (first.function.parameters as { properties: Record<string, unknown> }).properties.arg1 = "x";
    first.function.name = "changed";
    expect(toolkit.getJsonSchemas()).toEqual([syncFuncSchema]);
  });

  it("hides preset arguments from the schema and merges them into the call", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(syncFunc, { presetKwargs: { arg1: 55 } });
    const [schema] = toolkit.getJsonSchemas();
    expect(schema?.function.parameters).toEqual({
      type: "object",
      properties: { arg2: syncFuncSchema.function.parameters.properties.arg2 },
    });
    expect(await lastText(toolkit.callTool(call("sync_func", { arg2: [1, 2, 3] })))).toBe(
      "arg1: 55, arg2: [1,2,3]",
    );
    // A preset wins over a value the model slips in for the hidden argument.
    expect(await lastText(toolkit.callTool(call("sync_func", { arg1: 1 })))).toBe(
      "arg1: 55, arg2: null",
    );
  });

  it("keeps the other required arguments when a JSON Schema argument is preset", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      {
        name: "search",
        description: "Search.",
        parameters: {
          type: "object",
          properties: { query: { type: "string" }, api_key: { type: "string" } },
          required: ["query", "api_key"],
        },
        execute: (input) => `${String(input.query)} with ${String(input.api_key)}`,
      },
      { presetKwargs: { api_key: "secret" } },
    );
    expect(toolkit.getJsonSchemas()[0]?.function.parameters).toEqual({
      type: "object",
      properties: { query: { type: "string" } },
      required: ["query"],
    });
    expect(await lastText(toolkit.callTool(call("search", { query: "cats" })))).toBe(
      "cats with secret",
    );
  });

  it("rejects preset arguments the tool does not take", () => {
    const toolkit = new Toolkit();
    expect(() => toolkit.registerToolFunction(syncFunc, { presetKwargs: { nope: 1 } })).toThrow(
      /presetKwargs\.nope: is not a parameter of the tool/,
    );
  });

  it("handles a taken name by the namesake strategy", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(constant("dup", "first"));
    expect(() => toolkit.registerToolFunction(constant("dup", "second"))).toThrow(ToolError);
    expect(() => toolkit.registerToolFunction(constant("dup", "second"))).toThrow(
      "A function with name 'dup' is already registered in the toolkit.",
    );

    toolkit.registerToolFunction(constant("dup", "skipped"), { namesakeStrategy: "skip" });
    expect(await lastText(toolkit.callTool(call("dup")))).toBe("first");

    const renamed = toolkit.registerToolFunction(constant("dup", "renamed"), {
      namesakeStrategy: "rename",
    });
    expect(renamed).toMatch(/^dup_[A-Za-z0-9]{5}$/);
    expect(toolkit.tools.get(renamed)?.originalName).toBe("dup");
    expect(toolkit.getJsonSchemas().map((s) => s.function.name)).toEqual(["dup", renamed]);
    expect(await lastText(toolkit.callTool(call(renamed)))).toBe("renamed");

    toolkit.registerToolFunction(constant("dup", "override"), { namesakeStrategy: "override" });
    expect(await lastText(toolkit.callTool(call("dup")))).toBe("override");
  });

  it("registers under funcName and funcDescription", () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(syncFunc, { funcName: "custom", funcDescription: "你好" });
    expect(toolkit.tools.get("custom")?.originalName).toBe("sync_func");
    expect(toolkit.getJsonSchemas()[0]?.function).toMatchObject({
      name: "custom",
      description: "你好",
    });
  });

  it("rejects invalid names and non-object parameters with clear errors", () => {
    const toolkit = new Toolkit();
    expect(() => toolkit.registerToolFunction(constant("has space", "x"))).toThrow(
      /name: "has space" is not a valid tool name/,
    );
    expect(() => toolkit.registerToolFunction(syncFunc, { funcName: "bad.name" })).toThrow(
      ValidationError,
    );
    expect(() =>
      toolkit.registerToolFunction({
        name: "str_params",
        description: "x",
        parameters: z.string() as never,
        execute: () => "x",
      }),
    ).toThrow(/parameters: must describe an object, but its JSON Schema type is "string"/);
    expect(() =>
      toolkit.registerToolFunction({
        name: "array_params",
        description: "x",
        parameters: { type: "array" },
        execute: () => "x",
      }),
    ).toThrow(/must describe an object/);
    expect(() =>
      toolkit.registerToolFunction({ name: "no_exec", description: "x", parameters: {} } as never),
    ).toThrow(/execute: expected a function/);
  });

  it("removes tools and clears", () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(constant("a", "a"));
    toolkit.removeToolFunction("a");
    toolkit.removeToolFunction("a"); // allowed by default
    expect(() => toolkit.removeToolFunction("a", false)).toThrow(
      "Tool function 'a' does not exist in the toolkit.",
    );
    toolkit.createToolGroup("g", "G");
    toolkit.registerToolFunction(constant("b", "b"), { groupName: "g" });
    toolkit.clear();
    expect(toolkit.tools.size).toBe(0);
    expect(toolkit.groups.size).toBe(0);
  });

  it("removes the tools of an MCP client", () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(constant("local", "x"));
    toolkit.registerToolFunction(constant("remote", "x"), { mcpName: "server" });
    expect(toolkit.tools.get("remote")?.source).toBe("mcp_server");
    toolkit.removeMcpClients(["server"]);
    expect([...toolkit.tools.keys()]).toEqual(["local"]);
  });

  it("extends a tool's schema with an extended model and passes its fields through", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "generate_response",
      description: "Answer.",
      parameters: z.object({}),
      execute: (input) => JSON.stringify(input),
    });
    toolkit.setExtendedModel(
      "generate_response",
      z.object({ score: z.number().describe("The score.") }),
    );
    expect(toolkit.getJsonSchemas()[0]?.function.parameters).toEqual({
      type: "object",
      properties: { score: { type: "number", description: "The score." } },
      required: ["score"],
    });
    expect(await lastText(toolkit.callTool(call("generate_response", { score: 3 })))).toBe(
      '{"score":3}',
    );
    expect(await lastText(toolkit.callTool(call("generate_response", {})))).toContain(
      "score: required (expected number)",
    );
    expect(() => toolkit.setExtendedModel("generate_response", z.object({}))).not.toThrow();
    toolkit.setExtendedModel("generate_response", null);
    expect(toolkit.getJsonSchemas()[0]?.function.parameters).toEqual({
      type: "object",
      properties: {},
    });
    toolkit.registerToolFunction(syncFunc);
    expect(() => toolkit.setExtendedModel("sync_func", z.object({ arg1: z.string() }))).toThrow(
      "The field `arg1` already exists in the original function schema of `sync_func`.",
    );
  });
});

describe("Toolkit: groups, meta tool, notes and state", () => {
  it("offers a group's tools only while it is active", () => {
    const toolkit = new Toolkit();
    expect(() => toolkit.registerToolFunction(syncFunc, { groupName: "my_group" })).toThrow(
      /Tool group 'my_group' not found/,
    );
    toolkit.createToolGroup("my_group", "Browser use related tools.");
    expect(() => toolkit.createToolGroup("my_group", "again")).toThrow(/already registered/);
    expect(() => toolkit.createToolGroup("basic", "no")).toThrow(/already registered/);
    toolkit.registerToolFunction(syncFunc, { groupName: "my_group" });
    expect(toolkit.getJsonSchemas()).toEqual([]);
    toolkit.updateToolGroups(["my_group"], true);
    expect(toolkit.getJsonSchemas()).toEqual([syncFuncSchema]);
    toolkit.updateToolGroups(["my_group"], false);
    expect(toolkit.getJsonSchemas()).toEqual([]);
    expect(() => toolkit.removeToolGroups("basic")).toThrow(
      "Cannot remove the default 'basic' tool group.",
    );
    toolkit.removeToolGroups(["my_group"]);
    expect(toolkit.tools.size).toBe(0);
  });

  it("formats the notes of the active groups as AgentScope does", () => {
    const toolkit = new Toolkit();
    toolkit.createToolGroup("a", "A", { active: true, notes: "Use a carefully." });
    toolkit.createToolGroup("b", "B", { active: false, notes: "Hidden." });
    toolkit.createToolGroup("c", "C", { active: true });
    toolkit.createToolGroup("d", "D", { active: true, notes: "1. x\n2. y" });
    expect(toolkit.getActivatedNotes()).toBe(
      "## About Tool Group 'a'\nUse a carefully.\n## About Tool Group 'd'\n1. x\n2. y",
    );
  });

  it("lets the agent choose groups through reset_equipped_tools", async () => {
    const toolkit = new Toolkit();
    toolkit.registerMetaTool();
    const metaSchema = (properties: Record<string, unknown>) => ({
      type: "function",
      function: {
        name: "reset_equipped_tools",
        description: META_TOOL_DESCRIPTION,
        parameters: { type: "object", properties },
      },
    });
    expect(toolkit.getJsonSchemas()).toEqual([metaSchema({})]);
    expect(
      META_TOOL_DESCRIPTION.startsWith(
        "This function allows you to activate or deactivate tool groups\ndynamically",
      ),
    ).toBe(true);

    toolkit.createToolGroup("browser_use", "The browser-use related tools.", {
      notes: "1. You must xxx\n2. First click xxx\n",
    });
    toolkit.registerToolFunction(constant("tool_function_1", "1"), { groupName: "browser_use" });
    const browser = {
      type: "boolean",
      description: "The browser-use related tools.",
      default: false,
    };
    expect(toolkit.getJsonSchemas()).toEqual([metaSchema({ browser_use: browser })]);

    expect(
      await lastText(toolkit.callTool(call("reset_equipped_tools", { browser_use: true }))),
    ).toBe(
      "Now tool groups 'browser_use' are activated. You MUST follow these notes to use these tools:\n" +
        "<notes>## About Tool Group 'browser_use'\n1. You must xxx\n2. First click xxx\n</notes>",
    );
    expect(toolkit.getJsonSchemas().map((s) => s.function.name)).toEqual([
      "reset_equipped_tools",
      "tool_function_1",
    ]);

    toolkit.createToolGroup("file_use", "The file-use related tools.");
    toolkit.registerToolFunction(constant("tool_function_2", "2"), { groupName: "file_use" });
    const file = { type: "boolean", description: "The file-use related tools.", default: false };
    expect(toolkit.getJsonSchemas()[0]).toEqual(
      metaSchema({ browser_use: browser, file_use: file }),
    );

    expect(await lastText(toolkit.callTool(call("reset_equipped_tools", { file_use: true })))).toBe(
      "Now tool groups 'file_use' are activated.",
    );
    expect(toolkit.getJsonSchemas().map((s) => s.function.name)).toEqual([
      "reset_equipped_tools",
      "tool_function_2",
    ]);

    expect(await lastText(toolkit.callTool(call("reset_equipped_tools", {})))).toBe(
      "All tool groups are now deactivated currently.",
    );
    expect(toolkit.getJsonSchemas().map((s) => s.function.name)).toEqual(["reset_equipped_tools"]);
    expect(await lastText(toolkit.callTool(call("tool_function_1")))).toBe(
      "FunctionInactiveError: The function 'tool_function_1' is in the inactive group 'browser_use'. Activate the tool group by calling 'reset_equipped_tools' first to use this tool.",
    );
    // A non-boolean group switch is rejected by the schema, naming the field.
    expect(
      await lastText(toolkit.callTool(call("reset_equipped_tools", { file_use: "yes" }))),
    ).toContain("file_use: expected boolean, received string");
  });

  it("registers the meta tool once and does not replace a user's tool of that name", () => {
    const toolkit = new Toolkit();
    toolkit.registerMetaTool();
    toolkit.registerMetaTool();
    expect(toolkit.tools.size).toBe(1);
    const other = new Toolkit();
    other.registerToolFunction(constant("reset_equipped_tools", "mine"));
    expect(() => other.registerMetaTool()).toThrow(/already registered/);
  });

  it("saves and loads the active groups as its state", () => {
    const toolkit = new Toolkit();
    toolkit.createToolGroup("a", "A", { active: true });
    toolkit.createToolGroup("b", "B");
    toolkit.createToolGroup("c", "C", { active: true });
    expect(toolkit.stateDict()).toEqual({ active_groups: ["a", "c"] });

    const other = new Toolkit();
    other.createToolGroup("a", "A");
    other.createToolGroup("b", "B", { active: true });
    other.createToolGroup("c", "C");
    other.loadStateDict(toolkit.stateDict());
    expect(other.stateDict()).toEqual({ active_groups: ["a", "c"] });

    expect(() => other.loadStateDict({ active_groups: "a" })).toThrow(StateError);
    expect(() => other.loadStateDict({ active_groups: [], extra: 1 })).toThrow(/extra/);
    other.loadStateDict({ active_groups: ["b"], extra: 1 }, false);
    expect(other.stateDict()).toEqual({ active_groups: ["b"] });
  });

  it("is saved and restored as a nested module of its owner", () => {
    class Owner extends StateModule {
      toolkit = new Toolkit();
    }
    const owner = new Owner();
    owner.toolkit.createToolGroup("web", "Web.", { active: true });
    const saved = owner.stateDict();
    expect(saved).toEqual({ toolkit: { active_groups: ["web"] } });
    owner.toolkit.updateToolGroups(["web"], false);
    owner.loadStateDict(saved);
    expect(owner.toolkit.groups.get("web")?.active).toBe(true);
  });
});

describe("Toolkit: calling tools", () => {
  it("answers an unknown tool with an error result", async () => {
    const toolkit = new Toolkit();
    const all = await collect(toolkit.callTool(call("missing")));
    expect(all).toHaveLength(1);
    expect(texts(all[0])).toEqual([
      "FunctionNotFoundError: Cannot find the function named missing",
    ]);
  });

  it("answers input that fails the zod schema with the field named", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(syncFunc);
    const text = await lastText(toolkit.callTool(call("sync_func", { arg2: ["a"] })));
    expect(text).toBe(
      "InvalidArgumentsError: Invalid arguments of tool 'sync_func': arg1: required (expected number)\n" +
        "Call the tool again with arguments that match its JSON schema.",
    );
    expect(await lastText(toolkit.callTool(call("sync_func", { arg1: "x" })))).toContain(
      "arg1: expected number, received string",
    );
  });

  it("validates input against a JSON Schema", async () => {
    const toolkit = new Toolkit();
    let received: unknown;
    toolkit.registerToolFunction({
      name: "mcp_like",
      description: "From a server.",
      parameters: {
        type: "object",
        properties: {
          mode: { type: "string", enum: ["fast", "slow"] },
          items: { type: "array", items: { type: "integer" } },
        },
        required: ["mode"],
        additionalProperties: false,
      },
      execute: (input) => {
        received = input;
        return "ok";
      },
    });
    const text = await lastText(
      toolkit.callTool(call("mcp_like", { mode: "medium", items: [1, "2"], extra: true })),
    );
    expect(text).toContain('mode: expected one of "fast", "slow", received "medium"');
    expect(text).toContain("items[1]: expected integer, received string");
    expect(text).toContain("extra: unexpected property");
    expect(received).toBeUndefined();
    expect(await lastText(toolkit.callTool(call("mcp_like", { mode: "fast" })))).toBe("ok");
    expect(received).toEqual({ mode: "fast" });
  });

  it("turns a thrown error into an error result", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "boom",
      description: "Fails.",
      parameters: z.object({}),
      execute: () => {
        throw new Error("disk on fire");
      },
    });
    toolkit.registerToolFunction({
      name: "async_boom",
      description: "Fails later.",
      parameters: z.object({}),
      execute: async () => {
        await Promise.resolve();
        throw new Error("later");
      },
    });
    expect(await lastText(toolkit.callTool(call("boom")))).toBe("Error: disk on fire");
    expect(await lastText(toolkit.callTool(call("async_boom")))).toBe("Error: later");
  });

  it("says so when a tool returns something that is not a response", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "bad",
      description: "Returns a number.",
      parameters: z.object({}),
      execute: () => 42 as never,
    });
    expect(await lastText(toolkit.callTool(call("bad")))).toBe(
      "Error: The tool function must return a ToolResponse, a string or an AsyncIterable of ToolResponses, but got number.",
    );
  });

  it("streams a streaming tool's cumulative chunks", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "counter",
      description: "Counts.",
      parameters: z.object({ n: z.number().int() }),
      async *execute({ n }) {
        let text = "";
        for (let i = 1; i <= n; i++) {
          text += String(i);
          yield toolResponse(text, { stream: true, isLast: i === n });
        }
      },
    });
    const all = await collect(toolkit.callTool(call("counter", { n: 3 })));
    expect(all.map((r) => texts(r).join(""))).toEqual(["1", "12", "123"]);
    expect(all.map((r) => r.isLast)).toEqual([false, false, true]);
  });

  it("ends a stream that throws with its content so far and the error", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "flaky",
      description: "Fails mid-way.",
      parameters: z.object({}),
      async *execute() {
        yield toolResponse("part", { stream: true, isLast: false });
        throw new Error("connection lost");
      },
    });
    const all = await collect(toolkit.callTool(call("flaky")));
    expect(all).toHaveLength(2);
    expect(texts(all[1])).toEqual(["part", "Error: connection lost"]);
    expect(all[1]?.isLast).toBe(true);
  });

  it("runs the postprocess function on every response and lets it replace them", async () => {
    const toolkit = new Toolkit();
    const seen: string[] = [];
    const block = call("sync_func", { arg1: 10, arg2: ["test"] });
    toolkit.registerToolFunction(syncFunc, {
      postprocessFunc: async (toolCall, response) => {
        seen.push(toolCall.id);
        return { ...response, content: [...response.content, { type: "text", text: "Processed" }] };
      },
    });
    const all = await collect(toolkit.callTool(block));
    expect(texts(all[0])).toEqual(['arg1: 10, arg2: ["test"]', "Processed"]);
    expect(seen).toEqual(["call-1"]);

    toolkit.registerToolFunction(
      {
        name: "stream",
        description: "s",
        parameters: z.object({}),
        async *execute() {
          yield toolResponse("a", { stream: true, isLast: false });
          yield toolResponse("ab", { stream: true });
        },
      },
      {
        postprocessFunc: (_call, r) => (texts(r)[0] === "a" ? undefined : toolResponse("replaced")),
      },
    );
    const streamed = await collect(toolkit.callTool(call("stream")));
    expect(streamed.map((r) => texts(r).join(""))).toEqual(["a", "replaced"]);
  });

  it("turns a failing postprocess function into an error result", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(constant("c", "v"), {
      postprocessFunc: () => {
        throw new Error("bad hook");
      },
    });
    expect(await lastText(toolkit.callTool(call("c")))).toBe(
      "Error: The postprocess function failed: bad hook",
    );
  });

  it("hands the signal, call id and agent to the tool", async () => {
    const toolkit = new Toolkit();
    const agent = new UserAgent({ name: "Friday" });
    let seen: unknown[] = [];
    toolkit.registerToolFunction({
      name: "ctx",
      description: "c",
      parameters: z.object({}),
      execute: (_input, context) => {
        seen = [context.toolCallId, context.agent, context.signal instanceof AbortSignal];
        return "ok";
      },
    });
    await collect(toolkit.callTool(call("ctx", {}, "id-7"), { agent }));
    expect(seen).toEqual(["id-7", agent, true]);
  });

  it("ends an aborted call with an interrupted result, without waiting for the tool", async () => {
    const toolkit = new Toolkit();
    let toolSawAbort = false;
    let signalStarted = () => {};
    const started = new Promise<void>((resolve) => {
      signalStarted = resolve;
    });
    toolkit.registerToolFunction({
      name: "hang",
      description: "Never finishes.",
      parameters: z.object({}),
      execute: (_input, { signal }) =>
        new Promise<string>(() => {
          signal.addEventListener("abort", () => {
            toolSawAbort = true;
          });
          signalStarted();
        }),
    });
    const controller = new AbortController();
    const pending = collect(toolkit.callTool(call("hang"), { signal: controller.signal }));
    // Aborted once the tool runs (it says so), not after a guessed delay.
    await started;
    controller.abort();
    const all = await pending;
    expect(all).toHaveLength(1);
    expect(texts(all[0])).toEqual([TOOL_INTERRUPTED_TEXT]);
    expect(TOOL_INTERRUPTED_TEXT).toBe(
      "<system-info>The tool call has been interrupted by the user.</system-info>",
    );
    expect(all[0]).toMatchObject({ isInterrupted: true, isLast: true });
    expect(toolSawAbort).toBe(true);
  });

  it("appends the interruption to the last chunk of an aborted stream", async () => {
    const toolkit = new Toolkit();
    // The stream's third chunk waits until the test releases it; its cleanup says when it ran.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signalCleanedUp = () => {};
    const cleanedUp = new Promise<void>((resolve) => {
      signalCleanedUp = resolve;
    });
    let cleanupRan = false;
    toolkit.registerToolFunction({
      name: "slow_stream",
      description: "s",
      parameters: z.object({}),
      async *execute() {
        try {
          yield toolResponse("1", { stream: true, isLast: false });
          yield toolResponse("12", { stream: true, isLast: false });
          await released;
          yield toolResponse("123", { stream: true });
        } finally {
          cleanupRan = true;
          signalCleanedUp();
        }
      },
    });
    const controller = new AbortController();
    const all: ToolResponse[] = [];
    for await (const r of toolkit.callTool(call("slow_stream"), { signal: controller.signal })) {
      all.push(r);
      if (all.length === 2) controller.abort();
    }
    expect(all.map((r) => texts(r))).toEqual([["1"], ["12"], ["12", TOOL_INTERRUPTED_TEXT]]);
    expect(all[2]).toMatchObject({ isInterrupted: true, isLast: true });
    // The interrupted result came without waiting for the stream, which is still parked...
    expect(cleanupRan).toBe(false);
    // ...and once it can go on, it is closed: its cleanup runs, no third chunk is taken.
    release();
    await cleanedUp;
    expect(all).toHaveLength(3);
  });

  it("does not run a tool when the signal is already aborted", async () => {
    const toolkit = new Toolkit();
    let ran = false;
    toolkit.registerToolFunction({
      name: "never",
      description: "n",
      parameters: z.object({}),
      execute: () => {
        ran = true;
        return "ran";
      },
    });
    const controller = new AbortController();
    controller.abort();
    const all = await collect(toolkit.callTool(call("never"), { signal: controller.signal }));
    expect(ran).toBe(false);
    expect(all[0]?.isInterrupted).toBe(true);
  });

  it("treats an abort error thrown after the signal fired as an interruption", async () => {
    const toolkit = new Toolkit();
    const controller = new AbortController();
    toolkit.registerToolFunction({
      name: "throws_on_abort",
      description: "t",
      parameters: z.object({}),
      execute: (_input, { signal }) => {
        controller.abort();
        signal.throwIfAborted();
        return "unreachable";
      },
    });
    const all = await collect(
      toolkit.callTool(call("throws_on_abort"), { signal: controller.signal }),
    );
    expect(all[0]).toMatchObject({ isInterrupted: true });
    expect(texts(all[0])).toEqual([TOOL_INTERRUPTED_TEXT]);
  });

  it("runs middlewares onion-style", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "echo",
      description: "e",
      parameters: z.object({ a: z.string() }),
      execute: ({ a }) => a,
    });
    const wrap = (tag: string) =>
      async function* (
        kwargs: Parameters<Parameters<Toolkit["registerMiddleware"]>[0]>[0],
        next: Parameters<Parameters<Toolkit["registerMiddleware"]>[0]>[1],
      ) {
        const input = { a: `${String(kwargs.toolCall.input.a)}[pre${tag}]` };
        for await (const r of next({ ...kwargs, toolCall: { ...kwargs.toolCall, input } })) {
          yield toolResponse(`${texts(r).join("")}[post${tag}]`);
        }
      };
    toolkit.registerMiddleware(wrap("1"));
    toolkit.registerMiddleware(wrap("2"));
    expect(await lastText(toolkit.callTool(call("echo", { a: "[ori]" })))).toBe(
      "[ori][pre1][pre2][post2][post1]",
    );
    toolkit.registerMiddleware(() => {
      throw new Error("middleware broke");
    });
    expect(await lastText(toolkit.callTool(call("echo", { a: "x" })))).toBe(
      "Error: middleware broke",
    );
  });

  it("treats missing input as no arguments and rejects a non-object input", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(constant("none", "fine"));
    expect(
      await lastText(toolkit.callTool({ type: "tool_use", id: "1", name: "none" } as never)),
    ).toBe("fine");
    expect(
      await lastText(
        toolkit.callTool({ type: "tool_use", id: "1", name: "none", input: [1] } as never),
      ),
    ).toContain("expected an object of named arguments, received array");
  });
});
