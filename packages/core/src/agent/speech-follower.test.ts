import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { ContentBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { ChatResponseAccumulator } from "../model/chat-response-accumulator.js";
import { rejectionOf } from "../testing/rejection-of.js";
import { ScriptedStreamingTTSModel } from "../testing/scripted-streaming-tts-model.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import { SpeechFollower } from "./speech-follower.js";

// Work is counted, not timed: the characters the sentence scanner looks at…
const work = vi.hoisted(() => ({ scanned: 0 }));
vi.mock("./sentence-boundary.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./sentence-boundary.js")>();
  return {
    ...actual,
    lastSentenceEnd: (text: string, from = 0) => {
      work.scanned += text.length - from;
      return actual.lastSentenceEnd(text, from);
    },
  };
});

// …and the characters of every message text read whole (`Msg.getTextContent`).
function countTextReads(): { chars: number } {
  const read = { chars: 0 };
  const original = Msg.prototype.getTextContent;
  vi.spyOn(Msg.prototype, "getTextContent").mockImplementation(function (this: Msg, separator) {
    const text = original.call(this, separator);
    read.chars += text?.length ?? 0;
    return text;
  });
  return read;
}

afterEach(() => {
  vi.restoreAllMocks();
  work.scanned = 0;
});

const N = 200;
// One long sentence of N pieces (no boundary until the very end), then a short one.
const PIECES = [...Array.from({ length: N }, (_, i) => `word${i % 10} `), "end. Bye."];
const TOTAL = PIECES.join("").length;

/** The cumulative chunks of `pieces`: built by the accumulator (delta attached) or plain blocks. */
function* chunks(pieces: string[], withDelta: boolean): Generator<ContentBlock[]> {
  const acc = new ChatResponseAccumulator();
  let text = "";
  for (const piece of pieces) {
    acc.addText(piece);
    text += piece;
    yield withDelta ? acc.snapshot().content : [{ type: "text", text }];
  }
}

async function speak(model: TTSModelBase, msg: Msg, content: Iterable<ContentBlock[]>) {
  const follower = new SpeechFollower(model, new AbortController().signal);
  for (const blocks of content) {
    msg.content = blocks;
    await follower.update(msg);
  }
  for await (const _ of follower.finish(msg)) {
    // drain
  }
}

const answer = () => new Msg({ name: "assistant", role: "assistant", content: [] });

describe("SpeechFollower: O(delta) per chunk", () => {
  it.each([true, false])(
    "streaming input: sends and reads only the new text of each chunk (delta attached: %s)",
    async (withDelta) => {
      const model = new ScriptedStreamingTTSModel({ chunkChars: 1000 });
      const reads = countTextReads();
      await speak(model, answer(), chunks(PIECES, withDelta));
      const pushed = model.events.filter((e) => e.startsWith("push:")).map((e) => e.slice(5));
      expect(pushed.join("")).toBe(PIECES.join(""));
      // Before: the whole text was read twice per chunk (N × TOTAL / 2 ≈ 140 000 characters each).
      expect(reads.chars + pushed.join("").length).toBeLessThanOrEqual(TOTAL + 20 * N);
    },
  );

  it.each([true, false])(
    "one-shot model: scans and reads only the new text of each chunk (delta attached: %s)",
    async (withDelta) => {
      const model = new ScriptedTTSModel({ chunkChars: 1000 });
      const reads = countTextReads();
      await speak(model, answer(), chunks(PIECES, withDelta));
      expect(model.calls.join("")).toBe(PIECES.join(""));
      expect(model.calls.at(-1)).toBe("Bye.");
      // Before: the whole text was read, and the open sentence rescanned, on every chunk.
      expect(work.scanned).toBeLessThanOrEqual(TOTAL + 20 * N);
      expect(reads.chars).toBeLessThanOrEqual(TOTAL + 20 * N);
    },
  );
});

describe("SpeechFollower: text of the message", () => {
  const blocks = (...parts: (string | null)[]): ContentBlock[] =>
    parts.map((p) =>
      p === null ? { type: "tool_use", id: "t1", name: "f", input: {} } : { type: "text", text: p },
    );

  it("speaks text blocks joined by a line break, as spokenText does", async () => {
    const streaming = new ScriptedStreamingTTSModel({ chunkChars: 100 });
    await speak(streaming, answer(), [
      blocks("Hel"),
      blocks("Hello"),
      blocks("Hello", null),
      blocks("Hello", null, "Wor"),
      blocks("Hello", null, "World"),
    ]);
    expect(streaming.events.filter((e) => e.startsWith("push:"))).toEqual([
      "push:Hel",
      "push:lo",
      "push:\nWor",
      "push:ld",
    ]);
    const oneShot = new ScriptedTTSModel({ chunkChars: 100 });
    await speak(oneShot, answer(), [
      blocks("Hi there"),
      blocks("Hi there", "How are"),
      blocks("Hi there", "How are you?"),
    ]);
    expect(oneShot.calls).toEqual(["Hi there\n", "How are you?"]);
  });

  it("a string content and a non-streamed answer (finish only) are spoken whole", async () => {
    const streaming = new ScriptedStreamingTTSModel({ chunkChars: 100 });
    const msg = answer();
    msg.content = "One. Two";
    await speak(streaming, msg, []);
    expect(streaming.events.filter((e) => e.startsWith("push:"))).toEqual(["push:One. Two"]);
    const oneShot = new ScriptedTTSModel({ chunkChars: 100 });
    await speak(oneShot, msg, []);
    expect(oneShot.calls).toEqual(["One. Two"]);
  });

  it("text that is rewritten rather than extended is a ValidationError in both modes", async () => {
    for (const model of [new ScriptedStreamingTTSModel(), new ScriptedTTSModel()]) {
      const follower = new SpeechFollower(model, new AbortController().signal);
      const msg = answer();
      msg.content = [{ type: "text", text: "Hello" }];
      await follower.update(msg);
      msg.content = [{ type: "text", text: "Hi" }];
      await rejectionOf(follower.update(msg), ValidationError);
      await follower.cancel();
    }
  });
});
