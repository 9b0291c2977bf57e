import {
  AgentBase,
  type AudioBlock,
  type ContentBlock,
  Msg,
  MsgHub,
  ReActAgent,
  sequentialPipeline,
  Toolkit,
  tool,
  UserAgent,
} from "@agentscope-ts/core";
import {
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
  scriptedToolCall,
} from "@agentscope-ts/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectStudio, type StudioConnection } from "./connect-studio.js";
import { openStudioPage, type StudioContractServer, startStudioContractServer } from "./testing.js";

// An agent that prints what it is given (with optional speech), as a TTS-speaking agent would.
class Printer extends AgentBase {
  async reply(msg?: Msg | Msg[] | null, options: { speech?: AudioBlock[] } = {}): Promise<Msg> {
    const out = new Msg(this.name, (msg as Msg).content, "assistant");
    await this.print(out, { last: true, speech: options.speech ?? null });
    return out;
  }
  async observe(): Promise<void> {}
}

const audio = (data: string): AudioBlock => ({
  type: "audio",
  source: { type: "base64", media_type: "audio/wav", data },
});

let studio: StudioContractServer;
let connection: StudioConnection | undefined;
let warnings: string[];

beforeEach(async () => {
  studio = await startStudioContractServer();
  warnings = [];
});

afterEach(async () => {
  await connection?.disconnect();
  connection = undefined;
  await studio.close();
});

const connect = async (extra: Partial<Parameters<typeof connectStudio>[0]> = {}) => {
  connection = await connectStudio({
    url: studio.url,
    project: "contract",
    name: "run-1",
    tracing: false,
    onWarning: (m) => warnings.push(m),
    ...extra,
  });
  return connection;
};

const accepted = (procedure: string) =>
  studio.store.calls.filter((c) => c.procedure === procedure && c.status === 200);

describe("connectStudio", () => {
  it("registers the run as AgentScope's init does, and Studio marks it done on disconnect", async () => {
    const c = await connect({ runId: "run-abc" });
    const run = await studio.waitFor(() => studio.store.runs.get("run-abc"));
    expect(run).toMatchObject({
      id: "run-abc",
      project: "contract",
      name: "run-1",
      status: "running",
      run_dir: "",
    });
    expect(run.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(run.pid).toBe(process.pid);
    await studio.waitFor(() => studio.pythonClients === 1);
    await c.disconnect();
    await studio.waitFor(() => studio.store.runs.get("run-abc")?.status === "done");
    expect(studio.store.calls.every((call) => call.status === 200)).toBe(true);
  });

  it("forwards a message of every block type, with speech, under the reply that printed it", async () => {
    const c = await connect();
    const agent = new Printer({ name: "Friday", consoleOutputEnabled: false });
    const blocks = [
      { type: "text", text: "hello" },
      { type: "thinking", thinking: "hmm" },
      { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
      audio("UklGRg=="),
      { type: "video", source: { type: "url", url: "https://example.com/a.mp4" } },
      { type: "tool_use", id: "call_1", name: "add", input: { a: 1 } },
      { type: "tool_result", id: "call_1", name: "add", output: [{ type: "text", text: "2" }] },
    ] satisfies ContentBlock[];
    const reply = await agent.call(new Msg("user", blocks, "user"), {
      speech: [audio("c3BlZWNo")],
    });
    await studio.waitFor(() => studio.store.messages.get(reply.id));
    const stored = studio.store.messages.get(reply.id);
    expect(stored?.msg.content).toEqual(blocks);
    expect(stored?.speech).toEqual([audio("c3BlZWNo")]);
    expect(stored?.runId).toBe(c.runId);
    const replyRow = studio.store.replies.get(stored?.replyId ?? "");
    expect(replyRow).toMatchObject({ runId: c.runId, replyName: "Friday", replyRole: "assistant" });
    // The reply was registered before its message arrived.
    const order = studio.store.calls.map((call) => call.procedure);
    expect(order.indexOf("registerReply")).toBeLessThan(order.indexOf("pushMessage"));
  });

  it("coalesces the streamed prints of one message while Studio is slow, keeping order and speech", async () => {
    await connect();
    await studio.waitFor(() => accepted("registerRun").length === 1);
    const agent = new Printer({ name: "Streamer", consoleOutputEnabled: false });
    const held = studio.stall();
    const first = new Msg("Streamer", "a", "assistant");
    await agent.print(first, { last: true }); // in flight, held by Studio
    const streamed = new Msg("Streamer", "", "assistant");
    for (const text of ["He", "Hello", "Hello wor", "Hello world"]) {
      streamed.content = text;
      await agent.print(streamed, {
        last: text === "Hello world",
        speech: text === "He" ? audio("AA==") : null,
      });
    }
    const other = new Msg("Streamer", "after", "assistant");
    await agent.print(other, { last: true });
    held.release();
    await studio.waitFor(() => studio.store.messages.get(other.id));
    expect([...studio.store.messages.values()].map((m) => m.msg.content)).toEqual([
      "a",
      "Hello world",
      "after",
    ]);
    expect(studio.store.messages.get(streamed.id)?.speech).toEqual([audio("AA==")]);
    // One call for the four waiting prints of the streamed message.
    expect(accepted("pushMessage")).toHaveLength(3);
  });

  it("runs a MsgHub of two ReActAgents and a UserAgent answered in Studio as one run, in order, with traces", async () => {
    const c = await connect({ tracing: true });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "add",
        description: "Add two numbers.",
        parameters: z.object({ a: z.number(), b: z.number() }),
        execute: ({ a, b }) => String(a + b),
      }),
    );
    const alice = new ReActAgent({
      name: "Alice",
      sysPrompt: "You add.",
      model: new ScriptedChatModel({
        script: [scriptedToolCall("add", { a: 1, b: 2 }), scriptedText("1 + 2 = 3")],
      }),
      formatter: new PlainFormatter(),
      toolkit,
      consoleOutputEnabled: false,
    });
    const bob = new ReActAgent({
      name: "Bob",
      sysPrompt: "You agree.",
      model: new ScriptedChatModel({ script: [scriptedText("Agreed, 3.")] }),
      formatter: new PlainFormatter(),
      consoleOutputEnabled: false,
    });
    const user = new UserAgent({ name: "Ann", consoleOutputEnabled: false });
    const Choice = z.object({ happy: z.boolean() });

    await studio.waitFor(() => studio.store.runs.has(c.runId));
    const page = await openStudioPage(studio.url, c.runId);
    const answered = (async () => {
      const question = await page.question(1);
      expect(question).toMatchObject({ agentName: "Ann", agentId: user.id });
      expect(question.structuredInput).toMatchObject({
        type: "object",
        properties: { happy: { type: "boolean" } },
      });
      expect(studio.store.runs.get(c.runId)?.status).toBe("running");
      return page.answer(question.requestId, [{ type: "text", text: "thanks both" }], {
        happy: true,
      });
    })();
    let userMsg: Msg;
    {
      await using _hub = await new MsgHub({
        participants: [alice, bob, user],
        announcement: new Msg("host", "What is 1 + 2?", "user"),
      }).enter();
      await sequentialPipeline([alice, bob]);
      userMsg = await user.call(null, { structuredModel: Choice });
    }
    expect(await answered).toEqual({ success: true });
    expect(userMsg.getTextContent()).toBe("thanks both");
    expect(userMsg.metadata).toEqual({ happy: true });
    page.close();

    await c.disconnect();
    const runId = c.runId;
    connection = undefined;
    // Every message, in the order the agents printed them, in one run.
    const messages = [...studio.store.messages.values()];
    expect(messages.every((m) => m.runId === runId)).toBe(true);
    expect(messages.map((m) => `${m.msg.name}:${m.msg.role}`)).toEqual([
      "Alice:assistant", // the tool call
      "system:system", // its result
      "Alice:assistant",
      "Bob:assistant",
      "Ann:user",
    ]);
    expect(
      (messages[0]?.msg.content as { type: string }[] | undefined)?.map((b) => b.type),
    ).toEqual(["tool_use"]);
    expect(messages[1]?.msg.content).toEqual([
      {
        type: "tool_result",
        id: expect.any(String),
        name: "add",
        output: [{ type: "text", text: "3" }],
      },
    ]);
    expect(messages[2]?.msg.content).toEqual([{ type: "text", text: "1 + 2 = 3" }]);
    expect(messages[4]?.msg).toMatchObject({ content: "thanks both", metadata: { happy: true } });
    const roles = messages.map((m) => studio.store.replies.get(m.replyId)?.replyRole);
    expect(roles).toEqual(["assistant", "assistant", "assistant", "assistant", "user"]);
    await studio.waitFor(() => studio.store.runs.get(runId)?.status === "done");
    expect(studio.store.inputRequests.size).toBe(0);
    // The traces arrived at Studio's OTLP route, tagged with the run.
    const names = studio.store.spans.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(["invoke_agent Alice", "invoke_agent Bob", "execute_tool add"]),
    );
    expect(studio.store.spans.some((s) => s.attributes["gen_ai.conversation.id"] === runId)).toBe(
      true,
    );
    expect(warnings).toEqual([]);
  });

  it("disconnect() undoes everything: no hook, no Studio input, no more calls", async () => {
    const c = await connect();
    await studio.waitFor(() => accepted("registerRun").length === 1);
    await c.disconnect();
    connection = undefined;
    const before = studio.store.calls.length;
    await new Printer({ name: "Late", consoleOutputEnabled: false }).call(
      new Msg("user", "x", "user"),
    );
    await expect(new UserAgent({ name: "u" }).call()).rejects.toThrow(/no input source/);
    expect(studio.store.calls.length).toBe(before);
    await c.disconnect(); // twice is fine
  });

  it("disconnect() gives back the UserAgent input set before connecting", async () => {
    UserAgent.overrideClassInputMethod(async () => ({
      blocksInput: [{ type: "text", text: "from the terminal" }],
      structuredInput: null,
    }));
    try {
      const c = await connect();
      await studio.waitFor(() => accepted("registerRun").length === 1);
      await c.disconnect();
      connection = undefined;
      const user = new UserAgent({ name: "u", consoleOutputEnabled: false });
      expect((await user.call()).content).toBe("from the terminal");
    } finally {
      UserAgent.overrideClassInputMethod(null);
    }
  });

  it("disconnect() keeps a UserAgent input set while connected", async () => {
    const c = await connect();
    await studio.waitFor(() => accepted("registerRun").length === 1);
    UserAgent.overrideClassInputMethod(async () => ({
      blocksInput: [{ type: "text", text: "set later" }],
      structuredInput: null,
    }));
    try {
      await c.disconnect();
      connection = undefined;
      const user = new UserAgent({ name: "u", consoleOutputEnabled: false });
      expect((await user.call()).content).toBe("set later");
    } finally {
      UserAgent.overrideClassInputMethod(null);
    }
  });

  it("rejects a bad URL with a ValidationError naming the field", async () => {
    await expect(connectStudio({ url: "localhost:3000" })).rejects.toThrow(
      /url: expected Studio's http\(s\) URL/,
    );
  });
});
