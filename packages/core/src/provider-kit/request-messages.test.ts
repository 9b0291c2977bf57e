import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { checkRequestMessages } from "./request-messages.js";

describe("checkRequestMessages", () => {
  const shape = { has: ["role", "content"], formatter: "an OpenAI formatter" } as const;

  it("passes messages that have the keys", () => {
    expect(() =>
      checkRequestMessages(
        [
          { role: "user", content: "hi" },
          { role: "assistant", content: null },
        ],
        shape,
      ),
    ).not.toThrow();
  });

  it("names the index of the first bad message, what it lacks and the formatter to use", () => {
    const check = () =>
      checkRequestMessages([{ role: "user", content: "hi" }, { role: "user" }], shape);
    expect(check).toThrow(ValidationError);
    expect(check).toThrow("Invalid messages:");
    expect(check).toThrow("[1]: each message needs a 'role' and a 'content' key");
    expect(check).toThrow(
      "Pass the output of an OpenAI formatter: `await formatter.format(msgs)`.",
    );
  });

  it("rejects values that are not objects", () => {
    for (const bad of [null, "user: hi", 3]) {
      expect(() => checkRequestMessages([bad], { has: ["role"], formatter: "x" })).toThrow(
        "[0]: each message needs a 'role' key",
      );
    }
  });

  it("takes a test of one message and its own sentence", () => {
    const gemini = {
      has: (message: object) => "parts" in message && Array.isArray(message.parts),
      needs: "each content needs a 'role' and a 'parts' list",
      formatter: "a Gemini formatter",
    };
    expect(() => checkRequestMessages([{ role: "user", parts: [] }], gemini)).not.toThrow();
    expect(() => checkRequestMessages([{ role: "user", parts: "hi" }], gemini)).toThrow(
      "[0]: each content needs a 'role' and a 'parts' list",
    );
  });
});
