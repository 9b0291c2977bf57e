import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import {
  makeAgent,
  PlainFormatter,
  promptText,
  sleepyTool,
  type TimedCall,
} from "../integration/__fixtures__/react-kit.js";
import type { ToolResultBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import type { RetryInfo } from "../model/retry-with-backoff.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { tool } from "../tool/define-tool.js";
import { Toolkit } from "../tool/toolkit.js";
import { setTracer } from "../tracing/global-tracer.js";
import type { AgentEvent } from "./agent-event.js";
import { ReActAgent } from "./react-agent.js";
import {
  GENERATE_TEXT_HINT,
  STRUCTURED_OUTPUT_REQUIRED_HINT,
  SUMMARIZING_HINT,
} from "./react-agent-hints.js";

function weatherToolkit(calls: string[] = []): Toolkit {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "get_weather",
      description: "Get the weather of a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        calls.push(`weather:${city}`);
        return `Sunny in ${city}`;
      },
    }),
  );
  toolkit.registerToolFunction(
    tool({
      name: "get_time",
      description: "Get the local time of a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        calls.push(`time:${city}`);
        return `12:00 in ${city}`;
      },
    }),
  );
  return toolkit;
}

const user = (text: string) => new Msg("user", text, "user");

describe("ReActAgent reasoning–acting loop", () => {
  it("runs two tools over two iterations and records every step in memory, in order", async () => {
    const calls: string[] = [];
    const { agent, model } = makeAgent(
      [
        scriptedToolCall("get_weather", { city: "Paris" }, { callId: "c1" }),
        scriptedToolCall("get_time", { city: "Paris" }, { callId: "c2" }),
        scriptedText("It is sunny in Paris at noon."),
      ],
      { toolkit: weatherToolkit(calls) },
    );
    const reply = await agent.call(user("Weather and time in Paris?"));

    expect(reply.getTextContent()).toBe("It is sunny in Paris at noon.");
    expect(calls).toEqual(["weather:Paris", "time:Paris"]);
    const memory = await agent.memory.getMemory();
    expect(memory.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "system",
      "assistant",
      "system",
      "assistant",
    ]);
    expect(memory[1]?.getContentBlocks("tool_use")[0]).toMatchObject({ name: "get_weather" });
    const result = memory[2]?.getContentBlocks("tool_result")[0] as ToolResultBlock;
    expect(result).toMatchObject({ id: "c1", name: "get_weather" });
    expect(result.output).toEqual([{ type: "text", text: "Sunny in Paris" }]);
    expect(memory[4]?.getContentBlocks("tool_result")[0]).toMatchObject({ id: "c2" });
    expect(memory[5]?.id).toBe(reply.id);

    // The system prompt comes first, the tools are offered, and the results reach the model.
    expect(model.calls).toHaveLength(3);
    const first = model.calls[0];
    expect(first?.messages[0]).toEqual({
      role: "system",
      name: "system",
      content: "You are a helpful assistant named Friday.",
    });
    expect(first?.options.tools?.map((t) => t.function.name)).toEqual(["get_weather", "get_time"]);
    expect(first?.options.toolChoice).toBeUndefined();
    expect(promptText(model.calls[2]?.messages ?? [])).toContain("12:00 in Paris");
  });

  it("sums the token usage of every model call of the reply", async () => {
    const { agent } = makeAgent(
      [
        scriptedToolCall(
          "get_weather",
          { city: "Rome" },
          { usage: { inputTokens: 10, outputTokens: 3 } },
        ),
        scriptedText("Sunny.", { usage: { inputTokens: 20, outputTokens: 4 } }),
      ],
      { toolkit: weatherToolkit() },
    );
    const reply = await agent.call(user("Rome?"));
    expect(reply.usage).toMatchObject({ inputTokens: 30, outputTokens: 7 });
    expect(reply.toDict()).not.toHaveProperty("usage");
  });

  it("runs parallel tool calls concurrently when enabled", async () => {
    const events: string[] = [];
    let bothStarted = () => {};
    const started = new Promise<void>((resolve) => (bothStarted = resolve));
    // Each call waits until both have started (or 5 s, so a sequential run fails, not hangs).
    const meeting = (name: string) =>
      tool({
        name,
        description: "Waits for the other call.",
        parameters: z.object({}),
        execute: async () => {
          events.push(`start ${name}`);
          if (events.length === 2) bothStarted();
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([started, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
          clearTimeout(timer);
          events.push(`end ${name}`);
          return `done ${name}`;
        },
      });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(meeting("slow_a"));
    toolkit.registerToolFunction(meeting("slow_b"));
    const { agent } = makeAgent(
      [
        {
          toolCalls: [
            { name: "slow_a", input: {} },
            { name: "slow_b", input: {} },
          ],
        },
        scriptedText("Both done."),
      ],
      { toolkit, parallelToolCalls: true },
    );
    await agent.call(user("go"));
    // Both calls started before either ended: they overlapped.
    expect(events.slice(0, 2).sort()).toEqual(["start slow_a", "start slow_b"]);
    expect(events.slice(2).sort()).toEqual(["end slow_a", "end slow_b"]);
    const results = (await agent.memory.getMemory())
      .flatMap((m) => m.getContentBlocks("tool_result"))
      .map((r) => r.name);
    expect(results.sort()).toEqual(["slow_a", "slow_b"]);
  });

  it("runs tool calls one after another without parallelToolCalls", async () => {
    const log: TimedCall[] = [];
    const toolkit = new Toolkit();
    let endedBeforeBStarted = false;
    toolkit.registerToolFunction(sleepyTool("slow_a", 60, log));
    toolkit.registerToolFunction(
      tool({
        name: "slow_b",
        description: "Notes whether slow_a had finished.",
        parameters: z.object({}),
        execute: () => {
          endedBeforeBStarted = log.length === 1 && !Number.isNaN(log[0]?.end);
          log.push({ name: "slow_b", start: 0, end: 0 });
          return "done slow_b";
        },
      }),
    );
    const { agent } = makeAgent(
      [
        {
          toolCalls: [
            { name: "slow_a", input: {} },
            { name: "slow_b", input: {} },
          ],
        },
        scriptedText("Both done."),
      ],
      { toolkit },
    );
    await agent.call(user("go"));
    const [a, b] = log as [TimedCall, TimedCall];
    expect(a.name).toBe("slow_a");
    expect(b.name).toBe("slow_b");
    // slow_a had finished (its end recorded) when slow_b started: no overlap.
    expect(endedBeforeBStarted).toBe(true);
  });

  it("answers with a summary once maxIters is reached", async () => {
    const { agent, model } = makeAgent(
      [
        scriptedToolCall("get_weather", { city: "Oslo" }),
        scriptedToolCall("get_weather", { city: "Bergen" }),
        scriptedText("I checked Oslo and Bergen but could not finish."),
      ],
      { toolkit: weatherToolkit(), maxIters: 2 },
    );
    const reply = await agent.call(user("Weather everywhere?"));
    expect(reply.getTextContent()).toBe("I checked Oslo and Bergen but could not finish.");
    expect(model.calls).toHaveLength(3);
    const last = model.calls[2];
    expect(last?.options.tools).toBeUndefined();
    expect(last?.messages.at(-1)).toEqual({
      role: "user",
      name: "user",
      content: SUMMARIZING_HINT,
    });
    const memory = await agent.memory.getMemory();
    expect(memory.at(-1)?.id).toBe(reply.id);
    // The hint itself is not kept.
    expect(promptText(memory.map((m) => ({ content: m.content })))).not.toContain(SUMMARIZING_HINT);
  });

  it("works with a non-streaming model", async () => {
    const { agent, model } = makeAgent(
      [scriptedToolCall("get_weather", { city: "Lima" }), scriptedText("Sunny in Lima.")],
      { toolkit: weatherToolkit(), modelOptions: { stream: false } },
    );
    const reply = await agent.call(user("Lima?"));
    expect(reply.getTextContent()).toBe("Sunny in Lima.");
    expect(model.streaming).toBe(false);
  });

  it("honours Retry-After from a 429 at the agent level", async () => {
    const waits: number[] = [];
    const { agent, model } = makeAgent(
      [
        new ModelError("rate limited", {
          status: 429,
          retryable: true,
          retryAfterMs: 300,
          provider: "scripted",
        }),
        scriptedText("Hello after waiting."),
      ],
      {
        modelOptions: {
          retry: { initialDelayMs: 1, onRetry: (i: RetryInfo) => waits.push(i.delayMs) },
        },
      },
    );
    const reply = await agent.call(user("hi"));
    expect(reply.getTextContent()).toBe("Hello after waiting.");
    expect(model.calls).toHaveLength(2);
    // The wait before the retry was the server's 300 ms, not the 1 ms backoff.
    expect(waits).toEqual([300]);
  });

  it("fails the reply with the model error when retries are used up, keeping nothing partial", async () => {
    const { agent } = makeAgent([
      new ModelError("bad request", { status: 400, provider: "scripted" }),
    ]);
    await expect(agent.call(user("hi"))).rejects.toThrow(/bad request/);
    expect((await agent.memory.getMemory()).map((m) => m.role)).toEqual(["user"]);
  });

  it("observes messages into memory without replying", async () => {
    const { agent, model } = makeAgent([]);
    await agent.observe([user("a"), user("b")]);
    await agent.observe(null);
    expect((await agent.memory.getMemory()).map((m) => m.getTextContent())).toEqual(["a", "b"]);
    expect(model.callCount).toBe(0);
  });

  it("yields stream events for a tool loop in order", async () => {
    const { agent } = makeAgent(
      [
        scriptedToolCall("get_weather", { city: "Nice" }, { text: "Let me check." }),
        scriptedText("It is sunny in Nice today."),
      ],
      { toolkit: weatherToolkit() },
    );
    const events: AgentEvent[] = [];
    for await (const event of agent.stream(user("Nice?"))) events.push(event);

    const types = events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1]);
    expect(types).toEqual([
      "reply_start",
      "model_chunk",
      "tool_call",
      "tool_result_chunk",
      "model_chunk",
      "reply",
    ]);
    const chunks = events.filter((e) => e.type === "model_chunk");
    const lastMsgId = chunks.at(-1)?.msgId;
    const text = chunks
      .filter((e) => e.msgId === lastMsgId)
      .map((e) => e.delta.text)
      .join("");
    expect(text).toBe("It is sunny in Nice today.");
    expect(chunks.filter((e) => e.last)).toHaveLength(2);
    const call = events.find((e) => e.type === "tool_call");
    expect(call?.toolUse).toMatchObject({ name: "get_weather", input: { city: "Nice" } });
    expect(call?.msgId).toBe(chunks[0]?.msgId);
    const result = events.find((e) => e.type === "tool_result_chunk");
    expect(result?.toolResult.output).toEqual([{ type: "text", text: "Sunny in Nice" }]);
    expect(result?.last).toBe(true);
    const final = events.at(-1);
    expect(final?.type === "reply" && final.msg.getTextContent()).toBe(
      "It is sunny in Nice today.",
    );
  });
});

describe("ReActAgent structured output", () => {
  const Answer = z.object({ answer: z.string().describe("The final answer.") });

  it("returns the generate_response arguments in metadata, reusing the text of the same step", async () => {
    const { agent, model } = makeAgent([
      {
        text: "The answer is 42.",
        toolCalls: [{ name: "generate_response", input: { answer: "42" } }],
      },
    ]);
    const reply = await agent.call(user("What is the answer?"), { structuredModel: Answer });
    expect(reply.getTextContent()).toBe("The answer is 42.");
    expect(reply.metadata).toEqual({ answer: "42" });
    const request = model.calls[0]?.options;
    expect(request?.toolChoice).toBe("required");
    const schema = request?.tools?.find((t) => t.function.name === "generate_response");
    expect(schema?.function.parameters).toMatchObject({
      properties: { answer: { type: "string", description: "The final answer." } },
      required: ["answer"],
    });

    // Without a structured model the tool is gone again.
    model.push(scriptedText("Plain."));
    await agent.call(user("again"));
    expect(agent.toolkit.tools.has("generate_response")).toBe(false);
    expect(model.calls[1]?.options.tools).toEqual([]);
  });

  it("asks for a text answer (tool_choice none) after a bare generate_response call", async () => {
    const { agent, model } = makeAgent([
      { toolCalls: [{ name: "generate_response", input: { answer: 7 } }] },
      { toolCalls: [{ name: "generate_response", input: { answer: "7" } }] },
      scriptedText("Seven."),
    ]);
    const reply = await agent.call(user("How many?"), { structuredModel: Answer });
    expect(reply.getTextContent()).toBe("Seven.");
    expect(reply.metadata).toEqual({ answer: "7" });
    // The invalid first attempt came back to the model as a readable error.
    const firstResult = (await agent.memory.getMemory())[2]?.getContentBlocks("tool_result")[0];
    expect(JSON.stringify(firstResult?.output)).toMatch(/answer/);
    // In AgentScope's words: generate_response itself answered, not the toolkit's validator.
    expect(JSON.stringify(firstResult?.output)).toContain("Arguments Validation Error: ");
    expect(JSON.stringify(firstResult?.output)).not.toContain("InvalidArgumentsError");
    expect(model.calls.map((c) => c.options.toolChoice)).toEqual(["required", "required", "none"]);
    expect(promptText(model.calls[2]?.messages ?? [])).toContain(GENERATE_TEXT_HINT);
    // Hints are dropped from memory once sent.
    const texts = (await agent.memory.getMemory()).map((m) => JSON.stringify(m.content));
    expect(texts.join()).not.toContain("Now generate a text response");
  });

  it("reminds the model that structured output is required when it only talks", async () => {
    const { agent, model } = makeAgent([
      scriptedText("Thinking about it..."),
      { text: "Done.", toolCalls: [{ name: "generate_response", input: { answer: "x" } }] },
    ]);
    const reply = await agent.call(user("q"), { structuredModel: Answer });
    expect(reply.metadata).toEqual({ answer: "x" });
    expect(promptText(model.calls[1]?.messages ?? [])).toContain(STRUCTURED_OUTPUT_REQUIRED_HINT);
    expect(model.calls[1]?.options.toolChoice).toBe("required");
  });

  it("works together with other tools", async () => {
    const calls: string[] = [];
    const Weather = z.object({ city: z.string(), sunny: z.boolean() });
    const { agent } = makeAgent(
      [
        scriptedToolCall("get_weather", { city: "Porto" }),
        {
          text: "Porto is sunny.",
          toolCalls: [{ name: "generate_response", input: { city: "Porto", sunny: true } }],
        },
      ],
      { toolkit: weatherToolkit(calls) },
    );
    const reply = await agent.call(user("Porto?"), { structuredModel: Weather });
    expect(calls).toEqual(["weather:Porto"]);
    expect(reply.metadata).toEqual({ city: "Porto", sunny: true });
    expect(reply.getTextContent()).toBe("Porto is sunny.");
  });

  it("keeps the structured output on the summary when maxIters ends the loop", async () => {
    const { agent } = makeAgent(
      [
        { toolCalls: [{ name: "generate_response", input: { answer: "a" } }] },
        scriptedText("Summary."),
      ],
      { maxIters: 1 },
    );
    const reply = await agent.call(user("q"), { structuredModel: Answer });
    expect(reply.getTextContent()).toBe("Summary.");
    expect(reply.metadata).toEqual({ answer: "a" });
  });
});

describe("ReActAgent construction and state", () => {
  it("rejects bad options with errors naming the fields", () => {
    const model = new ScriptedChatModel();
    expect(
      () =>
        new ReActAgent({
          name: "x",
          sysPrompt: "p",
          model,
          formatter: new PlainFormatter(),
          maxIters: -1,
          longTermMemoryMode: "sometimes" as never,
        }),
    ).toThrow(ValidationError);
    let error: unknown;
    try {
      new ReActAgent({
        name: "x",
        sysPrompt: 3 as never,
        model: {} as never,
        formatter: null as never,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const paths = (error as ValidationError).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["sysPrompt", "model", "formatter"]));
  });

  it("registers name and _sys_prompt as state, beside memory and toolkit", async () => {
    const { agent } = makeAgent([]);
    await agent.observe(user("hello"));
    const state = agent.stateDict();
    expect(Object.keys(state).sort()).toEqual(["_sys_prompt", "memory", "name", "toolkit"]);
    expect(state._sys_prompt).toBe("You are a helpful assistant named Friday.");
    expect(agent.sysPrompt).toBe("You are a helpful assistant named Friday.");
    const other = makeAgent([]).agent;
    other.loadStateDict({ ...state, name: "Jarvis", _sys_prompt: "Be brief." });
    expect(other.name).toBe("Jarvis");
    expect(other.sysPrompt).toBe("Be brief.");
    expect((await other.memory.getMemory())[0]?.getTextContent()).toBe("hello");
  });

  it("supports the reasoning and acting hook types", () => {
    expect(ReActAgent.supportedHookTypes).toEqual(
      expect.arrayContaining([
        "pre_reasoning",
        "post_reasoning",
        "pre_acting",
        "post_acting",
        "pre_reply",
      ]),
    );
  });
});

describe("ReActAgent tracing", () => {
  it("wraps each reply in an agent span around the model spans", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    try {
      const { agent } = makeAgent([scriptedText("hi")]);
      await agent.call(user("hello"));
      expect(tracer.spans.map((s) => [s.kind, s.name])).toEqual([
        ["agent", "invoke_agent Friday"],
        ["formatter", "format unknown"],
        ["model", "chat scripted-model"],
      ]);
      expect(tracer.spans[0]?.attributes["gen_ai.agent.name"]).toBe("Friday");
      expect(tracer.spans.every((s) => s.ended)).toBe(true);
    } finally {
      setTracer(undefined);
    }
  });
});
