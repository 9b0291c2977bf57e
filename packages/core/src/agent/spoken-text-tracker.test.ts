import { describe, expect, it } from "vitest";
import type { ContentBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { attachChunkDelta } from "../model/chunk-delta.js";
import { spokenText } from "../tts/tts-model-base.js";
import { SpokenTextTracker } from "./spoken-text-tracker.js";

const msgOf = (content: string | ContentBlock[]) =>
  new Msg({ name: "assistant", role: "assistant", content });
const text = (t: string): ContentBlock => ({ type: "text", text: t });
const call: ContentBlock = { type: "tool_use", id: "c1", name: "f", input: {} };

describe("SpokenTextTracker", () => {
  it("returns what each chunk added to the spoken text, line breaks between text blocks included", () => {
    const tracker = new SpokenTextTracker();
    const steps: ContentBlock[][] = [
      [{ type: "thinking", thinking: "hm" }],
      [text("Hel")],
      [text("Hello"), call],
      [text("Hello"), call, text("")],
      [text("Hello"), call, text("Wor")],
      [text("Hello"), call, text("World"), text("!")],
    ];
    let spoken = "";
    for (const content of steps) {
      const msg = msgOf(content);
      spoken += tracker.next(msg);
      expect(spoken).toBe(spokenText(msg));
      expect(tracker.length).toBe(spoken.length);
    }
  });

  it("takes the delta recorded beside the chunk when it is the block's growth", () => {
    const tracker = new SpokenTextTracker();
    tracker.next(msgOf([text("Hello")]));
    const content = [text("Hello there")];
    // A recorded delta is taken as is (not compared with the text): nothing is sliced.
    attachChunkDelta(content, { text: "XXXXXX", thinking: "" });
    expect(tracker.next(msgOf(content))).toBe("XXXXXX");
    const stale = [text("Hello there!")];
    attachChunkDelta(stale, { text: "ZZ", thinking: "" });
    expect(tracker.next(msgOf(stale))).toBe("!");
  });

  it("reports a rewrite as null and follows the new text from there", () => {
    const tracker = new SpokenTextTracker();
    expect(tracker.next(msgOf("Hello"))).toBe("Hello");
    expect(tracker.next(msgOf("Hi"))).toBeNull();
    expect(tracker.length).toBe(2);
    expect(tracker.next(msgOf("Hi!"))).toBe("!");
    expect(tracker.next(msgOf([text("Hi!"), text("a")]))).toBe("\na");
    expect(tracker.next(msgOf([text("Hi!!"), text("a")]))).toBeNull();
    expect(tracker.next(msgOf([text("Hi!!")]))).toBeNull();
    expect(tracker.length).toBe(4);
  });
});
