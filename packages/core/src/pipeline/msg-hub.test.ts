import { describe, expect, it } from "vitest";
import { AgentBase } from "../agent/agent-base.js";
import { Msg } from "../message/msg.js";
import { MsgHub } from "./msg-hub.js";

// Replies "<name>: turn n" and remembers the text of everything it observes.
class Talker extends AgentBase {
  heard: string[] = [];
  turns = 0;
  constructor(name: string) {
    super({ name });
    this.setConsoleOutputEnabled(false);
  }
  async reply(): Promise<Msg> {
    this.turns++;
    return new Msg(this.name, `${this.name}: turn ${this.turns}`, "assistant");
  }
  async observe(msg: Msg | Msg[] | null): Promise<void> {
    for (const m of Array.isArray(msg) ? msg : msg ? [msg] : [])
      this.heard.push(m.getTextContent() ?? "");
  }
}

const trio = () => [new Talker("a"), new Talker("b"), new Talker("c")] as const;

describe("MsgHub", () => {
  it("broadcasts each reply to the other participants, not back to the speaker", async () => {
    const [a, b, c] = trio();
    {
      await using hub = await new MsgHub({
        participants: [a, b, c],
        announcement: new Msg("host", "welcome", "system"),
      }).enter();
      expect(hub.participants).toEqual([a, b, c]);
      await a.call();
      await b.call();
      await c.call();
    }
    expect(a.heard).toEqual(["welcome", "b: turn 1", "c: turn 1"]);
    expect(b.heard).toEqual(["welcome", "a: turn 1", "c: turn 1"]);
    expect(c.heard).toEqual(["welcome", "a: turn 1", "b: turn 1"]);
    // Left the hub: no more sharing.
    await a.call();
    expect(b.heard).toHaveLength(3);
    expect(a.subscribers.size).toBe(0);
  });

  it("adds and deletes participants", async () => {
    const [a, b, c] = trio();
    const hub = await new MsgHub({ participants: [a, b], name: "room" }).enter();
    hub.add(c);
    hub.add([c, a]);
    expect(hub.participants).toEqual([a, b, c]);
    await a.call();
    expect([b.heard, c.heard]).toEqual([["a: turn 1"], ["a: turn 1"]]);

    hub.delete(b);
    hub.delete(new Talker("stranger"));
    expect(hub.participants).toEqual([a, c]);
    await a.call();
    await b.call();
    expect(b.heard).toEqual(["a: turn 1"]);
    expect(c.heard).toEqual(["a: turn 1", "a: turn 2"]);
    expect(a.heard).toEqual([]);
    await hub.exit();
    await hub.exit();
  });

  it("only broadcasts explicitly when auto-broadcast is off", async () => {
    const [a, b, c] = trio();
    const hub = await new MsgHub({ participants: [a, b, c], enableAutoBroadcast: false }).enter();
    await a.call();
    expect(b.heard).toEqual([]);
    await hub.broadcast(new Msg("host", "news", "system"));
    expect([a.heard, b.heard, c.heard]).toEqual([["news"], ["news"], ["news"]]);

    hub.setAutoBroadcast(true);
    await b.call();
    expect(a.heard).toEqual(["news", "b: turn 1"]);
    hub.setAutoBroadcast(false);
    await b.call();
    expect(a.heard).toEqual(["news", "b: turn 1"]);
    await hub.exit();
  });

  it("keeps the subscriptions of two hubs apart", async () => {
    const [a, b, c] = trio();
    const one = await new MsgHub({ participants: [a, b] }).enter();
    const two = await new MsgHub({ participants: [a, c] }).enter();
    await a.call();
    expect([b.heard, c.heard]).toEqual([["a: turn 1"], ["a: turn 1"]]);
    await one.exit();
    await a.call();
    expect([b.heard, c.heard]).toEqual([["a: turn 1"], ["a: turn 1", "a: turn 2"]]);
    await two[Symbol.asyncDispose]();
  });
});
