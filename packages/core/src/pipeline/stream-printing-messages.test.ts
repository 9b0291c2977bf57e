import { describe, expect, it } from "vitest";
import { AgentBase, type PrintQueueItem } from "../agent/agent-base.js";
import { AsyncQueue } from "../agent/async-queue.js";
import { Msg } from "../message/msg.js";
import { streamPrintingMessages } from "./stream-printing-messages.js";

// Prints the given texts (each as its own message), then replies or fails.
class Printer extends AgentBase {
  constructor(
    name: string,
    readonly texts: string[],
    readonly error?: Error,
  ) {
    super({ name });
    this.setConsoleOutputEnabled(false);
  }
  async reply(): Promise<Msg> {
    for (const text of this.texts) await this.print(new Msg(this.name, text, "assistant"));
    if (this.error) throw this.error;
    return new Msg(this.name, "done", "assistant");
  }
  async observe(): Promise<void> {}
}

// Streams one message in three cumulative chunks.
class Streamer extends Printer {
  override async reply(): Promise<Msg> {
    const id = "same";
    for (const [i, text] of ["a", "ab", "abc"].entries()) {
      await this.print(new Msg({ id, name: this.name, content: text, role: "assistant" }), {
        last: i === 2,
      });
    }
    return new Msg(this.name, "done", "assistant");
  }
}

describe("streamPrintingMessages", () => {
  it("yields the printed messages as [msg, last] pairs in order", async () => {
    const agent = new Printer("p", ["123", "456", "789"]);
    const got: [unknown, boolean][] = [];
    for await (const [msg, last] of streamPrintingMessages([agent], () => agent.call())) {
      got.push([msg.content, last]);
    }
    expect(got).toEqual([
      ["123", true],
      ["456", true],
      ["789", true],
    ]);
    expect(agent.msgQueueEnabled).toBe(false);
  });

  it("marks the chunks of a streamed message and accepts a running promise", async () => {
    const agent = new Streamer("s", []);
    const got: string[] = [];
    for await (const [msg, last] of streamPrintingMessages([agent], agent.call())) {
      got.push(`${String(msg.content)}:${last}:${msg.id}`);
    }
    expect(got).toEqual(["a:false:same", "ab:false:same", "abc:true:same"]);
  });

  it("gathers several agents into one stream", async () => {
    const a = new Printer("a", ["a1", "a2"]);
    const b = new Printer("b", ["b1"]);
    const names: string[] = [];
    for await (const [msg] of streamPrintingMessages([a, b], async () => {
      await a.call();
      await b.call();
    })) {
      names.push(msg.getTextContent() ?? "");
    }
    expect(names).toEqual(["a1", "a2", "b1"]);
  });

  it("throws the task's error after the messages printed before it", async () => {
    const agent = new Printer("e", ["Message before error"], new Error("Error after printing"));
    const received: Msg[] = [];
    await expect(
      (async () => {
        for await (const [msg] of streamPrintingMessages([agent], () => agent.call()))
          received.push(msg);
      })(),
    ).rejects.toThrow("Error after printing");
    expect(received.map((m) => m.content)).toEqual(["Message before error"]);
  });

  it("yields the speech too when asked, and restores a queue the agent had", async () => {
    const own = new AsyncQueue<PrintQueueItem | string>(5);
    const agent = new Printer("v", []);
    agent.setMsgQueueEnabled(true, own);
    const speech = {
      type: "audio" as const,
      source: { type: "url" as const, url: "https://x/a.wav" },
    };
    const items: PrintQueueItem[] = [];
    const task = () => agent.print(new Msg("v", "hi", "assistant"), { speech });
    for await (const item of streamPrintingMessages([agent], task, { yieldSpeech: true }))
      items.push(item);
    expect(items.map(([m, last, s]) => [m.content, last, s])).toEqual([["hi", true, speech]]);
    expect(agent.msgQueue).toBe(own);
    expect(agent.msgQueueEnabled).toBe(true);
  });

  it("lets the task finish when the consumer stops early", async () => {
    const agent = new Printer("x", ["1", "2", "3", "4"]);
    const queue = new AsyncQueue<PrintQueueItem | string>(1);
    const running = agent.call();
    for await (const [msg] of streamPrintingMessages([agent], running, { queue })) {
      if (msg.content === "1") break;
    }
    expect((await running).content).toBe("done");
  });
});
