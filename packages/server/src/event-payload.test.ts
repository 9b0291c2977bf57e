import { describe, expect, it } from "vitest";
import { errorText, eventPayload, redact } from "./event-payload.js";

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

describe("eventPayload", () => {
  it("writes a warning event with its source and a redacted message", () => {
    const payload = eventPayload({
      type: "warning",
      agentId: "a1",
      agentName: "Friday",
      replyId: "r1",
      source: "long_term_memory.retrieve",
      message: "Skipping the long-term memory retrieve",
      error: new Error("connect ECONNREFUSED postgres://u:secret@db:5432/x"),
    });
    expect(payload).toEqual({
      type: "warning",
      data: {
        agentName: "Friday",
        replyId: "r1",
        source: "long_term_memory.retrieve",
        message: "Error: connect ECONNREFUSED postgres://***@db:5432/x",
      },
    });
  });

  it("writes a speech event with its audio delta, so clients can play it", () => {
    const speech = [
      {
        type: "audio" as const,
        source: { type: "base64" as const, media_type: "audio/pcm;rate=24000", data: "AAAB" },
      },
    ];
    const payload = eventPayload({
      type: "speech",
      agentId: "a1",
      agentName: "Friday",
      replyId: "r1",
      msgId: "m1",
      speech,
      last: false,
    });
    expect(payload).toEqual({
      type: "speech",
      data: { agentName: "Friday", replyId: "r1", msgId: "m1", speech, last: false },
    });
  });
});
