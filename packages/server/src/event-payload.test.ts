import { describe, expect, it } from "vitest";
import { errorText, redact } from "./event-payload.js";

describe("redact", () => {
  it("masks bearer tokens, API keys and URL passwords", () => {
    const text = redact(
      "failed: Authorization: Bearer abc.def sk-proj1234567890abcdef at postgres://u:secret@db:5432/x",
    );
    expect(text).not.toContain("abc.def");
    expect(text).not.toContain("1234567890abcdef");
    expect(text).not.toContain("secret");
    expect(text).toContain("postgres://***@db:5432/x");
  });

  it("describes errors by class and message", () => {
    expect(errorText(new TypeError("bad Bearer xyz"))).toBe("TypeError: bad Bearer ***");
    expect(errorText("plain")).toBe("plain");
  });
});
