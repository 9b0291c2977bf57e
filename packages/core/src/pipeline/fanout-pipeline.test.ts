import { describe, expect, it } from "vitest";
import { AgentBase } from "../agent/agent-base.js";
import { Msg } from "../message/msg.js";
import { FanoutPipeline, fanoutPipeline } from "./fanout-pipeline.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Adds its value to metadata.result of the message it gets (mutating it), logging its start and end.
class TimedAgent extends AgentBase {
  static events: string[] = [];
  options: unknown[] = [];
  constructor(
    readonly value: number,
    readonly waitMs = 0,
  ) {
    super({ name: `add${value}` });
  }
  async reply(x?: Msg | Msg[] | null, options?: Record<string, unknown>): Promise<Msg> {
    TimedAgent.events.push(`start ${this.name}`);
    this.options.push(options);
    if (this.waitMs) await sleep(this.waitMs);
    const msg = x as Msg;
    msg.metadata.result = (msg.metadata.result as number) + this.value;
    TimedAgent.events.push(`end ${this.name}`);
    return msg;
  }
  async observe(): Promise<void> {}
}

const start = () => new Msg("user", "", "user", { metadata: { result: 0 } });

describe("fanoutPipeline", () => {
  it("gives every agent an independent copy of the input", async () => {
    const x = start();
    const replies = await fanoutPipeline(
      [new TimedAgent(1), new TimedAgent(2), new TimedAgent(3)],
      x,
    );
    expect(replies.map((r) => r.metadata.result)).toEqual([1, 2, 3]);
    expect(x.metadata.result).toBe(0);
    expect(new Set(replies).size).toBe(3);
    expect(replies.every((r) => r.id === x.id && r !== x)).toBe(true);
  });

  it("runs the agents concurrently by default (their runs overlap)", async () => {
    TimedAgent.events = [];
    const agents = [new TimedAgent(1, 60), new TimedAgent(2, 60)];
    await fanoutPipeline(agents, start());
    // add2 started before add1 finished: concurrent.
    expect(TimedAgent.events.slice(0, 2)).toEqual(["start add1", "start add2"]);
    expect(TimedAgent.events.slice(2).sort()).toEqual(["end add1", "end add2"]);
  });

  it("runs them one after another with enableGather false, still on copies", async () => {
    TimedAgent.events = [];
    const agents = [new TimedAgent(1, 20), new TimedAgent(2, 20)];
    const replies = await fanoutPipeline(agents, start(), { enableGather: false });
    expect(replies.map((r) => r.metadata.result)).toEqual([1, 2]);
    expect(TimedAgent.events).toEqual(["start add1", "end add1", "start add2", "end add2"]);
  });

  it("passes other options to each agent and handles no agents", async () => {
    const agent = new TimedAgent(1);
    await fanoutPipeline([agent], start(), { enableGather: true, structuredModel: "S" });
    expect(agent.options).toEqual([{ structuredModel: "S" }]);
    expect(await fanoutPipeline([], start())).toEqual([]);
    expect(await fanoutPipeline([], start(), { enableGather: false })).toEqual([]);
  });

  it("class form", async () => {
    const pipeline = new FanoutPipeline({
      agents: [new TimedAgent(1), new TimedAgent(5)],
      enableGather: false,
    });
    expect((await pipeline.call(start())).map((r) => r.metadata.result)).toEqual([1, 5]);
    expect(pipeline.enableGather).toBe(false);
    expect(new FanoutPipeline({ agents: [] }).enableGather).toBe(true);
  });
});
