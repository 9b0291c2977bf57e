import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolUseBlock } from "../message/content-block.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import type { ToolResponse } from "./tool-response.js";
import { Toolkit } from "./toolkit.js";

const call = (name: string, input: Record<string, unknown> = {}): ToolUseBlock => ({
  type: "tool_use",
  id: "call-1",
  name,
  input,
});

async function lastText(iterable: AsyncIterable<ToolResponse>): Promise<string> {
  let last: ToolResponse | undefined;
  for await (const r of iterable) last = r;
  return (last?.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("");
}

describe("Toolkit: arguments", () => {
  it("does not check preset arguments against the model-facing schema", async () => {
    const toolkit = new Toolkit();
    let received: unknown;
    toolkit.registerToolFunction(
      {
        name: "fetch_page",
        description: "Fetches a page.",
        parameters: z.object({ url: z.string(), api_key: z.string().min(10) }),
        execute: (input) => {
          received = input;
          return "ok";
        },
      },
      // The developer's value would fail `min(10)`: it is theirs, not the model's, so it passes.
      { presetKwargs: { api_key: "short" } },
    );
    expect(await lastText(toolkit.callTool(call("fetch_page", { url: "u" })))).toBe("ok");
    expect(received).toEqual({ url: "u", api_key: "short" });
    // The model's own arguments are still checked.
    expect(await lastText(toolkit.callTool(call("fetch_page", { url: 1 })))).toContain("url: ");
  });

  it("does not check preset arguments of a JSON Schema tool either", async () => {
    const toolkit = new Toolkit();
    let received: unknown;
    toolkit.registerToolFunction(
      {
        name: "search",
        description: "Searches.",
        parameters: {
          type: "object",
          properties: { query: { type: "string" }, limit: { type: "integer", maximum: 5 } },
          required: ["query", "limit"],
          additionalProperties: false,
        },
        execute: (input) => {
          received = input;
          return "ok";
        },
      },
      { presetKwargs: { limit: 50 } },
    );
    // The model slipping in the hidden argument neither fails (additionalProperties) nor wins.
    expect(await lastText(toolkit.callTool(call("search", { query: "q", limit: 1 })))).toBe("ok");
    expect(received).toEqual({ query: "q", limit: 50 });
  });

  it("lets a tool answer the arguments it checks itself (ownArgumentErrors)", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "set_mode",
      description: "Sets the mode.",
      parameters: z.object({ mode: z.enum(["a", "b"]), note: z.string() }),
      ownArgumentErrors: ["mode"],
      execute: (input) =>
        input.mode === "a" || input.mode === "b" ? "set" : `Invalid mode '${String(input.mode)}'.`,
    });
    expect(await lastText(toolkit.callTool(call("set_mode", { mode: "z", note: "n" })))).toBe(
      "Invalid mode 'z'.",
    );
    // An argument the tool does not check itself still gets the schema's answer.
    const text = await lastText(toolkit.callTool(call("set_mode", { mode: "z" })));
    expect(text).toMatch(/^InvalidArgumentsError: /);
    expect(text).toContain("note: ");
  });

  it("answers the plan tools' bad arguments with AgentScope's Invalid texts", async () => {
    const notebook = new PlanNotebook();
    const toolkit = new Toolkit();
    for (const t of notebook.listTools()) toolkit.registerToolFunction(t);
    await notebook.createPlan("p", "d", "o", [
      { name: "s1", description: "d1", expected_outcome: "o1" },
    ]);
    expect(
      await lastText(
        toolkit.callTool(call("update_subtask_state", { subtask_idx: 0, state: "done" })),
      ),
    ).toBe("Invalid state 'done'. Must be one of 'todo', 'in_progress', 'abandoned'.");
    expect(
      await lastText(
        toolkit.callTool(call("revise_current_plan", { subtask_idx: 0, action: "move" })),
      ),
    ).toBe("Error: Invalid action 'move'. Must be one of 'add', 'revise', 'delete'.");
    expect(
      await lastText(
        toolkit.callTool(call("finish_subtask", { subtask_idx: "zero", subtask_outcome: "x" })),
      ),
    ).toBe("Invalid type for argument 'subtask_idx'. Expected 'int', but got '<class 'str'>'.");
    // Arguments the notebook does not check keep the schema's answer.
    expect(await lastText(toolkit.callTool(call("finish_subtask", { subtask_idx: 0 })))).toMatch(
      /^InvalidArgumentsError: .*subtask_outcome/s,
    );
  });
});
