import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { groupMessages } from "./message-groups.js";

const text = (name: string) => new Msg({ name, role: "user", content: `hi from ${name}` });
const call = (id: string) =>
  new Msg({
    name: "a",
    role: "assistant",
    content: [{ type: "tool_use", id, name: "f", input: {} }],
  });
const result = (id: string) =>
  new Msg({
    name: "system",
    role: "system",
    content: [{ type: "tool_result", id, name: "f", output: "ok" }],
  });

describe("groupMessages", () => {
  it("splits into maximal runs of agent messages and tool sequences", () => {
    const msgs = [text("u"), text("v"), call("1"), result("1"), call("2"), result("2"), text("w")];
    expect(groupMessages(msgs).map((g) => [g.type, g.msgs])).toEqual([
      ["agent_message", [msgs[0], msgs[1]]],
      ["tool_sequence", [msgs[2], msgs[3], msgs[4], msgs[5]]],
      ["agent_message", [msgs[6]]],
    ]);
  });

  it("starts with a tool sequence when the first message is a tool message, and handles []", () => {
    const msgs = [result("9"), text("u")];
    expect(groupMessages(msgs).map((g) => g.type)).toEqual(["tool_sequence", "agent_message"]);
    expect(groupMessages([])).toEqual([]);
  });
});
