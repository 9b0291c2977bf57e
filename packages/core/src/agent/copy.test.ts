import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { cloneMsg, deepCopy } from "./copy.js";

describe("cloneMsg / deepCopy", () => {
  it("copies content, metadata and the runtime usage without sharing them", () => {
    const msg = new Msg("a", [{ type: "text", text: "x" }], "assistant", { metadata: { k: [1] } });
    msg.usage = { inputTokens: 3, outputTokens: 4, time: 0.5 };
    const copy = cloneMsg(msg);
    expect(copy.toDict()).toEqual(msg.toDict());
    expect(copy.usage).toEqual(msg.usage);
    (copy.content as { text: string }[])[0]!.text = "changed";
    (copy.metadata.k as number[]).push(2);
    copy.usage!.inputTokens = 99;
    expect(msg.getTextContent()).toBe("x");
    expect(msg.metadata).toEqual({ k: [1] });
    expect(msg.usage.inputTokens).toBe(3);
  });

  it("copies content blocks as deeply as structuredClone, cycles and class instances too", () => {
    const input: Record<string, unknown> = { list: [1, { n: 2 }], when: new Date(5) };
    const msg = new Msg("a", [{ type: "tool_use", id: "t", name: "f", input }], "assistant");
    const copy = cloneMsg(msg);
    const copied = (copy.content as { input: Record<string, unknown> }[])[0]!.input;
    expect(copied).toEqual(input);
    expect(copied).not.toBe(input);
    expect(copied.list).not.toBe(input.list);
    expect(copied.when).not.toBe(input.when);
    expect(copied.when).toEqual(new Date(5));
    input.self = input; // a cycle: falls back to structuredClone
    const cyclic = (cloneMsg(msg).content as { input: Record<string, unknown> }[])[0]!.input;
    expect(cyclic.self).toBe(cyclic);
    expect(cyclic).not.toBe(input);
  });

  it("copies nested arguments and shares what is not plain data", () => {
    const signal = new AbortController().signal;
    const args = { msg: new Msg("a", "hi", "user"), list: [{ n: 1 }], signal };
    const copy = deepCopy(args);
    expect(copy.msg).not.toBe(args.msg);
    expect(copy.list[0]).not.toBe(args.list[0]);
    expect(copy.signal).toBe(signal);
  });

  it("keeps __proto__ and constructor keys as own data keys of the copy", () => {
    const args = JSON.parse(
      '{"tool_call": {"input": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}}',
    );
    const copy = deepCopy(args) as { tool_call: { input: Record<string, unknown> } };
    const input = copy.tool_call.input;
    expect(input).not.toBe(args.tool_call.input);
    expect(Object.keys(input)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(input, "__proto__")?.value).toEqual({ polluted: true });
    expect(input.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const msg = new Msg("a", "hi", "user", { metadata: args.tool_call.input });
    const cloned = cloneMsg(msg);
    expect(Object.keys(cloned.metadata)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(cloned.metadata)).toBe(Object.prototype);
  });
});
