import { describe, expect, it } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { Msg } from "../message/msg.js";
import type { PrintQueueItem } from "./agent-base.js";
import { AgentBase } from "./agent-base.js";
import { AgentBusyError } from "./agent-busy-error.js";
import type { AgentEvent } from "./agent-event.js";
import { AsyncQueue } from "./async-queue.js";

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

interface Script {
  /** Texts streamed as chunks of one message before replying. */
  chunks?: string[];
  /** Wait this long (abortably unless `ignoreSignal`) before replying. */
  waitMs?: number;
  ignoreSignal?: boolean;
  /** Throw this instead of replying. */
  error?: unknown;
}

// A scripted agent: optionally streams chunks (printing and emitting them), waits, then replies.
class ScriptedAgent extends AgentBase {
  observed: (Msg | Msg[] | null)[] = [];
  script: Script;
  replies = 0;
  finished = 0;

  constructor(name: string, script: Script = {}) {
    super({ name });
    this.script = script;
    this.setConsoleOutputEnabled(false);
  }

  async reply(msg?: Msg | Msg[] | null): Promise<Msg> {
    this.replies++;
    const signal = this.signal;
    const { chunks = [], waitMs = 0, ignoreSignal = false, error } = this.script;
    const id = `stream-${this.name}`;
    let text = "";
    for (const [i, chunk] of chunks.entries()) {
      text += chunk;
      const last = i === chunks.length - 1;
      const m = new Msg({
        id,
        name: this.name,
        role: "assistant",
        content: [{ type: "text", text }],
      });
      await this.print(m, { last });
      await this.emitModelChunk(m, last);
      if (i === 0)
        await this.emit({
          type: "tool_call",
          msgId: id,
          toolUse: { type: "tool_use", id: "t1", name: "echo", input: { text } },
        });
    }
    if (waitMs) await delay(waitMs, ignoreSignal ? undefined : signal);
    if (error) throw error;
    this.finished++;
    const input = msg instanceof Msg ? msg.getTextContent() : "";
    return new Msg({
      name: this.name,
      role: "assistant",
      content: [
        { type: "thinking", thinking: "secret" },
        { type: "text", text: `${this.name} heard ${input}` },
      ],
    });
  }

  async observe(msg: Msg | Msg[] | null): Promise<void> {
    this.observed.push(msg);
  }
}

const user = (text: string) => new Msg("user", text, "user");

describe("AgentBase.call", () => {
  it("returns the reply and has an id and a name", async () => {
    const agent = new ScriptedAgent("bob");
    const reply = await agent.call(user("hi"));
    expect(reply.getTextContent()).toBe("bob heard hi");
    expect(agent.id).toHaveLength(22);
    expect(agent.isReplying).toBe(false);
    expect(agent.replyId).toBeNull();
  });

  it("rejects a call while the agent is replying, then accepts the next one", async () => {
    const agent = new ScriptedAgent("bob", { waitMs: 30 });
    const first = agent.call(user("1"));
    await expect(agent.call(user("2"))).rejects.toThrow(AgentBusyError);
    await expect(agent.call(user("2"))).rejects.toThrow(/Agent 'bob' is already replying/);
    await first;
    await expect(agent.call(user("3"))).resolves.toBeInstanceOf(Msg);
    expect(agent.replies).toBe(2);
  });

  it("propagates reply errors and becomes idle again", async () => {
    const agent = new ScriptedAgent("bob", { error: new Error("boom") });
    await expect(agent.call(user("x"))).rejects.toThrow("boom");
    expect(agent.isReplying).toBe(false);
  });
});

describe("AgentBase.interrupt", () => {
  it("stops a reply stuck in a slow await before it ends and answers with handleInterrupt", async () => {
    const agent = new ScriptedAgent("slow", { waitMs: 2000, ignoreSignal: true });
    const running = agent.call(user("hi"));
    await delay(20);
    await agent.interrupt();
    const reply = await running;
    // The reply came back while the 2 s await it was stuck in is still pending.
    expect(agent.finished).toBe(0);
    expect(agent.isReplying).toBe(false);
    expect(reply.metadata).toEqual({ _is_interrupted: true });
    expect(reply.getTextContent()).toBe(
      "I noticed that you have interrupted me. What can I do for you?",
    );
    expect(agent.finished).toBe(0);
    expect(agent.isReplying).toBe(false);
  });

  it("aborts the signal the reply passes to its awaits", async () => {
    const agent = new ScriptedAgent("slow", { waitMs: 2000 });
    const running = agent.call(user("hi"));
    await delay(10);
    const signal = agent.signal;
    expect(signal.aborted).toBe(false);
    await agent.interrupt("user pressed stop");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(InterruptedError);
    expect((signal.reason as Error).message).toMatch(/user pressed stop/);
    expect((await running).metadata._is_interrupted).toBe(true);
  });

  it("treats an InterruptedError thrown by the reply as an interruption", async () => {
    const agent = new ScriptedAgent("x", { error: new InterruptedError("tool aborted") });
    expect((await agent.call(user("hi"))).metadata._is_interrupted).toBe(true);
  });

  it("does nothing when the agent is idle", async () => {
    const agent = new ScriptedAgent("idle");
    await agent.interrupt();
    expect((await agent.call(user("hi"))).metadata).toEqual({});
  });

  it("uses a subclass's handleInterrupt", async () => {
    class Custom extends ScriptedAgent {
      override async handleInterrupt(msg?: Msg | Msg[] | null): Promise<Msg> {
        return new Msg(
          this.name,
          `stopped while answering ${(msg as Msg).getTextContent()}`,
          "assistant",
        );
      }
    }
    const agent = new Custom("c", { waitMs: 1000 });
    const running = agent.call(user("q"));
    await delay(5);
    await agent.interrupt();
    expect((await running).getTextContent()).toBe("stopped while answering q");
  });
});

describe("AgentBase.print", () => {
  it("writes to the output sink unless silenced", async () => {
    const agent = new ScriptedAgent("p");
    const out: string[] = [];
    agent.setOutputSink({ write: (t) => out.push(t) });
    agent.setConsoleOutputEnabled(true);
    await agent.print(new Msg({ id: "1", name: "p", content: "ab", role: "assistant" }), {
      last: false,
    });
    await agent.print(new Msg({ id: "1", name: "p", content: "abc", role: "assistant" }));
    expect(out.join("")).toBe("p: abc\n");
    agent.setConsoleOutputEnabled(false);
    await agent.print(new Msg("p", "quiet", "assistant"));
    expect(out.join("")).toBe("p: abc\n");
    expect(agent.consoleOutputEnabled).toBe(false);
  });

  it("feeds copies of printed messages to the message queue when enabled", async () => {
    const agent = new ScriptedAgent("q");
    const queue = new AsyncQueue<PrintQueueItem | string>();
    agent.setMsgQueueEnabled(true, queue);
    const msg = new Msg("q", [{ type: "text", text: "x" }], "assistant");
    await agent.print(msg, { last: false });
    msg.content = "mutated";
    const [copy, last, speech] = (await queue.get()) as PrintQueueItem;
    expect(copy.id).toBe(msg.id);
    expect(copy.content).toEqual([{ type: "text", text: "x" }]);
    expect([last, speech]).toEqual([false, null]);

    agent.setMsgQueueEnabled(false);
    await agent.print(msg);
    expect(queue.size).toBe(0);
    expect(agent.msgQueue).toBeNull();

    agent.setMsgQueueEnabled(true);
    expect(agent.msgQueue?.maxsize).toBe(100);
  });
});

describe("subscribers", () => {
  it("observe the reply without thinking blocks after each call", async () => {
    const speaker = new ScriptedAgent("speaker");
    const listener = new ScriptedAgent("listener");
    speaker.resetSubscribers("hub", [speaker, listener]);
    const reply = await speaker.call(user("hi"));
    expect(speaker.observed).toEqual([]);
    expect(listener.observed).toHaveLength(1);
    const seen = listener.observed[0] as Msg;
    expect(seen.id).toBe(reply.id);
    expect(seen.content).toEqual([{ type: "text", text: "speaker heard hi" }]);
    expect(reply.getContentBlocks("thinking")).toHaveLength(1);

    expect(speaker.removeSubscribers("hub")).toBe(true);
    expect(speaker.removeSubscribers("hub")).toBe(false);
    await speaker.call(user("again"));
    expect(listener.observed).toHaveLength(1);
  });
});

describe("AgentBase.stream", () => {
  it("yields typed events in order, ending with the reply", async () => {
    const agent = new ScriptedAgent("s", { chunks: ["He", "llo", "!"] });
    const events: AgentEvent[] = [];
    for await (const event of agent.stream(user("hi"))) events.push(event);
    expect(events.map((e) => e.type)).toEqual([
      "reply_start",
      "model_chunk",
      "tool_call",
      "model_chunk",
      "model_chunk",
      "reply",
    ]);
    const replyId = events[0]?.replyId;
    expect(replyId).toHaveLength(22);
    for (const e of events)
      expect([e.agentName, e.agentId, e.replyId]).toEqual(["s", agent.id, replyId]);
    const deltas = events.flatMap((e) => (e.type === "model_chunk" ? [e.delta.text] : []));
    expect(deltas).toEqual(["He", "llo", "!"]);
    const chunks = events.filter((e) => e.type === "model_chunk");
    expect(chunks.map((e) => e.last)).toEqual([false, false, true]);
    expect(chunks[0]?.msgId).toBe("stream-s");
    const last = events.at(-1);
    expect(last?.type === "reply" && last.msg.getTextContent()).toBe("s heard hi");
    expect(last?.type === "reply" && last.interrupted).toBe(false);
    const start = events[0];
    expect(start?.type === "reply_start" && (start.input as Msg).content).toBe("hi");
  });

  it("ends with an error event when the reply fails, then throws the error", async () => {
    const agent = new ScriptedAgent("e", { chunks: ["a"], error: new Error("bad") });
    const events: AgentEvent[] = [];
    await expect(async () => {
      for await (const event of agent.stream(user("x"))) events.push(event);
    }).rejects.toThrow("bad");
    const last = events.at(-1);
    expect(last?.type).toBe("error");
    expect(last?.type === "error" && (last.error as Error).message).toBe("bad");
    expect(agent.isReplying).toBe(false);
  });

  it("interrupts the agent when the consumer breaks early", async () => {
    const agent = new ScriptedAgent("b", { chunks: ["a", "b"], waitMs: 5000 });
    const types: string[] = [];
    for await (const event of agent.stream(user("x"))) {
      types.push(event.type);
      if (event.type === "model_chunk") break;
    }
    expect(types).toEqual(["reply_start", "model_chunk"]);
    expect(agent.isReplying).toBe(false);
    expect(agent.finished).toBe(0);
    // The agent is free again.
    agent.script = {};
    expect((await agent.call(user("y"))).getTextContent()).toBe("b heard y");
  });

  it("applies backpressure: the agent waits for a slow consumer instead of buffering", async () => {
    let emitted = 0;
    class Chatty extends ScriptedAgent {
      override async reply(_msg?: Msg | Msg[] | null): Promise<Msg> {
        for (let i = 0; i < 40; i++) {
          await this.emit({
            type: "tool_call",
            msgId: "m",
            toolUse: { type: "tool_use", id: String(i), name: "n", input: {} },
          });
          emitted++;
        }
        return new Msg(this.name, "done", "assistant");
      }
    }
    const agent = new Chatty("c");
    agent.streamBufferSize = 4;
    let consumed = 0;
    let maxAhead = 0;
    for await (const event of agent.stream(user("x"))) {
      if (event.type !== "tool_call") continue;
      consumed++;
      maxAhead = Math.max(maxAhead, emitted - consumed);
      await delay(1);
    }
    expect(consumed).toBe(40);
    expect(maxAhead).toBeLessThanOrEqual(2 * 4 + 1);
  });

  it("rejects streaming a busy agent, then is done", async () => {
    const agent = new ScriptedAgent("busy", { chunks: ["a"], waitMs: 30 });
    const running = agent.call(user("1"));
    const stream = agent.stream(user("2"));
    await expect(stream.next()).rejects.toThrow(AgentBusyError);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    await running;
  });

  it("starts the reply on the first read, and not at all when returned before it", async () => {
    const agent = new ScriptedAgent("lazy", { chunks: ["a"] });
    const unread = agent.stream(user("never"));
    expect(agent.isReplying).toBe(false);
    expect(await unread.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await unread.next()).toEqual({ done: true, value: undefined });
    expect(agent.replies).toBe(0);

    const stream = agent.stream(user("x"));
    expect(agent.replies).toBe(0);
    expect((await stream.next()).value?.type).toBe("reply_start");
    expect(agent.isReplying).toBe(true);
    await stream.return(undefined);
  });

  it("is done after the consumer left early, once the stopped reply is over", async () => {
    const agent = new ScriptedAgent("left", { chunks: ["a", "b"], waitMs: 5000 });
    const stream = agent.stream(user("x"));
    expect((await stream.next()).value?.type).toBe("reply_start");
    expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
    expect(agent.isReplying).toBe(false);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });
});
