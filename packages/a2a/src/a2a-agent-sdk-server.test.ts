import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentEvent, Msg, MsgHub, ReActAgent, ValidationError } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PNG_BYTES, type SdkServer, startSdkServer } from "./__fixtures__/sdk-server.js";
import { A2AAgent } from "./a2a-agent.js";
import { A2AConnectionError } from "./a2a-connection-error.js";
import { FileAgentCardResolver, WellKnownAgentCardResolver } from "./agent-card-resolver.js";

// The remote side here is written only with the A2A SDK's own server classes (Express adapters,
// DefaultRequestHandler, a plain AgentExecutor): our client against the SDK's reference server.
let server: SdkServer;

beforeAll(async () => {
  server = await startSdkServer();
});
afterAll(async () => {
  await server.close();
});

const remote = (options: { timeout?: number | null } = {}) => {
  const agent = new A2AAgent({
    agentCard: new WellKnownAgentCardResolver({ baseUrl: server.url }),
    ...options,
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
};

const textOf = (parts: { content?: { $case: string; value: unknown } }[]) =>
  parts.map((p) => (p.content?.$case === "text" ? p.content.value : `<${p.content?.$case}>`));

describe("A2AAgent against a server built with the A2A SDK's own classes", () => {
  it("speaks A2A 1.0 to a 1.0 interface", async () => {
    const before = server.versions.length;
    await remote().call(new Msg("user", "hi", "user"));
    expect(server.versions.slice(before)).toEqual(["1.0"]);
  });

  it("sits in a MsgHub with a local ReActAgent: observes, sends the buffer with the input, is observed", async () => {
    const local = new ReActAgent({
      name: "Local",
      sysPrompt: "You are helpful.",
      model: new ScriptedChatModel({
        script: [scriptedText("I think we should ask the remote agent.")],
      }),
      formatter: new PlainFormatter(),
    });
    local.setConsoleOutputEnabled(false);
    const agent = remote();
    const before = server.received.length;
    {
      await using _hub = await new MsgHub({ participants: [local, agent] }).enter();
      await local.call(new Msg("user", "Plan the trip.", "user"));
      expect(agent.observedMsgs.map((m) => m.getTextContent())).toEqual([
        "I think we should ask the remote agent.",
      ]);
      const reply = await agent.call(new Msg("user", "hello there", "user"));
      // The remote saw the observed message and the input merged into one A2A message.
      const sent = server.received[before]?.message;
      expect(textOf(sent?.parts ?? [])).toEqual([
        "I think we should ask the remote agent.",
        "hello there",
      ]);
      expect(reply.getTextContent()).toBe("You said: I think we should ask the remote agent.");
      expect(reply.name).toBe("SdkAgent");
      expect(agent.observedMsgs).toEqual([]);
    }
    // The remote's reply was broadcast to the local agent.
    const memory = await local.memory.getMemory();
    expect(memory.map((m) => m.getTextContent())).toContain(
      "You said: I think we should ask the remote agent.",
    );
  });

  it("streams artifact chunks as model_chunk events and answers with the whole artifact", async () => {
    const agent = remote();
    const events: AgentEvent[] = [];
    for await (const event of agent.stream(new Msg("user", "stream hello brave world", "user"))) {
      events.push(event);
    }
    const chunks = events.filter((e) => e.type === "model_chunk");
    expect(chunks.map((e) => (e.type === "model_chunk" ? [e.delta.text, e.last] : []))).toEqual([
      ["hello", false],
      [" brave", false],
      [" world", false],
      ["", true],
    ]);
    const last = events[events.length - 1];
    expect(last?.type).toBe("reply");
    if (last?.type !== "reply") return;
    expect(last.msg.getTextContent()).toBe("hello brave world");
    expect(last.msg.metadata).toMatchObject({ source: "sdk", a2a_task: { state: "completed" } });
    // The reply keeps the streamed message's id, so a UI updates one message.
    expect(last.msg.id).toBe(chunks[0]?.type === "model_chunk" ? chunks[0].msgId : "");
  });

  it("sends image blocks as file parts and maps file and data parts back to blocks", async () => {
    const agent = remote();
    const before = server.received.length;
    const reply = await agent.call(
      new Msg(
        "user",
        [
          { type: "text", text: "files" },
          {
            type: "image",
            source: { type: "base64", media_type: "image/png", data: PNG_BYTES.toString("base64") },
          },
          { type: "video", source: { type: "url", url: "https://example.com/clip.mp4" } },
        ],
        "user",
      ),
    );
    const parts = server.received[before]?.message.parts ?? [];
    expect(parts[1]?.mediaType).toBe("image/png");
    expect(parts[1]?.content?.$case).toBe("raw");
    expect(Buffer.from(parts[1]?.content?.value as Uint8Array).equals(PNG_BYTES)).toBe(true);
    expect(parts[2]?.content).toEqual({ $case: "url", value: "https://example.com/clip.mp4" });

    expect(reply.content).toEqual([
      {
        type: "image",
        source: { type: "base64", media_type: "image/png", data: PNG_BYTES.toString("base64") },
      },
      { type: "audio", source: { type: "url", url: "https://example.com/a/song.mp3" } },
      { type: "text", text: '{"rows":2}' },
    ]);
  });

  it("answers an input-required task with its question and continues the same task next turn", async () => {
    const agent = remote();
    const first = await agent.call(new Msg("user", "weather", "user"));
    expect(first.getTextContent()).toBe("Which city?");
    expect(first.metadata.a2a_task).toMatchObject({ state: "input-required" });
    const taskId = (first.metadata.a2a_task as { id: string }).id;
    expect(agent.pendingTaskId).toBe(taskId);

    const second = await agent.call(new Msg("user", "Paris", "user"));
    expect(second.getTextContent()).toBe("Sunny in Paris.");
    expect(second.metadata.a2a_task).toMatchObject({ id: taskId, state: "completed" });
    const followUp = server.received[server.received.length - 1];
    expect(followUp).toMatchObject({ taskId, followUp: true });
    expect(agent.pendingTaskId).toBeNull();
    // Both turns belong to one A2A context.
    expect(agent.contextId).toBe(followUp?.contextId);
  });

  it("turns a failed task and a failing executor into readable replies", async () => {
    const agent = remote();
    const failed = await agent.call(new Msg("user", "fail", "user"));
    expect(failed.getTextContent()).toBe("Upstream quota exhausted.");
    expect(failed.metadata.a2a_task).toMatchObject({ state: "failed" });

    const thrown = await agent.call(new Msg("user", "throw", "user"));
    expect(thrown.metadata.a2a_task).toMatchObject({ state: "failed" });
    expect(thrown.getTextContent()).toContain("executor exploded");
  });

  it("turns a JSON-RPC error from the remote into a readable reply", async () => {
    const agent = remote();
    agent.pendingTaskId = "no-such-task";
    const reply = await agent.call(new Msg("user", "continue", "user"));
    expect(reply.getTextContent()).toMatch(/^The remote agent 'SdkAgent' answered with an error: /);
    expect(reply.metadata.a2a_error).toMatchObject({
      message: expect.stringContaining("no-such-task"),
    });
    // Nothing was answered, so the input stays buffered for the next try.
    expect(agent.observedMsgs.map((m) => m.getTextContent())).toEqual(["continue"]);
  });

  it("throws A2AConnectionError when the connection drops mid-stream", async () => {
    const agent = remote();
    const error = await agent.call(new Msg("user", "drop", "user")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(A2AConnectionError);
    expect((error as A2AConnectionError).retryable).toBe(true);
    expect(agent.observedMsgs.map((m) => m.getTextContent())).toEqual(["drop"]);
  });

  it("throws A2AConnectionError when the remote stays silent past the timeout", async () => {
    const agent = remote({ timeout: 100 });
    const error = await agent.call(new Msg("user", "hang", "user")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(A2AConnectionError);
    expect((error as Error).message).toContain("'timeout'");
  });

  it("answers an interrupt as AgentScope does, cancels the remote task and keeps the answer as context", async () => {
    const agent = remote();
    const before = server.received.length;
    const running = agent.call(new Msg("user", "hang", "user"));
    await vi.waitFor(() => expect(server.received.length).toBe(before + 1));
    await agent.interrupt();
    const reply = await running;
    expect(reply.metadata._is_interrupted).toBe(true);
    // As AgentScope: the unanswered input and the interrupt answer wait for the next reply.
    expect(agent.observedMsgs.map((m) => m.getTextContent())).toEqual([
      "hang",
      "I noticed that you have interrupted me. What can I do for you?",
    ]);
    await vi.waitFor(() => expect(server.canceled).toContain(server.received[before]?.taskId));
  });

  it("saves and loads the observed messages under AgentScope's state key", async () => {
    const agent = remote();
    await agent.observe([new Msg("Bob", "one", "assistant"), new Msg("Ann", "two", "user")]);
    const state = agent.stateDict();
    expect((state._observed_msgs as { content: string }[]).map((d) => d.content)).toEqual([
      "one",
      "two",
    ]);
    const copy = remote();
    copy.loadStateDict(JSON.parse(JSON.stringify(state)));
    expect(copy.observedMsgs.map((m) => `${m.name}:${m.getTextContent()}`)).toEqual([
      "Bob:one",
      "Ann:two",
    ]);
    await expect(copy.observe([{} as Msg])).rejects.toThrow(/msg\[0\]: expected a Msg/);
  });

  it("rejects structured output, which A2A cannot carry", async () => {
    const agent = remote();
    await expect(
      agent.reply(new Msg("user", "hi", "user"), { structuredModel: {} }),
    ).rejects.toThrow(/structuredModel: not supported/);
  });
});

describe("A2AAgent against an A2A v0.3 server (as AgentScope Python 1.0.x serves)", () => {
  it("reads a v0.3 card file and speaks v0.3: streaming, files, input-required", async () => {
    const dir = await mkdtemp(join(tmpdir(), "a2a-v03-"));
    const path = join(dir, "agent_card.json");
    // A v0.3 card as a2a-sdk 0.3 writes it (top-level url, preferredTransport, protocolVersion).
    await writeFile(
      path,
      JSON.stringify({
        name: "SdkAgent",
        description: "A v0.3 peer",
        url: `${server.url}/a2a/jsonrpc`,
        version: "1.0.0",
        protocolVersion: "0.3.0",
        preferredTransport: "JSONRPC",
        capabilities: { streaming: true },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [],
      }),
    );
    try {
      const agent = new A2AAgent({ agentCard: new FileAgentCardResolver(path) });
      agent.setConsoleOutputEnabled(false);
      const card = await agent.getAgentCard();
      expect(card.supportedInterfaces[0]?.protocolVersion).toMatch(/^0\.3/);
      const sentBefore = server.versions.length;

      const deltas: string[] = [];
      let reply: Msg | undefined;
      for await (const e of agent.stream(new Msg("user", "stream one two", "user"))) {
        if (e.type === "model_chunk" && e.delta.text) deltas.push(e.delta.text);
        if (e.type === "reply") reply = e.msg;
      }
      expect(deltas).toEqual(["one", " two"]);
      expect(reply?.getTextContent()).toBe("one two");

      const files = await agent.call(new Msg("user", "files", "user"));
      expect(files.content).toEqual([
        {
          type: "image",
          source: { type: "base64", media_type: "image/png", data: PNG_BYTES.toString("base64") },
        },
        { type: "audio", source: { type: "url", url: "https://example.com/a/song.mp3" } },
        { type: "text", text: '{"rows":2}' },
      ]);

      const question = await agent.call(new Msg("user", "weather", "user"));
      expect(question.metadata.a2a_task).toMatchObject({ state: "input-required" });
      const answer = await agent.call(new Msg("user", "Rome", "user"));
      expect(answer.getTextContent()).toBe("Sunny in Rome.");
      expect(server.received[server.received.length - 1]?.followUp).toBe(true);
      // Every request went out as v0.3 (no 1.0 version header).
      const sent = server.versions.slice(sentBefore);
      expect(sent).toHaveLength(4);
      expect(sent.every((v) => v === "" || v.startsWith("0.3"))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("A2AAgent with no server", () => {
  it("throws A2AConnectionError when the agent cannot be reached", async () => {
    const gone = await startSdkServer();
    const card = structuredClone(gone.card);
    await gone.close();
    const agent = new A2AAgent({ agentCard: card });
    agent.setConsoleOutputEnabled(false);
    const error = await agent.call(new Msg("user", "hi", "user")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(A2AConnectionError);
    expect((error as Error).message).toContain("SdkAgent");
  });

  it("names the card's interfaces when none is one the client speaks", async () => {
    const card = structuredClone(server.card);
    card.supportedInterfaces = [
      { url: "127.0.0.1:1", protocolBinding: "CARRIER-PIGEON", tenant: "", protocolVersion: "1.0" },
    ];
    const agent = new A2AAgent({ agentCard: card });
    agent.setConsoleOutputEnabled(false);
    const error = await agent.call(new Msg("user", "hi", "user")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe("supportedInterfaces");
  });
});
