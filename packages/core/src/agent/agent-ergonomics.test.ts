import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelError } from "../errors/model-error.js";
import { PlainFormatter } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { streamPrintingMessages } from "../pipeline/stream-printing-messages.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import type { AgentEvent } from "./agent-event.js";
import type { OutputSink } from "./output-sink.js";
import { ReActAgent } from "./react-agent.js";
import type { ReActAgentOptions } from "./react-agent-options.js";

// A sink that records what the agent printed.
class RecordingSink implements OutputSink {
  text = "";
  write(text: string): void {
    this.text += text;
  }
}

function agentWith(
  model: ScriptedChatModel,
  options: Partial<ReActAgentOptions> = {},
): { agent: ReActAgent; sink: RecordingSink } {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are Friday.",
    model,
    formatter: new PlainFormatter(),
    ...options,
  });
  const sink = new RecordingSink();
  agent.setOutputSink(sink);
  return { agent, sink };
}

describe("agent.stream() fails loudly", () => {
  it("yields the error event, then throws the run's error (a loop ignoring events sees it)", async () => {
    const failure = new ModelError("connect ECONNREFUSED 127.0.0.1:9", {
      provider: "scripted",
      retryable: false,
    });
    const model = new ScriptedChatModel({ script: [failure], maxRetries: 0 });
    const { agent } = agentWith(model);
    const types: string[] = [];
    let thrown: unknown;
    try {
      for await (const event of agent.stream("hi")) types.push(event.type);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(failure);
    expect(types[0]).toBe("reply_start");
    expect(types.at(-1)).toBe("error");
    expect(agent.isReplying).toBe(false);
  });

  it("does not throw when the run succeeds", async () => {
    const { agent } = agentWith(new ScriptedChatModel({ script: [scriptedText("Hello!")] }));
    const events: AgentEvent[] = [];
    for await (const event of agent.stream("hi")) events.push(event);
    const last = events.at(-1);
    expect(last?.type === "reply" && last.msg.getTextContent()).toBe("Hello!");
  });
});

describe("console printing while a consumer renders", () => {
  it("call() prints by default", async () => {
    const { agent, sink } = agentWith(new ScriptedChatModel({ script: [scriptedText("Hello!")] }));
    await agent.call("hi");
    expect(sink.text).toContain("Friday: Hello!");
  });

  it("stream() does not print, and call() prints again afterwards", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("One."), scriptedText("Two.")] });
    const { agent, sink } = agentWith(model);
    let streamed = "";
    for await (const event of agent.stream("hi")) {
      if (event.type === "model_chunk") streamed += event.delta.text;
    }
    expect(streamed).toBe("One.");
    expect(sink.text).toBe("");
    await agent.call("again");
    expect(sink.text).toContain("Two.");
    expect(agent.consoleOutputEnabled).toBe(true);
  });

  it("the consoleOutputEnabled option turns call() printing off", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("Quiet.")] });
    const { agent, sink } = agentWith(model, { consoleOutputEnabled: false });
    const reply = await agent.call("hi");
    expect(reply.getTextContent()).toBe("Quiet.");
    expect(sink.text).toBe("");
    expect(agent.consoleOutputEnabled).toBe(false);
  });

  it("rejects a consoleOutputEnabled that is not a boolean, naming the field", () => {
    const model = new ScriptedChatModel();
    expect(() => agentWith(model, { consoleOutputEnabled: "no" as unknown as boolean })).toThrow(
      /consoleOutputEnabled/,
    );
  });

  it("streamPrintingMessages gathers the messages without printing, then restores printing", async () => {
    const model = new ScriptedChatModel({
      script: [scriptedText("Gathered."), scriptedText("After.")],
    });
    const { agent, sink } = agentWith(model);
    const texts: string[] = [];
    for await (const [msg, last] of streamPrintingMessages([agent], () => agent.call("hi"))) {
      if (last) texts.push(msg.getTextContent() ?? "");
    }
    expect(texts).toEqual(["Gathered."]);
    expect(sink.text).toBe("");
    expect(agent.consoleOutputEnabled).toBe(true);
    await agent.call("again");
    expect(sink.text).toContain("After.");
  });
});

describe("string input", () => {
  it("call('text') and reply('text') send a user message", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("A."), scriptedText("B.")] });
    const { agent } = agentWith(model, { consoleOutputEnabled: false });
    await agent.call("first question");
    await agent.reply("second question");
    const memory = await agent.memory.getMemory();
    const users = memory.filter((m) => m.role === "user");
    expect(users.map((m) => [m.name, m.getTextContent()])).toEqual([
      ["user", "first question"],
      ["user", "second question"],
    ]);
  });

  it("pre_reply hooks see a user Msg, not the string", async () => {
    const { agent } = agentWith(new ScriptedChatModel({ script: [scriptedText("A.")] }), {
      consoleOutputEnabled: false,
    });
    const seen: unknown[] = [];
    agent.registerInstanceHook("pre_reply", "spy", (_agent, kwargs) => {
      seen.push(kwargs.msg);
    });
    await agent.reply("hooked");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Msg);
    expect((seen[0] as Msg).getTextContent()).toBe("hooked");
  });

  it("stream('text') reports the user message as the input", async () => {
    const { agent } = agentWith(new ScriptedChatModel({ script: [scriptedText("A.")] }));
    const events: AgentEvent[] = [];
    for await (const event of agent.stream("question")) events.push(event);
    const start = events[0];
    const input = start?.type === "reply_start" ? start.input : null;
    expect(input).toBeInstanceOf(Msg);
    expect((input as Msg).getTextContent()).toBe("question");
  });
});

describe("typed structured output", () => {
  const Person = z.object({ name: z.string(), age: z.number() });

  it("agent.call(msg, { structuredModel }) types the metadata as z.infer of the schema", async () => {
    const model = new ScriptedChatModel({
      script: [
        {
          text: "Ada, 36.",
          toolCalls: [{ name: "generate_response", input: { name: "Ada", age: 36 } }],
        },
      ],
    });
    const { agent } = agentWith(model, { consoleOutputEnabled: false });
    const reply = await agent.call("Who?", { structuredModel: Person });
    // No casts: these assignments only compile when metadata is typed by the schema.
    const name: string = reply.metadata.name;
    const age: number = reply.metadata.age;
    // @ts-expect-error: `age` is a number, not a string.
    const wrong: string = reply.metadata.age;
    expect(typeof wrong).toBe("number");
    expect([name, age]).toEqual(["Ada", 36]);
  });

  it("model.call(messages, { structuredModel }) types response.metadata the same way", async () => {
    const model = new ScriptedChatModel({
      script: [{ text: "", metadata: { name: "Grace", age: 85 } }],
    });
    const response = await model.call([{ role: "user", content: "Who?" }], {
      structuredModel: Person,
    });
    const age: number = response.metadata.age;
    expect(age).toBe(85);
    expect(response.metadata.name.toUpperCase()).toBe("GRACE");
  });
});
