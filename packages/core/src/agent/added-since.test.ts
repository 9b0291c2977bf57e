import { describe, expect, it } from "vitest";
import type { ContentBlock } from "../message/content-block.js";
import { attachChunkDelta } from "../model/chunk-delta.js";
import { addedSince } from "./added-since.js";

describe("addedSince", () => {
  it("returns the delta recorded beside the chunk when it matches what was emitted", () => {
    const content: ContentBlock[] = [
      { type: "thinking", thinking: "hmm" },
      { type: "text", text: "Hello" },
    ];
    // A recorded delta is taken as is (its characters are not compared with the text).
    attachChunkDelta(content, { text: "XY", thinking: "m" });
    expect(addedSince(content, { text: 3, thinking: 2 })).toEqual({ text: "XY", thinking: "m" });
  });

  it("slices the new part when no delta was recorded or it does not match", () => {
    const content: ContentBlock[] = [
      { type: "text", text: "Hel" },
      { type: "thinking", thinking: "ab" },
      { type: "text", text: "lo" },
    ];
    expect(addedSince(content, { text: 2, thinking: 0 })).toEqual({ text: "llo", thinking: "ab" });
    attachChunkDelta(content, { text: "o", thinking: "" });
    expect(addedSince(content, { text: 2, thinking: 0 })).toEqual({ text: "llo", thinking: "ab" });
    expect(addedSince(content, { text: 5, thinking: 2 })).toEqual({ text: "", thinking: "" });
  });

  it("handles string content", () => {
    expect(addedSince("Hello", { text: 2, thinking: 0 })).toEqual({ text: "llo", thinking: "" });
    expect(addedSince("Hello", { text: 5, thinking: 0 })).toEqual({ text: "", thinking: "" });
  });
});
