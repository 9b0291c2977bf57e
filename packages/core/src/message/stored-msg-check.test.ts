import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { runCheck } from "../utils/checks.js";
import { MSG_CORPUS } from "./__fixtures__/msg-dict-corpus.js";
import { Msg } from "./msg.js";
import { msgDictCheck } from "./msg-dict-check.js";
import { isWellFormedMsgDict } from "./stored-msg-check.js";

describe("isWellFormedMsgDict", () => {
  it("agrees with the full check on every dict of the corpus (never accepts a bad one)", () => {
    for (const value of MSG_CORPUS) {
      const valid = runCheck(msgDictCheck, value).issues.length === 0;
      expect({ value, fast: isWellFormedMsgDict(value) }).toEqual({ value, fast: valid });
    }
  });
});

describe("Msg.fromStoredDict", () => {
  it("reads a stored dict into the same message as fromDict, keeping its objects", () => {
    const msg = new Msg(
      "bob",
      [{ type: "tool_use", id: "c1", name: "f", input: { a: 1 } }],
      "assistant",
      {
        metadata: { k: [1] },
      },
    );
    const dict = JSON.parse(JSON.stringify(msg.toDict()));
    const stored = Msg.fromStoredDict(dict);
    expect(stored.toDict()).toEqual(Msg.fromDict(dict).toDict());
    expect(stored.content).toBe(dict.content);
  });

  it("gives a corrupted stored dict fromDict's ValidationError naming the field", () => {
    const dict = JSON.parse(JSON.stringify(new Msg("bob", "hi", "user").toDict()));
    dict.content = [{ type: "tool_use", id: "c1", name: "f", input: "not an object" }];
    expect(() => Msg.fromStoredDict(dict)).toThrow(ValidationError);
    expect(() => Msg.fromStoredDict(dict)).toThrow(/content\[0\]\.input/);
  });
});
