import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { checkRequestMessages } from "./request-messages.js";

/** The ValidationError `run` throws. */
function caught(run: () => void): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

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
    const error = caught(() =>
      checkRequestMessages([{ role: "user", content: "hi" }, { role: "user" }], shape),
    );
    expect(error.issues).toEqual([
      { path: "[1]", message: "each message needs a 'role' and a 'content' key" },
    ]);
    expect(error.message).toContain("messages");
    expect(error.message).toContain("Pass the output of an OpenAI formatter");
  });

  it("rejects values that are not objects", () => {
    for (const bad of [null, "user: hi", 3]) {
      const error = caught(() => checkRequestMessages([bad], { has: ["role"], formatter: "x" }));
      expect(error.issues[0]).toEqual({ path: "[0]", message: "each message needs a 'role' key" });
    }
  });

  it("takes a test of one message and its own sentence", () => {
    const gemini = {
      has: (message: object) => "parts" in message && Array.isArray(message.parts),
      needs: "each content needs a 'role' and a 'parts' list",
      formatter: "a Gemini formatter",
    };
    expect(() => checkRequestMessages([{ role: "user", parts: [] }], gemini)).not.toThrow();
    const error = caught(() => checkRequestMessages([{ role: "user", parts: "hi" }], gemini));
    expect(error.issues[0]?.message).toBe("each content needs a 'role' and a 'parts' list");
  });
});
