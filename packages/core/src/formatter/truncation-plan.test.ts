import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { dropOldestPlan } from "./truncation-plan.js";

const m = (name: string, role: "user" | "assistant" | "system" = "user") =>
  new Msg({ name, role, content: name });
const use = (name: string, id: string) =>
  new Msg({ name, role: "assistant", content: [{ type: "tool_use", id, name: "f", input: {} }] });
const res = (name: string, id: string, role: "user" | "system" = "system") =>
  new Msg({ name, role, content: [{ type: "tool_result", id, name: "f", output: "" }] });

const names = (msgs: Msg[]) => msgs.map((x) => x.name);

describe("dropOldestPlan", () => {
  it("lists AgentScope's drop-oldest steps, keeping the system message and tool pairs", () => {
    const msgs = [m("S", "system"), m("a"), use("u1", "1"), m("b"), res("r1", "1"), m("c")];
    const plan = dropOldestPlan(msgs);
    expect(plan.steps).toBe(3);
    expect(names(plan.messagesAt(0))).toEqual(["S", "a", "u1", "b", "r1", "c"]);
    expect(names(plan.messagesAt(1))).toEqual(["S", "u1", "b", "r1", "c"]);
    expect(names(plan.messagesAt(2))).toEqual(["S", "c"]);
    expect(names(plan.messagesAt(3))).toEqual(["S"]);
    expect(plan.exhausted(50, 10).message).toMatch(/system prompt message alone takes 50 tokens/);
    expect(() => plan.messagesAt(4)).toThrow(RangeError);
  });

  it("ends before a tool call that has no result", () => {
    const plan = dropOldestPlan([m("a"), use("u", "x"), m("b")]);
    expect(plan.steps).toBe(1);
    expect(names(plan.messagesAt(1))).toEqual(["u", "b"]);
    expect(plan.exhausted(7, 5).message).toMatch(/"x" that have no tool result/);
  });

  it("drops a stray tool result alone and can end with nothing left", () => {
    const plan = dropOldestPlan([res("r", "zz", "user"), m("a")]);
    expect(plan.steps).toBe(2);
    expect(names(plan.messagesAt(1))).toEqual(["a"]);
    expect(plan.messagesAt(2)).toEqual([]);
    expect(plan.exhausted(3, 1).message).toMatch(/every message dropped/);
    // With role "system" (as AgentScope's tool results often have) it leads and is kept instead.
    const kept = dropOldestPlan([res("r", "zz", "system"), m("a")]);
    expect(kept.steps).toBe(1);
    expect(names(kept.messagesAt(1))).toEqual(["r"]);
  });
});
