import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolResultBlock, ToolUseBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { toolResponse } from "../tool/tool-response.js";
import { Toolkit } from "../tool/toolkit.js";
import { makeAgent } from "./__fixtures__/react-kit.js";

/** Tool input as a model sends it: JSON whose keys include `__proto__` and `constructor`. */
const HOSTILE = JSON.parse(
  '{"path": "a.txt", "__proto__": {"polluted": "input"}, "constructor": {"prototype": {"polluted": "ctor"}}}',
) as Record<string, unknown>;

const ownKeys = (value: unknown): string[] => Object.keys(value as object);
const isClean = (value: unknown): boolean =>
  Object.getPrototypeOf(value) === Object.prototype &&
  (value as Record<string, unknown>).polluted === undefined;

let protoBefore: string[];
beforeEach(() => {
  protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe("__proto__ and constructor keys through an agent", () => {
  it("stay own data keys in tool input, hook arguments, results, memory and saved state", async () => {
    const toolkit = new Toolkit();
    const received: Record<string, unknown>[] = [];
    toolkit.registerToolFunction(
      {
        name: "read_file",
        description: "Reads a file.",
        parameters: {
          type: "object",
          properties: { path: { type: "string" }, mode: { type: "string" } },
          required: ["path"],
          additionalProperties: true,
        },
        execute: (input) => {
          received.push(input);
          return toolResponse("contents", { metadata: structuredClone(HOSTILE) });
        },
      },
      { presetKwargs: { mode: "r" } },
    );
    const { agent } = makeAgent([scriptedToolCall("read_file", HOSTILE), scriptedText("Done.")], {
      toolkit,
    });
    const hookInputs: Record<string, unknown>[] = [];
    agent.registerInstanceHook("pre_acting", "spy", (_a, kwargs) => {
      hookInputs.push((kwargs.tool_call as ToolUseBlock).input);
    });

    await agent.call(new Msg("user", "Read a.txt", "user"));

    // The tool got its own copy, keys intact, presets merged, prototype untouched.
    expect(received).toHaveLength(1);
    expect(ownKeys(received[0])).toEqual(["path", "__proto__", "constructor", "mode"]);
    expect(isClean(received[0])).toBe(true);
    // The hook's copy of the arguments.
    expect(ownKeys(hookInputs[0])).toEqual(["path", "__proto__", "constructor"]);
    expect(isClean(hookInputs[0])).toBe(true);
    // Memory: the tool_use input, and the tool result.
    const blocks = (await agent.memory.getMemory()).flatMap((m) => m.getContentBlocks());
    const use = blocks.find((b) => b.type === "tool_use") as ToolUseBlock;
    expect(ownKeys(use.input)).toEqual(["path", "__proto__", "constructor"]);
    expect(isClean(use.input)).toBe(true);
    const result = blocks.find((b) => b.type === "tool_result") as ToolResultBlock;
    expect(result.output).toEqual([{ type: "text", text: "contents" }]);

    // Saved and loaded again: still own data keys.
    const state = JSON.parse(JSON.stringify(agent.stateDict()));
    const { agent: restored } = makeAgent([], { toolkit: new Toolkit() });
    restored.loadStateDict(state);
    const restoredUse = (await restored.memory.getMemory())
      .flatMap((m) => m.getContentBlocks())
      .find((b) => b.type === "tool_use") as ToolUseBlock;
    expect(ownKeys(restoredUse.input)).toEqual(["path", "__proto__", "constructor"]);
    expect(isClean(restoredUse.input)).toBe(true);
  });

  it("keep an extended model's split of tool input free of prototype changes", async () => {
    const toolkit = new Toolkit();
    const received: Record<string, unknown>[] = [];
    toolkit.registerToolFunction({
      name: "finish",
      description: "Finishes.",
      parameters: { type: "object", properties: {}, additionalProperties: true },
      execute: (input) => {
        received.push(input);
        return "ok";
      },
    });
    toolkit.setExtendedModel("finish", {
      type: "object",
      properties: { answer: { type: "string" } },
    });
    const responses = [];
    for await (const r of toolkit.callTool({
      type: "tool_use",
      id: "c1",
      name: "finish",
      input: { ...HOSTILE, answer: "42" },
    })) {
      responses.push(r);
    }
    expect(responses.at(-1)?.content).toEqual([{ type: "text", text: "ok" }]);
    expect(ownKeys(received[0])).toEqual(["path", "__proto__", "constructor", "answer"]);
    expect(isClean(received[0])).toBe(true);
  });
});
