import { describe, expect, it } from "vitest";
import { CountingChatFormatter } from "../formatter/__fixtures__/counting-chat-formatter.js";
import { makeAgent } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { Toolkit } from "../tool/toolkit.js";

function echoToolkit(): Toolkit {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "echo",
      description: "Echoes its input.",
      parameters: { type: "object", properties: { n: { type: "number" } } },
      execute: (input) => `echo ${JSON.stringify(input)}`,
    }),
  );
  return toolkit;
}

const rounds = (n: number) => [
  ...Array.from({ length: n }, (_, i) => scriptedToolCall("echo", { n: i }, { callId: `c${i}` })),
  scriptedText("done"),
];

describe("ReActAgent formats only what each step appended", () => {
  it("sends every step the same prompt a full format gives, formatting the new messages only", async () => {
    const formatter = new CountingChatFormatter();
    const { agent, model } = makeAgent([...rounds(3), ...rounds(1)], {
      formatter,
      toolkit: echoToolkit(),
    });
    await agent.call(new Msg("user", "go", "user"));
    await agent.call(new Msg("user", "again", "user"));

    // [system, user] in full; then the tool call and its result of each round; then the answer
    // and the next user message.
    expect(formatter.starts).toEqual([0, 2, 4, 6, 8, 10]);
    const stored = await agent.memory.getMemory();
    const system = new Msg("system", agent.sysPrompt, "system");
    const sizes = [1, 3, 5, 7, 9, 11];
    for (const [i, call] of model.calls.entries()) {
      const full = await new CountingChatFormatter().format([system, ...stored.slice(0, sizes[i])]);
      expect(call.messages).toEqual(full);
    }
  });

  it("formats everything again after the plan hint is removed (an edit of the memory)", async () => {
    const formatter = new CountingChatFormatter();
    const { agent, model } = makeAgent(rounds(2), {
      formatter,
      toolkit: echoToolkit(),
      planNotebook: new PlanNotebook(),
    });
    await agent.call(new Msg("user", "go", "user"));
    expect(model.calls).toHaveLength(3);
    expect(formatter.starts).toEqual([0, 0, 0]);
  });
});
