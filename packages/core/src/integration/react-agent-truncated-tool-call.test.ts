import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { Msg } from "../message/msg.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { Toolkit } from "../tool/toolkit.js";
import { makeAgent, sleepyTool, type TimedCall } from "./__fixtures__/react-kit.js";

/** A toolkit whose `get_weather` records each run in `runs`. */
function weatherToolkit(runs: TimedCall[]): Toolkit {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(sleepyTool("get_weather", 0, runs));
  return toolkit;
}

// {"city":"Paris"} streams in chunks of 8 characters: after one chunk the arguments are `{"city":`.
const cutCall = () =>
  scriptedToolCall("get_weather", { city: "Paris" }, { callId: "c1", endAfterChunks: 1 });
const user = () => new Msg("user", "Weather in Paris?", "user");

describe("ReActAgent over a stream that ends in the middle of a tool call", () => {
  it("never runs the tool and keeps no tool_use in memory; the reply fails with a retryable ModelError", async () => {
    const runs: TimedCall[] = [];
    const { agent, model } = makeAgent([cutCall()], { toolkit: weatherToolkit(runs) });
    const error = await agent.call(user()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/"get_weather" \(id "c1"\) are incomplete JSON/);
    expect(runs).toEqual([]);
    expect(model.callCount).toBe(1);
    const memory = await agent.memory.getMemory();
    expect(memory.flatMap((m) => m.getContentBlocks("tool_use"))).toEqual([]);
    expect(memory.map((m) => m.role)).toEqual(["user"]);
  });

  it("answers when the reply is retried: the tool runs once, on the whole arguments", async () => {
    const runs: TimedCall[] = [];
    const { agent } = makeAgent(
      [
        cutCall(),
        scriptedToolCall("get_weather", { city: "Paris" }, { callId: "c2" }),
        scriptedText("Sunny in Paris."),
      ],
      { toolkit: weatherToolkit(runs) },
    );
    await expect(agent.call(user())).rejects.toMatchObject({ retryable: true });
    const reply = await agent.call(null);

    expect(reply.getTextContent()).toBe("Sunny in Paris.");
    expect(runs.map((r) => r.name)).toEqual(["get_weather"]);
    const toolUses = (await agent.memory.getMemory()).flatMap((m) =>
      m.getContentBlocks("tool_use"),
    );
    expect(toolUses.map((b) => [b.id, b.input])).toEqual([["c2", { city: "Paris" }]]);
  });

  it("with a non-streaming model, the model's own retry gets the whole call and the tool runs once", async () => {
    const runs: TimedCall[] = [];
    const { agent, model } = makeAgent(
      [
        cutCall(),
        scriptedToolCall("get_weather", { city: "Paris" }, { callId: "c2" }),
        scriptedText("Sunny in Paris."),
      ],
      { toolkit: weatherToolkit(runs), modelOptions: { stream: false, maxRetries: 1 } },
    );
    const reply = await agent.call(user());

    expect(reply.getTextContent()).toBe("Sunny in Paris.");
    expect(runs.map((r) => r.name)).toEqual(["get_weather"]);
    expect(model.callCount).toBe(3);
    const toolUses = (await agent.memory.getMemory()).flatMap((m) =>
      m.getContentBlocks("tool_use"),
    );
    expect(toolUses.map((b) => [b.id, b.input])).toEqual([["c2", { city: "Paris" }]]);
  });
});
