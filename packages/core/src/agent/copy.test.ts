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

  it("copies nested arguments and shares what is not plain data", () => {
    const signal = new AbortController().signal;
    const args = { msg: new Msg("a", "hi", "user"), list: [{ n: 1 }], signal };
    const copy = deepCopy(args);
    expect(copy.msg).not.toBe(args.msg);
    expect(copy.list[0]).not.toBe(args.list[0]);
    expect(copy.signal).toBe(signal);
  });
});
