import {
  AgentBase,
  FormatterBase,
  Msg,
  ReActAgent,
  ScriptedUserInput,
  UserAgent,
} from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type InMemoryTracing,
  parentIdOf,
  startInMemoryTracing,
} from "./__fixtures__/in-memory-tracing.js";

class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]) {
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

/** A custom agent that hands the question to a ReActAgent and answers with its reply. */
class RouterAgent extends AgentBase {
  constructor(readonly expert: ReActAgent) {
    super({ name: "Router", consoleOutputEnabled: false });
  }

  async reply(msg?: Msg | Msg[] | null): Promise<Msg> {
    const answer = await this.expert.call(msg ?? undefined);
    return new Msg(this.name, `routed: ${answer.getTextContent()}`, "assistant");
  }

  async observe(): Promise<void> {}
}

let tracing: InMemoryTracing;
beforeEach(() => {
  tracing = startInMemoryTracing({ conversationId: "run-9" });
});
afterEach(async () => {
  await tracing.stop();
});

const agentSpans = () =>
  tracing.spans().filter((s) => s.attributes["gen_ai.operation.name"] === "invoke_agent");

describe("invoke_agent spans for every agent class", () => {
  it("UserAgent's reply gets the span with AgentScope's attributes", async () => {
    const user = new UserAgent({ name: "Alice", consoleOutputEnabled: false });
    user.overrideInstanceInputMethod(new ScriptedUserInput(["Hi!"]));
    await user.call(new Msg("bot", "What's up?", "assistant"));
    const [span] = agentSpans() as [ReadableSpan];
    expect(agentSpans()).toHaveLength(1);
    expect(span.name).toBe("invoke_agent Alice");
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.status.code).toBe(SpanStatusCode.OK);
    expect(span.attributes).toEqual({
      "gen_ai.conversation.id": "run-9",
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.id": user.id,
      "gen_ai.agent.name": "Alice",
      "gen_ai.agent.description": "UserAgent",
      "agentscope.function.name": "UserAgent.reply",
    });
  });

  it("a custom agent's span is the parent of the ReActAgent it calls, which has one span", async () => {
    const expert = new ReActAgent({
      name: "Friday",
      sysPrompt: "Be brief.",
      model: new ScriptedChatModel({ script: [scriptedText("Hello!")] }),
      formatter: new PlainFormatter(),
    });
    expert.setConsoleOutputEnabled(false);
    const router = new RouterAgent(expert);
    const reply = await router.call(new Msg("user", "Hi", "user"));
    expect(reply.getTextContent()).toBe("routed: Hello!");

    const spans = agentSpans();
    expect(spans.map((s) => s.name).sort()).toEqual(["invoke_agent Friday", "invoke_agent Router"]);
    const routerSpan = spans.find((s) => s.name === "invoke_agent Router") as ReadableSpan;
    const fridaySpan = spans.find((s) => s.name === "invoke_agent Friday") as ReadableSpan;
    expect(parentIdOf(routerSpan)).toBe("");
    expect(parentIdOf(fridaySpan)).toBe(routerSpan.spanContext().spanId);
    expect(routerSpan.attributes).toMatchObject({
      "gen_ai.agent.description": "RouterAgent",
      "agentscope.function.name": "RouterAgent.reply",
    });
    expect(fridaySpan.attributes).toMatchObject({
      "gen_ai.agent.id": expert.id,
      "agentscope.function.name": "ReActAgent.reply",
    });
    // The model call nests under the ReActAgent's span.
    const chat = tracing.spans().find((s) => s.name === "chat scripted-model") as ReadableSpan;
    expect(parentIdOf(chat)).toBe(fridaySpan.spanContext().spanId);
  });

  it("a failing reply ends its span with the error", async () => {
    class Broken extends AgentBase {
      async reply(_msg?: Msg | Msg[] | null): Promise<Msg> {
        throw new Error("no answer");
      }
      async observe(): Promise<void> {}
    }
    const broken = new Broken({ name: "Broken", consoleOutputEnabled: false });
    await expect(broken.reply(new Msg("user", "x", "user"))).rejects.toThrow("no answer");
    const [span] = agentSpans() as [ReadableSpan];
    expect(span.name).toBe("invoke_agent Broken");
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((e) => e.name)).toContain("exception");
  });
});
