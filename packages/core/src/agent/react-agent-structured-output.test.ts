import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { StructuredOutputError } from "../errors/structured-output-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { makeAgent } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { rejectionOf } from "../testing/rejection-of.js";
import { scriptedText } from "../testing/scripted-steps.js";
import type { AgentEvent } from "./agent-event.js";

const user = (text: string) => new Msg("user", text, "user");
const Answer = z.object({ answer: z.string(), confidence: z.number() });

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, StructuredOutputError);

describe("ReActAgent structured output that never comes", () => {
  it("resolves only with metadata that passed the schema, typed as the schema's output", async () => {
    const { agent } = makeAgent([
      {
        text: "42, surely.",
        toolCalls: [{ name: "generate_response", input: { answer: "42", confidence: 0.9 } }],
      },
    ]);
    const reply = await agent.call(user("q"), { structuredModel: Answer });
    expect(reply.metadata).toEqual({ answer: "42", confidence: 0.9 });
    expectTypeOf(reply.metadata.answer).toEqualTypeOf<string>();
    expectTypeOf(reply.metadata.confidence).toEqualTypeOf<number>();
  });

  it("throws StructuredOutputError (missing) after maxIters when generate_response was never called", async () => {
    const { agent, model } = makeAgent(
      [scriptedText("Let me think."), scriptedText("Still thinking."), scriptedText("Summary.")],
      { maxIters: 2 },
    );
    const error = await rejection(agent.call(user("q"), { structuredModel: Answer }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.reason).toBe("missing");
    expect(error.lastText).toBe("Summary.");
    expect(error.message).toContain(
      "Agent 'Friday' gave no structured answer (expected by calling generate_response within maxIters (2))",
    );
    expect(error.message).toContain(`The model's last text: "Summary."`);
    // The requests are AgentScope's: two forced reasoning steps, then the summary without tools.
    expect(model.calls.map((c) => c.options.toolChoice)).toEqual([
      "required",
      "required",
      undefined,
    ]);
    // The summary stays in memory (as in AgentScope), so the conversation can go on.
    const memory = await agent.memory.getMemory();
    expect(memory.at(-1)?.getTextContent()).toBe("Summary.");
  });

  it("throws StructuredOutputError (invalid) naming the fields of the last failed attempt", async () => {
    const { agent } = makeAgent(
      [
        { toolCalls: [{ name: "generate_response", input: { answer: 42 } }] },
        scriptedText("I give up: it is 42."),
      ],
      { maxIters: 1 },
    );
    const error = await rejection(agent.call(user("q"), { structuredModel: Answer }));
    expect(error.reason).toBe("invalid");
    expect(error.issues.map((i) => i.path)).toEqual(["answer", "confidence"]);
    expect(error.message).toMatch(/answer: expected string, received number/);
    expect(error.message).toMatch(/confidence: required/);
    expect(error.lastText).toBe("I give up: it is 42.");
  });

  it("forgets an invalid attempt once a later one is valid", async () => {
    const { agent } = makeAgent([
      { toolCalls: [{ name: "generate_response", input: { answer: 42 } }] },
      {
        text: "Fixed.",
        toolCalls: [{ name: "generate_response", input: { answer: "42", confidence: 1 } }],
      },
    ]);
    const reply = await agent.call(user("q"), { structuredModel: Answer });
    expect(reply.metadata).toEqual({ answer: "42", confidence: 1 });
  });

  it("ends stream() with an error event carrying the StructuredOutputError", async () => {
    const { agent } = makeAgent([scriptedText("No."), scriptedText("Summary.")], {
      maxIters: 1,
    });
    const events: AgentEvent[] = [];
    const run = (async () => {
      for await (const event of agent.stream(user("q"), { structuredModel: Answer })) {
        events.push(event);
      }
    })();
    const error = await rejection(run);
    expect(error.reason).toBe("missing");
    const last = events.at(-1);
    expect(last?.type).toBe("error");
    expect(last?.type === "error" && last.error).toBe(error);
  });

  it("still answers a later call without a structuredModel", async () => {
    const { agent, model } = makeAgent([scriptedText("No."), scriptedText("Summary.")], {
      maxIters: 1,
    });
    await rejection(agent.call(user("q"), { structuredModel: Answer }));
    model.push(scriptedText("Hello."));
    const reply = await agent.call(user("hi"));
    expect(reply.getTextContent()).toBe("Hello.");
    expect(reply.metadata).toEqual({});
  });
});
