import type { LongTermMemoryMode } from "@agentscope-ts/core";
import { Msg, ReActAgent } from "@agentscope-ts/core";
import { DeterministicEmbeddingModel } from "@agentscope-ts/core/testing";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Mem0TestServer,
  messagesOf,
  startMem0TestServer,
} from "../__fixtures__/mem0-test-server.js";
import { Mem0LongTermMemory } from "../memory/mem0-long-term-memory.js";

let s: Mem0TestServer;

beforeEach(async () => {
  s = await startMem0TestServer();
});

afterEach(async () => {
  await s.server.close();
});

async function setup(mode: LongTermMemoryMode) {
  const ltm = new Mem0LongTermMemory({
    agentName: "Friday",
    userName: "alice",
    model: s.model(),
    embeddingModel: new DeterministicEmbeddingModel({ dimensions: 256 }),
    onDisk: false,
  });
  s.extractions.push(["User's favourite drink is green tea"]);
  await ltm.record([new Msg("alice", "My favourite drink is green tea.", "user")]);
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant.",
    model: s.model(),
    formatter: new OpenAIChatFormatter(),
    longTermMemory: ltm,
    longTermMemoryMode: mode,
  });
  return { ltm, agent };
}

const toolNames = (call: { body: unknown }) =>
  ((call.body as { tools?: { function: { name: string } }[] }).tools ?? []).map(
    (t) => t.function.name,
  );

/** The text of every message of a request (string contents and text blocks). */
const promptText = (call: Parameters<typeof messagesOf>[0]) =>
  messagesOf(call)
    .flatMap((m) =>
      typeof m.content === "string"
        ? [m.content]
        : ((m.content ?? []) as { text?: string }[]).map((b) => b.text ?? ""),
    )
    .join("\n");

describe("ReActAgent with Mem0LongTermMemory", () => {
  it("static_control: the retrieved memory is in the prompt, the reply is recorded", async () => {
    const { agent } = await setup("static_control");
    s.agent.push("Green tea, as always.");
    s.extractions.push(["User asked for a drink suggestion"]);
    const reply = await agent.call(new Msg("alice", "Which drink should I order?", "user"));
    expect(reply.getTextContent()).toBe("Green tea, as always.");

    const [first] = s.agentCalls();
    expect(toolNames(first!)).toEqual([]);
    expect(promptText(first!)).toContain(
      "<long_term_memory>The content below are retrieved from long-term memory, which maybe useful:\nUser's favourite drink is green tea</long_term_memory>",
    );
    // After the reply, the conversation went to mem0 for extraction.
    const extraction = s.extractionCalls().at(-1)!;
    expect(messagesOf(extraction)[1]!.content).toContain("Green tea, as always.");
  });

  it("agent_control: the agent calls retrieve_from_memory and reads the result", async () => {
    const { agent } = await setup("agent_control");
    s.agent.push(
      { toolCalls: [{ name: "retrieve_from_memory", input: { keywords: ["favourite drink"] } }] },
      "You like green tea.",
    );
    const reply = await agent.call(new Msg("alice", "What do I like to drink?", "user"));
    expect(reply.getTextContent()).toBe("You like green tea.");

    const [first, second] = s.agentCalls();
    expect(toolNames(first!)).toEqual(["record_to_memory", "retrieve_from_memory"]);
    expect(promptText(first!)).not.toContain("<long_term_memory>");
    const toolResult = messagesOf(second!).find((m) => m.role === "tool");
    expect(toolResult?.content).toContain("User's favourite drink is green tea");
    // No static recording in agent_control: only the setup's extraction happened.
    expect(s.extractionCalls()).toHaveLength(1);
  });

  it("agent_control: record_to_memory stores what the agent decides to keep", async () => {
    const { agent, ltm } = await setup("agent_control");
    s.agent.push(
      {
        toolCalls: [
          {
            name: "record_to_memory",
            input: { thinking: "A birthday", content: ["Alice's birthday is on 3 May"] },
          },
        ],
      },
      "Noted!",
    );
    s.extractions.push(["User's birthday is on 3 May"]);
    await agent.call(new Msg("alice", "Remember: my birthday is on 3 May.", "user"));
    const toolResult = messagesOf(s.agentCalls()[1]!).find((m) => m.role === "tool");
    expect(toolResult?.content).toMatch(/^Successfully recorded content to memory/);
    expect(await ltm.retrieve(new Msg("alice", "When is my birthday? May", "user"), 1)).toBe(
      "User's birthday is on 3 May",
    );
  });

  it("both: the memory is in the prompt and the tools are offered", async () => {
    const { agent } = await setup("both");
    s.agent.push("Green tea.");
    s.extractions.push([]);
    await agent.call(new Msg("alice", "Which drink do I like?", "user"));
    const [first] = s.agentCalls();
    expect(toolNames(first!)).toEqual(["record_to_memory", "retrieve_from_memory"]);
    expect(promptText(first!)).toContain("User's favourite drink is green tea</long_term_memory>");
    expect(s.extractionCalls()).toHaveLength(2);
  });

  it("a mem0 failure becomes a result the agent reads, never a crashed reply", async () => {
    const { agent } = await setup("both");
    s.agent.push(
      { toolCalls: [{ name: "record_to_memory", input: { thinking: "", content: ["x"] } }] },
      "I could not save that.",
    );
    // The tool's extraction and the end-of-reply recording both get an answer without JSON.
    s.extractions.push({ raw: "no json here" }, { raw: "still no json" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reply = await agent.call(new Msg("alice", "Save x for me.", "user"));
    expect(reply.getTextContent()).toBe("I could not save that.");
    const toolResult = messagesOf(s.agentCalls()[1]!).find((m) => m.role === "tool");
    expect(toolResult?.content).toMatch(/^Error recording memory: .*without the JSON object/);
    // Setup, the tool, and the end-of-reply recording: all three reached the model.
    expect(s.extractionCalls()).toHaveLength(3);
    expect(s.extractions).toHaveLength(0);
    expect(String(logged.mock.calls[0]?.[0])).toContain("LLM extraction failed");
    logged.mockRestore();
  });
});
