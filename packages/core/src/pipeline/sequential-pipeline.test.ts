import { describe, expect, it } from "vitest";
import { AgentBase } from "../agent/agent-base.js";
import { Msg } from "../message/msg.js";
import { SequentialPipeline, sequentialPipeline } from "./sequential-pipeline.js";

// Adds (or multiplies by) its value in metadata.result, as AgentScope's pipeline_test agents do.
class MathAgent extends AgentBase {
  constructor(
    readonly op: "add" | "mult",
    readonly value: number,
  ) {
    super({ name: op });
  }
  async reply(x?: Msg | Msg[] | null): Promise<Msg> {
    const msg = x as Msg;
    const result = msg.metadata.result as number;
    msg.metadata.result = this.op === "add" ? result + this.value : result * this.value;
    return msg;
  }
  async observe(): Promise<void> {}
}

const start = (result: number) => new Msg("user", "", "user", { metadata: { result } });
const resultOf = (msg: Msg | Msg[] | null) => (msg as Msg).metadata.result;

describe("sequentialPipeline", () => {
  const add1 = new MathAgent("add", 1);
  const add2 = new MathAgent("add", 2);
  const mult3 = new MathAgent("mult", 3);

  it("passes each reply to the next agent", async () => {
    expect(resultOf(await sequentialPipeline([add1, add2, mult3], start(0)))).toBe(9);
    expect(resultOf(await sequentialPipeline([add1, mult3, add2], start(0)))).toBe(5);
    expect(resultOf(await sequentialPipeline([mult3, add1, add2], start(0)))).toBe(3);
  });

  it("class form is reusable", async () => {
    const pipeline = new SequentialPipeline({ agents: [add1, add2, mult3] });
    expect(resultOf(await pipeline.call(start(0)))).toBe(9);
    expect(resultOf(await pipeline.call(start(1)))).toBe(12);
  });

  it("returns the input itself without agents", async () => {
    const x = start(42);
    expect(await sequentialPipeline([], x)).toBe(x);
    expect(await new SequentialPipeline({ agents: [] }).call(x)).toBe(x);
    expect(await sequentialPipeline([], null)).toBeNull();
  });
});
