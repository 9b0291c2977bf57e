import { describe, expect, it } from "vitest";
import { z } from "zod";
import { makeAgent, PlainFormatter } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import type { ToolFunctionSchema } from "../tool/tool-schema.js";
import { Toolkit } from "../tool/toolkit.js";
import type { AgentEventInput } from "./agent-event.js";
import { ReActAgent } from "./react-agent.js";

// What a step reuses instead of building again (issue 35): the tool schemas (not copied), the
// system message, and no events while nobody receives them. Each must still follow changes.

const user = (text: string) => new Msg("user", text, "user");

function weatherToolkit(toolkit = new Toolkit()): Toolkit {
  toolkit.registerToolFunction(
    tool({
      name: "get_weather",
      description: "Get the weather of a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => `Sunny in ${city}`,
    }),
  );
  return toolkit;
}

describe("ReActAgent step reuse", () => {
  it("offers what an overridden getJsonSchemas returns", async () => {
    class RenamingToolkit extends Toolkit {
      override getJsonSchemas(): ToolFunctionSchema[] {
        return super.getJsonSchemas().map((s) => ({
          ...s,
          function: { ...s.function, description: `${s.function.description} (checked)` },
        }));
      }
    }
    const { agent, model } = makeAgent([scriptedText("Hi.")], {
      toolkit: weatherToolkit(new RenamingToolkit()),
    });
    await agent.call(user("Hello"));
    expect(model.calls[0]?.options.tools?.[0]?.function.description).toBe(
      "Get the weather of a city. (checked)",
    );
  });

  it("offers a tool schema changed in place since the previous reply", async () => {
    const { agent, model } = makeAgent([scriptedText("One."), scriptedText("Two.")], {
      toolkit: weatherToolkit(),
    });
    await agent.call(user("First"));
    const registered = agent.toolkit.tools.get("get_weather");
    if (!registered) throw new Error("get_weather is not registered");
    registered.jsonSchema.function.description = "Weather, changed.";
    await agent.call(user("Second"));
    expect(model.calls[0]?.options.tools?.[0]?.function.description).toBe(
      "Get the weather of a city.",
    );
    expect(model.calls[1]?.options.tools?.[0]?.function.description).toBe("Weather, changed.");
    // What getJsonSchemas hands out stays the caller's own copy.
    const copy = agent.toolkit.getJsonSchemas()[0];
    expect(copy).not.toBe(registered.jsonSchema);
    expect(copy).toEqual(registered.jsonSchema);
  });

  it("offers at the next step a tool registered during the reply", async () => {
    const toolkit = weatherToolkit();
    toolkit.registerToolFunction(
      tool({
        name: "equip",
        description: "Equips the forecast tool.",
        parameters: z.object({}),
        execute: () => {
          toolkit.registerToolFunction(
            tool({
              name: "forecast",
              description: "Tomorrow's weather.",
              parameters: z.object({ city: z.string() }),
              execute: ({ city }) => `Rain in ${city}`,
            }),
          );
          return "Equipped.";
        },
      }),
    );
    const { agent, model } = makeAgent([scriptedToolCall("equip"), scriptedText("Done.")], {
      toolkit,
    });
    await agent.call(user("Get ready"));
    const names = (call: number) =>
      model.calls[call]?.options.tools?.map((schema) => schema.function.name);
    expect(names(0)).toEqual(["get_weather", "equip"]);
    expect(names(1)).toEqual(["get_weather", "equip", "forecast"]);
  });

  it("formats the current system prompt on every step", async () => {
    const { agent, model } = makeAgent(
      [
        scriptedToolCall("get_weather", { city: "Oslo" }),
        scriptedText("Snow."),
        scriptedText("Rain."),
      ],
      { toolkit: weatherToolkit() },
    );
    await agent.call(user("Oslo?"));
    agent.sysPrompt = "You are terse.";
    await agent.call(user("Bergen?"));
    const systems = model.calls.map((c) => c.messages[0]);
    expect(systems.map((m) => (m as { content: unknown }).content)).toEqual([
      "You are a helpful assistant named Friday.",
      "You are a helpful assistant named Friday.",
      "You are terse.",
    ]);
  });

  it("still emits every event to a subclass that overrides emit during call()", async () => {
    const seen: string[] = [];
    class WatchedAgent extends ReActAgent {
      protected override async emit(event: AgentEventInput): Promise<void> {
        seen.push(event.type);
        await super.emit(event);
      }
    }
    const { model } = makeAgent([
      scriptedToolCall("get_weather", { city: "Rome" }),
      scriptedText("Sunny."),
    ]);
    const agent = new WatchedAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model,
      formatter: new PlainFormatter(),
      toolkit: weatherToolkit(),
    });
    agent.setConsoleOutputEnabled(false);
    await agent.call(user("Rome?"));
    expect(seen).toEqual(["reply_start", "tool_call", "tool_result_chunk", "reply"]);
  });
});
