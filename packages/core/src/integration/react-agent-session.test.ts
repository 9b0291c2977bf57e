import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { Msg } from "../message/msg.js";
import { JSONSession } from "../node/json-session.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import type { ScriptStep } from "../testing/scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { Toolkit } from "../tool/toolkit.js";
import { makeAgent, promptText } from "./__fixtures__/react-kit.js";

function buildAgent(script: ScriptStep[]) {
  const toolkit = new Toolkit();
  toolkit.createToolGroup("travel", "Travel tools.", { notes: "Use them for trips." });
  toolkit.registerToolFunction(
    tool({
      name: "find_flights",
      description: "Find flights to a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => `3 flights to ${city}`,
    }),
    { groupName: "travel" },
  );
  const planNotebook = new PlanNotebook();
  return makeAgent(script, { toolkit, planNotebook, memory: new InMemoryMemory() });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "react-session-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("saving and loading a whole ReActAgent through JSONSession", () => {
  it("restores memory, tool groups and the plan, and continues the conversation", async () => {
    const first = buildAgent([
      scriptedToolCall("create_plan", {
        name: "Rome trip",
        description: "Plan a trip to Rome.",
        expected_outcome: "An itinerary.",
        subtasks: [{ name: "Flights", description: "Find flights.", expected_outcome: "A list." }],
      }),
      scriptedText("I made a plan for your Rome trip."),
    ]);
    first.agent.toolkit.updateToolGroups(["travel"], true);
    await first.agent.call(new Msg("user", "Help me plan a trip to Rome.", "user"));

    const session = new JSONSession({ saveDir: dir });
    await session.save("trip", { agent: first.agent });
    const saved = JSON.parse(await readFile(join(dir, "trip.json"), "utf8"));
    expect(Object.keys(saved.agent).sort()).toEqual([
      "_sys_prompt",
      "memory",
      "name",
      "plan_notebook",
      "toolkit",
    ]);
    expect(saved.agent.toolkit).toEqual({ active_groups: ["travel"] });
    expect(saved.agent.plan_notebook.current_plan.name).toBe("Rome trip");

    const second = buildAgent([
      scriptedToolCall("find_flights", { city: "Rome" }),
      scriptedText("There are 3 flights to Rome."),
    ]);
    expect(second.agent.stateDict()).not.toEqual(first.agent.stateDict());
    expect(await session.load("trip", { agent: second.agent })).toBe(true);
    expect(second.agent.stateDict()).toEqual(first.agent.stateDict());
    expect(second.agent.planNotebook?.currentPlan?.name).toBe("Rome trip");

    const reply = await second.agent.call(new Msg("user", "Find flights, please.", "user"));
    expect(reply.getTextContent()).toBe("There are 3 flights to Rome.");
    const prompt = second.model.calls[0];
    // The restored history and plan reach the model, and the restored group's tool is offered.
    expect(promptText(prompt?.messages ?? [])).toContain("I made a plan for your Rome trip.");
    expect(promptText(prompt?.messages ?? [])).toContain("Rome trip");
    expect(prompt?.options.tools?.map((t) => t.function.name)).toContain("find_flights");
    const memory = await second.agent.memory.getMemory();
    expect(memory[0]?.getTextContent()).toBe("Help me plan a trip to Rome.");
    expect(memory.at(-1)?.id).toBe(reply.id);
    expect(memory.some((m) => JSON.stringify(m.content).includes("3 flights to Rome"))).toBe(true);
  });
});
