import { afterEach, describe, expect, it } from "vitest";
import { FormatterBase } from "../formatter/formatter-base.js";
import { Msg } from "../message/msg.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { setTracer } from "../tracing/global-tracer.js";
import { isInstrumented } from "../utils/instrumented-methods.js";
import { AgentBase, type AgentInput, type ReplyOptions } from "./agent-base.js";
import { ReActAgent } from "./react-agent.js";

afterEach(() => setTracer(undefined));

// How users write agents: override reply/observe, print from reply.
class EchoAgent extends AgentBase {
  async reply(msg?: AgentInput): Promise<Msg> {
    const text = msg instanceof Msg ? msg.getTextContent() : "";
    const answer = new Msg(this.name, `echo: ${text}`, "assistant");
    await this.print(answer);
    return answer;
  }
  async observe(): Promise<void> {}
}

class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

// A user's ReActAgent subclass that overrides reply and calls super.reply().
class PoliteAgent extends ReActAgent {
  override async reply(input?: AgentInput, options?: ReplyOptions): Promise<Msg> {
    const answer = await super.reply(input, options);
    return new Msg(this.name, `${answer.getTextContent()} (politely)`, "assistant");
  }
}

function polite(steps: number): PoliteAgent {
  const agent = new PoliteAgent({
    name: "Polite",
    sysPrompt: "Be brief.",
    model: new ScriptedChatModel({
      script: Array.from({ length: steps }, (_, i) => scriptedText(`answer ${i}`)),
    }),
    formatter: new PlainFormatter(),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

describe("how hooks are applied to agents", () => {
  it("wraps reply/observe/print once on the prototype, never on the instance", () => {
    const a = new EchoAgent({ consoleOutputEnabled: false });
    const b = new EchoAgent({ consoleOutputEnabled: false });
    for (const name of ["reply", "observe", "print"] as const) {
      expect(Object.hasOwn(a, name), name).toBe(false);
      expect(a[name], name).toBe(b[name]);
      expect(isInstrumented(a[name]), name).toBe(true);
    }
    expect(a.reply).toBe(EchoAgent.prototype.reply);
    expect(a.print).toBe(AgentBase.prototype.print);
  });

  it("a ReActAgent subclass overriding reply gets its hooks and one span, directly and through call()", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const agent = polite(2);
    const seen: string[] = [];
    agent.registerInstanceHook("pre_reply", "in", () => void seen.push("pre_reply"));
    agent.registerInstanceHook("post_reply", "out", (_a, _k, out) => {
      seen.push(`post_reply ${out.getTextContent()}`);
    });
    agent.registerInstanceHook("pre_reasoning", "r", () => void seen.push("pre_reasoning"));
    expect((await agent.reply("one")).getTextContent()).toBe("answer 0 (politely)");
    expect((await agent.call("two")).getTextContent()).toBe("answer 1 (politely)");
    expect(seen).toEqual([
      "pre_reply",
      "pre_reasoning",
      "post_reply answer 0 (politely)",
      "pre_reply",
      "pre_reasoning",
      "post_reply answer 1 (politely)",
    ]);
    const spans = tracer.spans.filter((s) => s.kind === "agent");
    expect(spans.map((s) => s.attributes["agentscope.function.name"])).toEqual([
      "PoliteAgent.reply",
      "PoliteAgent.reply",
    ]);
  });

  it("class hooks on AgentBase reach a subclass first instantiated after they were registered", async () => {
    const seen: string[] = [];
    AgentBase.registerClassHook("post_print", "wiring-test", (agent, kwargs) => {
      seen.push(`${agent.name}: ${kwargs.msg.getTextContent()}`);
    });
    try {
      class LateAgent extends EchoAgent {}
      await new LateAgent({ name: "Late", consoleOutputEnabled: false }).reply(
        new Msg("user", "hi", "user"),
      );
      expect(seen).toEqual(["Late: echo: hi"]);
    } finally {
      AgentBase.removeClassHook("post_print", "wiring-test");
    }
  });
});

describe("how tracing is applied to formatters", () => {
  class WrappingFormatter extends PlainFormatter {
    override async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
      return [{ role: "system", content: "wrapped" }, ...(await super.format(msgs))];
    }
  }

  it("one format span per call, also when an override calls super.format()", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const formatter = new WrappingFormatter();
    new PlainFormatter();
    expect(Object.hasOwn(formatter, "format")).toBe(false);
    expect(isInstrumented(formatter.format)).toBe(true);
    expect(await formatter.format([new Msg("user", "hi", "user")])).toHaveLength(2);
    expect(tracer.spans.map((s) => [s.kind, s.attributes["agentscope.function.name"]])).toEqual([
      ["formatter", "WrappingFormatter.format"],
    ]);
    expect(tracer.spans[0]?.attributes["agentscope.format.count"]).toBe(2);
  });
});
