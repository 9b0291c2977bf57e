import { describe, expect, it } from "vitest";
import { runCheck } from "../utils/checks.js";
import { copyJsonValue } from "../utils/json-copy.js";
import { MSG_CORPUS } from "./__fixtures__/msg-dict-corpus.js";
import { Msg } from "./msg.js";
import { msgDictCheck } from "./msg-dict-check.js";
import { msgFromJsonCopy } from "./msg-from-json-copy.js";

// The message, less the id and timestamp a dict without them gets anew (now, random) each time.
const fixed = (msg: Msg, value: unknown) => {
  const given = value as { id?: unknown; timestamp?: unknown };
  return {
    ...msg.toDict(),
    invocationId: msg.invocationId,
    ...(typeof given.id === "string" ? {} : { id: undefined }),
    ...(typeof given.timestamp === "string" ? {} : { timestamp: undefined }),
  };
};

describe("msgFromJsonCopy", () => {
  it("reads every valid dict of the corpus as fromStoredDict reads its copy, and no invalid one", () => {
    for (const value of MSG_CORPUS) {
      const valid = runCheck(msgDictCheck, value).issues.length === 0;
      const msg = msgFromJsonCopy(value);
      expect({ value, read: msg !== undefined }).toEqual({ value, read: valid });
      if (msg) {
        expect(fixed(msg, value)).toEqual(fixed(Msg.fromStoredDict(copyJsonValue(value)), value));
      }
    }
  });

  it("keeps no object of the dict: content, blocks, inputs, outputs and metadata are copies", () => {
    const dict = {
      id: "m",
      name: "a",
      role: "assistant",
      content: [
        { type: "tool_use", id: "c", name: "f", input: { q: ["x"] } },
        { type: "tool_result", id: "c", name: "f", output: [{ type: "text", text: "r" }] },
      ],
      metadata: { k: { deep: [1] }, ["__proto__"]: { polluted: true } },
      timestamp: "t",
    };
    const msg = msgFromJsonCopy(dict) as Msg;
    const before = JSON.stringify(msg.toDict());
    dict.content[0] = { type: "text", text: "changed" } as never;
    (dict.content[1] as { output: unknown[] }).output.push({ type: "text", text: "more" });
    dict.metadata.k.deep.push(2);
    expect(JSON.stringify(msg.toDict())).toBe(before);
    expect(Object.hasOwn(msg.metadata, "__proto__")).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("sends anything that is not plain JSON the long way (undefined), wherever it is", () => {
    const ok = { name: "a", role: "user", content: "x" };
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const bad = [
      { ...ok, metadata: { n: 1n } },
      { ...ok, metadata: cycle },
      { ...ok, metadata: new Date(0) },
      { ...ok, extra: [Number.NaN] },
      { ...ok, content: [{ type: "tool_use", id: "1", name: "f", input: new Map() }] },
      {
        ...ok,
        get content(): string {
          throw new Error("no");
        },
      },
      new (class Dict {
        name = "a";
        role = "user";
        content = "x";
      })(),
    ];
    for (const value of bad) expect(msgFromJsonCopy(value)).toBeUndefined();
  });
});
