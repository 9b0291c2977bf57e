import { describe, expect, it } from "vitest";
import { makeAgent, promptText } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";

const createPlanInput = {
  name: "Trip",
  description: "Plan a trip to Rome.",
  expected_outcome: "An itinerary.",
  subtasks: [
    { name: "Flights", description: "Find flights.", expected_outcome: "Flight list." },
    { name: "Hotel", description: "Book a hotel.", expected_outcome: "A booking." },
  ],
};

describe("ReActAgent with a PlanNotebook", () => {
  it("creates a plan through a tool call and shows the plan hint before each reasoning step", async () => {
    const notebook = new PlanNotebook();
    const { agent, model } = makeAgent(
      [scriptedToolCall("create_plan", createPlanInput), scriptedText("Plan created.")],
      { planNotebook: notebook },
    );
    expect(model.calls).toHaveLength(0);
    await agent.call(new Msg("user", "Plan my trip to Rome.", "user"));

    expect(notebook.currentPlan?.name).toBe("Trip");
    expect(notebook.currentPlan?.subtasks.map((s) => s.name)).toEqual(["Flights", "Hotel"]);
    const tools = model.calls[0]?.options.tools?.map((t) => t.function.name) ?? [];
    expect(tools).toContain("create_plan");
    expect(tools).toContain("finish_subtask");

    const first = model.calls[0]?.messages ?? [];
    expect(first.at(-1)).toMatchObject({ role: "user", name: "user" });
    expect(promptText(first)).toContain("you NEED to create a plan first by calling 'create_plan'");
    const second = model.calls[1]?.messages ?? [];
    expect(promptText(second)).toContain("The current plan:");
    expect(promptText(second)).toContain("Mark the first subtask as 'in_progress'");

    // Hints are removed from memory once formatted.
    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual(["user", "assistant", "system", "assistant"]);
    expect(promptText(memory.map((m) => ({ content: m.content })))).not.toContain("<system-hint>");
  });

  it("puts the plan tools in an inactive plan_related group with the meta tool", async () => {
    const notebook = new PlanNotebook();
    const { agent, model } = makeAgent(
      [
        scriptedToolCall("reset_equipped_tools", { plan_related: true }),
        scriptedToolCall("create_plan", createPlanInput),
        scriptedText("Done."),
      ],
      { planNotebook: notebook, enableMetaTool: true },
    );
    expect(agent.toolkit.groups.get("plan_related")?.description).toBe(notebook.description);
    await agent.call(new Msg("user", "Plan it.", "user"));
    const names = (i: number) => model.calls[i]?.options.tools?.map((t) => t.function.name) ?? [];
    expect(names(0)).toEqual(["reset_equipped_tools"]);
    expect(names(1)).toContain("create_plan");
    expect(notebook.currentPlan?.name).toBe("Trip");
    expect(agent.toolkit.stateDict()).toEqual({ active_groups: ["plan_related"] });
  });
});
