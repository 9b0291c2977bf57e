import { describe, expect, it } from "vitest";
import { validateJsonSchema } from "../tool/json-schema-validator.js";
import type { JsonSchemaObject, ToolContext, ToolDefinition } from "../tool/tool-definition.js";
import type { ToolResponse } from "../tool/tool-response.js";
import { PlanNotebook } from "./plan-notebook.js";

const context: ToolContext = { signal: new AbortController().signal, toolCallId: "call_1" };

function byName(notebook: PlanNotebook): Record<string, ToolDefinition> {
  return Object.fromEntries(notebook.listTools().map((t) => [t.name, t]));
}

/** Validates the input with the tool's JSON schema (as a Toolkit does), then runs the tool. */
async function call(tool: ToolDefinition | undefined, input: unknown): Promise<string> {
  if (!tool) throw new Error("no such tool");
  const issues = validateJsonSchema(tool.parameters as JsonSchemaObject, input);
  if (issues.length > 0) throw new Error(`bad input: ${JSON.stringify(issues)}`);
  const result = (await tool.execute(input as Record<string, unknown>, context)) as ToolResponse;
  const [block] = result.content;
  return block?.type === "text" ? block.text : "";
}

const schemaOf = (tool: ToolDefinition | undefined) =>
  tool?.parameters as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };

describe("PlanNotebook.listTools", () => {
  it("lists AgentScope's plan tools in AgentScope's order", () => {
    expect(new PlanNotebook().listTools().map((t) => t.name)).toEqual([
      "view_subtasks",
      "update_subtask_state",
      "finish_subtask",
      "create_plan",
      "revise_current_plan",
      "finish_plan",
      "view_historical_plans",
      "recover_historical_plan",
    ]);
  });

  it("describes tools and arguments with AgentScope's docstrings", () => {
    const tools = byName(new PlanNotebook());
    expect(tools.create_plan?.description).toBe("Create a plan by given name and sub-tasks.");
    expect(tools.update_subtask_state?.description).toBe(
      "Update the state of a subtask by given index and state. Note if you\nwant to mark a subtask as done, you SHOULD call `finish_subtask`\ninstead with the specific outcome.",
    );

    const create = schemaOf(tools.create_plan);
    expect(create.required).toEqual(["name", "description", "expected_outcome", "subtasks"]);
    expect(create.properties.expected_outcome?.description).toBe(
      "The expected outcome of the plan, which should be specific,\nconcrete and measurable.",
    );
    const subtask = (create.properties.subtasks?.items ?? {}) as {
      required: string[];
      properties: Record<string, { description?: string; enum?: string[] }>;
    };
    expect(subtask.required).toEqual(["name", "description", "expected_outcome"]);
    expect(subtask.properties.state?.enum).toEqual(["todo", "in_progress", "done", "abandoned"]);
    expect(subtask.properties.expected_outcome?.description).toBe(
      "The expected outcome of the subtask, which should be specific, concrete and measurable.",
    );

    const revise = schemaOf(tools.revise_current_plan);
    expect(revise.required).toEqual(["subtask_idx", "action"]);
    expect(revise.properties.subtask_idx?.type).toBe("integer");
    expect(revise.properties.action?.enum).toEqual(["add", "revise", "delete"]);

    expect(schemaOf(tools.update_subtask_state).properties.state?.enum).toEqual([
      "todo",
      "in_progress",
      "abandoned",
    ]);
    expect(schemaOf(tools.finish_plan).properties.state?.enum).toEqual(["done", "abandoned"]);
    expect(schemaOf(tools.view_historical_plans).properties).toEqual({});
    expect(schemaOf(tools.recover_historical_plan).required).toEqual(["plan_id"]);
  });

  it("runs a whole plan through the tools, as a model would", async () => {
    const notebook = new PlanNotebook();
    const tools = byName(notebook);
    expect(
      await call(tools.create_plan, {
        name: "Research",
        description: "Compare two libraries.",
        expected_outcome: "A comparison table.",
        subtasks: [
          { name: "Collect", description: "Collect facts.", expected_outcome: "A list of facts." },
          { name: "Write", description: "Write the table.", expected_outcome: "table.md" },
        ],
      }),
    ).toBe("Plan 'Research' created successfully.");
    expect(notebook.currentPlan?.subtasks[1]?.toDict()).toMatchObject({
      name: "Write",
      state: "todo",
      outcome: null,
      finished_at: null,
    });

    expect(
      await call(tools.revise_current_plan, {
        subtask_idx: 2,
        action: "add",
        subtask: { name: "Review", description: "Proofread.", expected_outcome: "No typos." },
      }),
    ).toBe("New subtask is added successfully at index 2.");
    expect(await call(tools.update_subtask_state, { subtask_idx: 0, state: "in_progress" })).toBe(
      "Subtask at index 0, named 'Collect' is marked as 'in_progress' successfully. The plan state has been updated to 'in_progress'.",
    );
    expect(
      await call(tools.finish_subtask, { subtask_idx: 0, subtask_outcome: "Facts: a, b" }),
    ).toContain("The next subtask named 'Write' is activated.");
    expect(await call(tools.view_subtasks, { subtask_idx: [0] })).toContain(
      "\t- Actual Outcome: Facts: a, b\n",
    );
    expect(
      await call(tools.finish_plan, { state: "abandoned", outcome: "User changed mind." }),
    ).toBe("The current plan is finished successfully as 'abandoned'.");
    const listing = await call(tools.view_historical_plans, {});
    const id = /- ID: (\S+)/.exec(listing)?.[1];
    expect(await call(tools.recover_historical_plan, { plan_id: id })).toBe(
      `Historical plan named 'Research' with ID '${id}' is recovered successfully.`,
    );
    expect(notebook.currentPlan?.state).toBe("abandoned");
  });

  it("lets the schemas reject malformed calls before they reach the notebook", () => {
    const tools = byName(new PlanNotebook());
    const check = (name: string, input: unknown) =>
      validateJsonSchema(tools[name]?.parameters as JsonSchemaObject, input);
    expect(check("update_subtask_state", { subtask_idx: 0, state: "done" })).toEqual([
      {
        path: "state",
        message: 'expected one of "todo", "in_progress", "abandoned", received "done"',
      },
    ]);
    expect(check("finish_subtask", { subtask_idx: 0.5, subtask_outcome: "x" })).toEqual([
      { path: "subtask_idx", message: "expected integer, received number" },
    ]);
    expect(
      check("create_plan", {
        name: "n",
        description: "d",
        expected_outcome: "e",
        subtasks: [{ name: "only a name" }],
      }).map((i) => i.path),
    ).toEqual(["subtasks[0].description", "subtasks[0].expected_outcome"]);
    expect(check("update_subtask_state", { subtask_idx: 0, state: "todo" })).toEqual([]);
  });

  it("surfaces a call without a plan as a thrown ToolError for the Toolkit to report", async () => {
    const tools = byName(new PlanNotebook());
    await expect(
      call(tools.finish_subtask, { subtask_idx: 0, subtask_outcome: "x" }),
    ).rejects.toThrow(/create a plan by calling create_plan\(\) first/);
  });
});
