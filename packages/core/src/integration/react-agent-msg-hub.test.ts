import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { MsgHub } from "../pipeline/msg-hub.js";
import { sequentialPipeline } from "../pipeline/sequential-pipeline.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { makeAgent, promptText } from "./__fixtures__/react-kit.js";

describe("MsgHub with three ReActAgents", () => {
  it("broadcasts each reply to the other participants, without thinking", async () => {
    const alice = makeAgent(
      [scriptedText("Alice: I vote for Rome.", { thinking: "Rome is warm." })],
      { name: "Alice" },
    );
    const bob = makeAgent([scriptedText("Bob: Rome works for me.")], { name: "Bob" });
    const carol = makeAgent([scriptedText("Carol: Then Rome it is.")], { name: "Carol" });
    const announcement = new Msg("Host", "Where should we travel?", "user");

    const hub = await new MsgHub({
      participants: [alice.agent, bob.agent, carol.agent],
      announcement,
    }).enter();
    try {
      await sequentialPipeline([alice.agent, bob.agent, carol.agent]);
    } finally {
      await hub.exit();
    }

    // Bob saw the announcement and Alice's reply (no thinking) before he answered.
    const bobPrompt = bob.model.calls[0]?.messages ?? [];
    expect(bobPrompt.map((m) => m.name)).toEqual(["system", "Host", "Alice"]);
    expect(promptText(bobPrompt)).toContain("Alice: I vote for Rome.");
    expect(promptText(bobPrompt)).not.toContain("Rome is warm.");
    // Carol saw both.
    expect((carol.model.calls[0]?.messages ?? []).map((m) => m.name)).toEqual([
      "system",
      "Host",
      "Alice",
      "Bob",
    ]);
    // Everyone ends with the same conversation; only Alice keeps her own thinking.
    for (const { agent } of [alice, bob, carol]) {
      const memory = await agent.memory.getMemory();
      expect(memory.map((m) => m.getTextContent())).toEqual([
        "Where should we travel?",
        "Alice: I vote for Rome.",
        "Bob: Rome works for me.",
        "Carol: Then Rome it is.",
      ]);
      expect(memory[1]?.hasContentBlocks("thinking")).toBe(agent === alice.agent);
    }

    // After leaving the hub, replies are no longer shared.
    alice.model.push(scriptedText("Alice: bye."));
    await alice.agent.call();
    expect(await bob.agent.memory.size()).toBe(4);
  });
});
