import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeAgent, PlainFormatter } from "../integration/__fixtures__/react-kit.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import type { ToolChoice } from "../model/tool-choice.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { Toolkit } from "../tool/toolkit.js";
import type { HookType } from "./hook-types.js";
import { ReActAgent } from "./react-agent.js";

function cityToolkit(cities: string[]): Toolkit {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "get_weather",
      description: "Weather of a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        cities.push(city);
        return `Sunny in ${city}`;
      },
    }),
  );
  return toolkit;
}

class CountingAgent extends ReActAgent {
  reasoningCalls = 0;
  actingCalls = 0;

  protected override async reasoning(toolChoice?: ToolChoice | null): Promise<Msg> {
    this.reasoningCalls++;
    return super.reasoning(toolChoice);
  }

  protected override async acting(toolCall: ToolUseBlock) {
    this.actingCalls++;
    return super.acting(toolCall);
  }
}

afterEach(() => {
  CountingAgent.clearClassHooks();
});

describe("ReActAgent hooks", () => {
  it("fires every hook type in order and lets each modify arguments or results", async () => {
    const cities: string[] = [];
    const { agent, model } = makeAgent(
      [scriptedToolCall("get_weather", { city: "Paris" }), scriptedText("It is sunny.")],
      { toolkit: cityToolkit(cities) },
    );
    const printed: string[] = [];
    agent.setConsoleOutputEnabled(true);
    agent.setOutputSink({ write: (text) => printed.push(text) });
    const log: HookType[] = [];
    const seen: Record<string, unknown> = {};

    agent.registerInstanceHook("pre_reply", "h", (_a, kwargs) => {
      log.push("pre_reply");
      const msg = kwargs.msg as Msg;
      return { ...kwargs, msg: new Msg(msg.name, `${msg.getTextContent()} (edited)`, msg.role) };
    });
    agent.registerInstanceHook("post_reply", "h", (_a, _kwargs, output) => {
      log.push("post_reply");
      output.metadata = { ...output.metadata, hooked: true };
      return output;
    });
    agent.registerInstanceHook("pre_reasoning", "h", (_a, kwargs) => {
      log.push("pre_reasoning");
      seen.toolChoice = kwargs.tool_choice;
      return { ...kwargs, tool_choice: "auto" };
    });
    agent.registerInstanceHook("post_reasoning", "h", (_a, _kwargs, output) => {
      log.push("post_reasoning");
      const msg = output as Msg;
      if (msg.hasContentBlocks("tool_use")) return undefined;
      msg.content = [...msg.getContentBlocks(), { type: "text", text: "[checked]" }];
      return msg;
    });
    agent.registerInstanceHook("pre_acting", "h", (_a, kwargs) => {
      log.push("pre_acting");
      const call = kwargs.tool_call as ToolUseBlock;
      return { ...kwargs, tool_call: { ...call, input: { city: "Berlin" } } };
    });
    agent.registerInstanceHook("post_acting", "h", (_a, kwargs, output) => {
      log.push("post_acting");
      seen.actingKwargs = kwargs;
      seen.actingOutput = output;
    });
    let prints = 0;
    agent.registerInstanceHook("pre_print", "h", (_a, kwargs) => {
      prints++;
      if (kwargs.msg.role !== "system") return undefined;
      return { ...kwargs, msg: new Msg("system", "[redacted]", "system", { id: kwargs.msg.id }) };
    });
    let postPrints = 0;
    agent.registerInstanceHook("post_print", "h", () => {
      postPrints++;
    });

    const reply = await agent.call(new Msg("user", "Weather?", "user"));

    expect(log).toEqual([
      "pre_reply",
      "pre_reasoning",
      "post_reasoning",
      "pre_acting",
      "post_acting",
      "pre_reasoning",
      "post_reasoning",
      "post_reply",
    ]);
    // pre_reply changed the input, pre_acting the tool call, pre_reasoning the tool choice.
    expect((await agent.memory.getMemory())[0]?.getTextContent()).toBe("Weather? (edited)");
    expect(cities).toEqual(["Berlin"]);
    expect(seen.toolChoice).toBeNull();
    expect(model.calls.map((c) => c.options.toolChoice)).toEqual(["auto", "auto"]);
    expect(seen.actingKwargs).toMatchObject({
      tool_call: { name: "get_weather", input: { city: "Berlin" } },
    });
    expect(seen.actingOutput).toBeNull();
    // post_reasoning and post_reply changed the result.
    expect(reply.getTextContent()).toBe("It is sunny.\n[checked]");
    expect(reply.metadata).toEqual({ hooked: true });
    // Print hooks ran around every print, and pre_print replaced the tool result shown.
    expect(prints).toBeGreaterThan(3);
    expect(postPrints).toBe(prints);
    const out = printed.join("");
    expect(out).toContain("[redacted]");
    expect(out).not.toContain("Sunny in Berlin");
    expect(out).toContain("It is sunny.");
  });

  it("lets a post_acting hook replace the structured output", async () => {
    const { agent } = makeAgent([
      { text: "Done.", toolCalls: [{ name: "generate_response", input: { answer: "model" } }] },
    ]);
    agent.registerInstanceHook("post_acting", "override", () => ({ answer: "hook" }));
    const reply = await agent.call(new Msg("user", "q", "user"), {
      structuredModel: z.object({ answer: z.string() }),
    });
    expect(reply.metadata).toEqual({ answer: "hook" });
  });

  it("fires observe hooks, which may change the observed message", async () => {
    const { agent } = makeAgent([]);
    const log: string[] = [];
    agent.registerInstanceHook("pre_observe", "h", () => {
      log.push("pre_observe");
      return { msg: new Msg("bob", "rewritten", "user") };
    });
    agent.registerInstanceHook("post_observe", "h", () => {
      log.push("post_observe");
    });
    await agent.observe(new Msg("bob", "original", "user"));
    expect(log).toEqual(["pre_observe", "post_observe"]);
    expect((await agent.memory.getMemory()).map((m) => m.getTextContent())).toEqual(["rewritten"]);
  });

  it("runs class hooks once per step for a subclass overriding reasoning and acting", async () => {
    const model = new ScriptedChatModel({
      script: [scriptedToolCall("get_weather", { city: "Oslo" }), scriptedText("ok")],
    });
    const agent = new CountingAgent({
      name: "Counter",
      sysPrompt: "Count.",
      model,
      formatter: new PlainFormatter(),
      toolkit: cityToolkit([]),
    });
    agent.setConsoleOutputEnabled(false);
    const log: string[] = [];
    for (const type of ["pre_reasoning", "post_reasoning", "pre_acting", "post_acting"] as const) {
      CountingAgent.registerClassHook(type, "log", () => {
        log.push(type);
      });
    }
    agent.registerInstanceHook("pre_reasoning", "first", () => {
      log.push("instance_pre_reasoning");
    });
    await agent.call(new Msg("user", "go", "user"));
    expect(agent.reasoningCalls).toBe(2);
    expect(agent.actingCalls).toBe(1);
    expect(log).toEqual([
      "instance_pre_reasoning",
      "pre_reasoning",
      "post_reasoning",
      "pre_acting",
      "post_acting",
      "instance_pre_reasoning",
      "pre_reasoning",
      "post_reasoning",
    ]);
    // Hooks on the subclass do not leak to ReActAgent itself.
    const plain = makeAgent([scriptedText("hi")]).agent;
    log.length = 0;
    await plain.call(new Msg("user", "go", "user"));
    expect(log).toEqual([]);
  });
});
