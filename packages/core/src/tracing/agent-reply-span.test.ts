import { afterEach, describe, expect, it } from "vitest";
import { AgentBase, type AgentInput } from "../agent/agent-base.js";
import { ReActAgent } from "../agent/react-agent.js";
import { UserAgent } from "../agent/user-agent.js";
import { ScriptedUserInput } from "../agent/user-input.js";
import { FormatterBase } from "../formatter/formatter-base.js";
import { Msg } from "../message/msg.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { setTracer } from "./global-tracer.js";

afterEach(() => setTracer(undefined));

/** A custom agent: answers "echo: TEXT" (or fails with `error`). */
class EchoAgent extends AgentBase {
  error: Error | undefined;
  lastReply: Promise<Msg> | undefined;

  reply(msg?: AgentInput): Promise<Msg> {
    this.lastReply = this.#answer(msg);
    return this.lastReply;
  }

  async #answer(msg?: AgentInput): Promise<Msg> {
    if (this.error) throw this.error;
    const text = msg instanceof Msg ? msg.getTextContent() : "";
    return new Msg(this.name, `echo: ${text}`, "assistant");
  }

  async observe(): Promise<void> {}
}

/** A subclass whose reply goes through `super.reply()`: still one span. */
class LoudAgent extends EchoAgent {
  override async reply(msg?: AgentInput): Promise<Msg> {
    const answer = await super.reply(msg);
    return new Msg(this.name, answer.getTextContent()?.toUpperCase() ?? "", "assistant");
  }
}

class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]) {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

const agentSpans = (tracer: RecordingTracer) => tracer.spans.filter((s) => s.kind === "agent");

describe("every agent's reply gets an invoke_agent span", () => {
  it("UserAgent: AgentScope's attributes, ended", async () => {
    const tracer = new RecordingTracer({ conversationId: "run-1" });
    setTracer(tracer);
    const user = new UserAgent({ name: "Alice", consoleOutputEnabled: false });
    user.overrideInstanceInputMethod(new ScriptedUserInput(["Hi!"]));
    await user.call(new Msg("bot", "What's up?", "assistant"));
    expect(tracer.spans).toEqual([
      {
        name: "invoke_agent Alice",
        kind: "agent",
        attributes: {
          "gen_ai.conversation.id": "run-1",
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.agent.id": user.id,
          "gen_ai.agent.name": "Alice",
          "gen_ai.agent.description": "UserAgent",
          "agentscope.function.name": "UserAgent.reply",
        },
        errors: [],
        ended: true,
      },
    ]);
  });

  it("custom agents, through call() and a direct reply(), once per reply with super.reply()", async () => {
    const tracer = new RecordingTracer({ recordContent: true });
    setTracer(tracer);
    const echo = new EchoAgent({ name: "Echo", consoleOutputEnabled: false });
    const loud = new LoudAgent({ name: "Loud", consoleOutputEnabled: false });
    await echo.call(new Msg("user", "one", "user"));
    await echo.reply(new Msg("user", "two", "user"));
    expect((await loud.call("three")).getTextContent()).toBe("ECHO: THREE");
    expect(
      agentSpans(tracer).map((s) => [s.name, s.attributes["agentscope.function.name"]]),
    ).toEqual([
      ["invoke_agent Echo", "EchoAgent.reply"],
      ["invoke_agent Echo", "EchoAgent.reply"],
      ["invoke_agent Loud", "LoudAgent.reply"],
    ]);
    const [first, , third] = agentSpans(tracer);
    expect(JSON.parse(String(first?.attributes["gen_ai.input.messages"]))).toEqual([
      {
        role: "user",
        name: "user",
        parts: [{ type: "text", content: "one" }],
        finish_reason: "stop",
      },
    ]);
    expect(String(first?.attributes["gen_ai.output.messages"])).toContain('"content":"echo: one"');
    expect(String(third?.attributes["gen_ai.output.messages"])).toContain(
      '"content":"ECHO: THREE"',
    );
  });

  it("the span sees what a pre_reply hook passes on, and records a failure", async () => {
    const tracer = new RecordingTracer({ recordContent: true });
    setTracer(tracer);
    const echo = new EchoAgent({ name: "Echo", consoleOutputEnabled: false });
    echo.registerInstanceHook("pre_reply", "rewrite", (_agent, kwargs) => ({
      ...kwargs,
      msg: new Msg("user", "rewritten", "user"),
    }));
    await echo.call("original");
    expect(String(agentSpans(tracer)[0]?.attributes["gen_ai.input.messages"])).toContain(
      "rewritten",
    );
    const boom = new Error("boom");
    echo.error = boom;
    await expect(echo.call("again")).rejects.toBe(boom);
    expect(agentSpans(tracer)[1]).toMatchObject({ errors: [boom], ended: true });
  });

  it("ReActAgent gets exactly one span per reply", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "Be brief.",
      model: new ScriptedChatModel({ script: [scriptedText("Hello!")] }),
      formatter: new PlainFormatter(),
    });
    agent.setConsoleOutputEnabled(false);
    await agent.call("Hi");
    expect(agentSpans(tracer)).toEqual([
      expect.objectContaining({
        name: "invoke_agent Friday",
        attributes: expect.objectContaining({
          "gen_ai.agent.description": "ReActAgent",
          "agentscope.function.name": "ReActAgent.reply",
        }),
        ended: true,
      }),
    ]);
  });

  it("with tracing off, reply() hands back the agent's own promise (no wrapper promise)", async () => {
    const echo = new EchoAgent({ name: "Echo", consoleOutputEnabled: false });
    const untraced = echo.reply(new Msg("user", "x", "user"));
    expect(untraced).toBe(echo.lastReply);
    await untraced;
    // The same check fails once a tracer is installed: the span wraps the promise.
    setTracer(new RecordingTracer());
    const traced = echo.reply(new Msg("user", "y", "user"));
    expect(traced).not.toBe(echo.lastReply);
    await traced;
  });
});
