import { describe, expect, it } from "vitest";
import { CharTokenCounter } from "./char-token-counter.js";
import { pythonRepr } from "./python-repr.js";

describe("CharTokenCounter", () => {
  const counter = new CharTokenCounter();

  it("counts the characters of the messages' Python str() joined by newlines, plus the tools", async () => {
    // Expected values computed with AgentScope Python's CharTokenCounter on the same input.
    const messages = [
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: [{ type: "text", text: 'it\'s "ok"\n' }],
        n: 1.5,
        b: true,
        z: null,
      },
    ];
    const tools = [{ type: "function", function: { name: "f", parameters: {} } }];
    expect(await counter.count(messages, tools)).toBe(210);
    expect(await counter.count(messages)).toBe(210 - 68);
    expect(await counter.count([])).toBe(0);
  });

  it("counts code points like Python's len(), not UTF-16 units", async () => {
    expect(await counter.count([{ e: "😀é\u200b\u0007" }])).toBe(21);
  });
});

describe("pythonRepr", () => {
  it("writes values as Python's str() does", () => {
    expect(pythonRepr({ role: "user", content: "hi" })).toBe("{'role': 'user', 'content': 'hi'}");
    expect(pythonRepr({ e: "😀é\u200b\u0007", q: "it's" })).toBe(
      "{'e': '😀é\\u200b\\x07', 'q': \"it's\"}",
    );
    expect(pythonRepr([1e-7, 1e22, 0.1, true, false, null])).toBe(
      "[1e-07, 1e+22, 0.1, True, False, None]",
    );
    expect(pythonRepr("a\\b\tc\r")).toBe("'a\\\\b\\tc\\r'");
  });
});
