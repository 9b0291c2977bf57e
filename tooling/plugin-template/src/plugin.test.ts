import {
  type CharTokenCounter,
  createRegistry,
  type FormatterBase,
  Msg,
  ReActAgent,
  Toolkit,
  type ToolResponse,
} from "@agentscope-ts/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import { EchoChatModel, type EchoMessage, echo, registerClockTools } from "./index.js";

async function callTool(toolkit: Toolkit, name: string, input: Record<string, unknown>) {
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool({ type: "tool_use", id: "1", name, input })) last = r;
  return last?.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

describe("the plugin template", () => {
  it("publishes a provider whose options the registry checks at compile time", async () => {
    const registry = createRegistry()
      .register(echo())
      .register(echo({ id: "loud", prefix: "" }));
    const model = registry.chatModel("echo:v1", { shout: true, stream: false });
    expect(model).toBeInstanceOf(EchoChatModel);
    expectTypeOf(registry.formatter("echo")).toEqualTypeOf<FormatterBase<EchoMessage>>();
    expectTypeOf(registry.tokenCounter("loud:v1")).toEqualTypeOf<CharTokenCounter>();
    const formatter = registry.formatter("loud");
    const messages = await formatter.format([new Msg("user", "hello", "user")]);
    expect(messages).toEqual([{ role: "user", text: "hello" }]);
    const answer = await registry.chatModel("loud:v1", { shout: true }).call(messages);
    expect(answer.content).toEqual([{ type: "text", text: "HELLO" }]);

    // Checked by `pnpm typecheck` (see typecheck.test.ts); never run.
    const compileOnly = () => {
      // @ts-expect-error a misspelt option
      registry.chatModel("echo:v1", { shuot: true });
      // @ts-expect-error a provider this registry does not have
      registry.chatModel("openai:gpt-4.1");
    };
    expect(compileOnly).toBeTypeOf("function");
  });

  it("formats several agents' turns with the kit's multi-agent formatter", async () => {
    const formatter = createRegistry().register(echo()).formatter("echo", "multiagent");
    const messages = await formatter.format([
      new Msg("system", "Meeting.", "system"),
      new Msg("Alice", "Hi Bob.", "user"),
      new Msg("Bob", "Hi Alice.", "assistant"),
    ]);
    expect(messages[0]).toEqual({ role: "system", text: "Meeting." });
    expect(messages[1]?.text).toMatch(/<history>\nAlice: Hi Bob\.\nBob: Hi Alice\.\n<\/history>$/);
  });

  it("publishes a tool set", async () => {
    const toolkit = new Toolkit();
    expect(registerClockTools(toolkit)).toEqual(["add_days", "weekday"]);
    expect(await callTool(toolkit, "add_days", { date: "2024-02-27", days: 3 })).toBe("2024-03-01");
    expect(await callTool(toolkit, "weekday", { date: "2024-03-01" })).toBe("Friday");
    expect(await callTool(toolkit, "add_days", { date: "yesterday", days: 1 })).toMatch(
      /^InvalidArgumentsError: .*date/s,
    );
    expect(toolkit.getActivatedNotes()).toContain("Dates are ISO");
  });

  it("runs in a ReActAgent", async () => {
    const registry = createRegistry().register(echo());
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "You echo.",
      model: registry.chatModel("echo:v1", { stream: false }),
      formatter: registry.formatter("echo"),
      toolkit: new Toolkit(),
    });
    agent.setConsoleOutputEnabled(false);
    const reply = await agent.call(new Msg("user", "ping", "user"));
    expect(reply.getTextContent()).toBe("echo: ping");
  });
});
