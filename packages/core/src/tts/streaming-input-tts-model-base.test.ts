import { describe, expect, it } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { rejectionOf } from "../testing/rejection-of.js";
import { ScriptedStreamingTTSModel } from "../testing/scripted-streaming-tts-model.js";
import { toneSampleCount } from "../testing/tone-speech.js";
import { audioBlockPcm } from "./audio-block.js";
import { PUSH_TEXT } from "./streaming-input-tts-model-base.js";

const growing = (id: string, text: string) => {
  const msg = new Msg({ name: "assistant", role: "assistant", content: text });
  msg.id = id;
  return msg;
};
const samples = (block: AudioBlock | null) => (block ? audioBlockPcm(block).pcm.length / 2 : 0);

describe("StreamingInputTTSModelBase", () => {
  it("sends only the new text of a growing message and returns the audio that arrived", async () => {
    const model = new ScriptedStreamingTTSModel({ chunkChars: 100 });
    const a = await model.push(growing("m1", "Hello"));
    const b = await model.push(growing("m1", "Hello there"));
    const c = await model.push(growing("m1", "Hello there"));
    expect(samples(a.content)).toBe(toneSampleCount(5));
    expect(samples(b.content)).toBe(toneSampleCount(6));
    expect(c.content).toBeNull();
    const rest = [];
    for await (const r of model.synthesizeStream(growing("m1", "Hello there!"))) rest.push(r);
    expect(rest.map((r) => [samples(r.content), r.isLast])).toEqual([
      [toneSampleCount(1), false],
      [0, true],
    ]);
    expect(model.events).toEqual([
      "connect",
      "push:Hello",
      "audio:Hello",
      "push: there",
      "audio: there",
      "push:!",
      "audio:!",
      "finish",
    ]);
  });

  it("audio of the first piece is available before the last piece is pushed", async () => {
    const model = new ScriptedStreamingTTSModel();
    const order: string[] = [];
    for (const text of ["One. ", "One. Two. ", "One. Two. Three."]) {
      order.push(`push ${text.length}`);
      const r = await model.push(growing("m", text));
      if (r.content) order.push("audio");
    }
    await model.synthesize();
    expect(order.indexOf("audio")).toBeLessThan(order.lastIndexOf("push 16"));
  });

  it("synthesize() after pushes returns the rest of the speech; a new message reconnects nothing", async () => {
    const model = new ScriptedStreamingTTSModel({ chunkChars: 2 });
    await model.push(growing("m1", "Hi"));
    const rest = await model.synthesize(growing("m1", "Hi you"));
    expect(samples(rest.content)).toBe(toneSampleCount(4));
    const whole = await model.synthesize(growing("m2", "Bye"));
    expect(samples(whole.content)).toBe(toneSampleCount(3));
    expect(model.events.filter((e) => e === "connect")).toHaveLength(1);
    await model.close();
    expect(model.connected).toBe(false);
  });

  it("refuses a second message while one is open, and text that is not a continuation", async () => {
    const model = new ScriptedStreamingTTSModel();
    await model.push(growing("m1", "Hello"));
    await rejectionOf(model.push(growing("m2", "Other")), StateError);
    await rejectionOf(model.push(growing("m1", "Jello")), ValidationError);
    const fresh = new ScriptedStreamingTTSModel();
    await rejectionOf(fresh.synthesize(), ValidationError);
  });

  it("an error frame fails the speech with a ModelError and closes the connection", async () => {
    const model = new ScriptedStreamingTTSModel({
      chunkChars: 2,
      failAfterChunks: 2,
      error: new Error("server said no"),
    });
    const error = await rejectionOf(model.push(growing("m1", "Hello")), ModelError);
    expect(error.message).toMatch(/server said no/);
    expect(model.connected).toBe(false);
    expect(model.events.at(-1)).toBe("close");
    // the next message starts on a fresh connection
    model.behaviour = { chunkChars: 2 };
    const next = await model.synthesize(growing("m2", "Hi"));
    expect(samples(next.content)).toBe(toneSampleCount(2));
    expect(model.events.filter((e) => e === "connect")).toHaveLength(2);
  });

  it("a stall is bounded by idleTimeout; abort gives an InterruptedError", async () => {
    const stalled = new ScriptedStreamingTTSModel({
      chunkChars: 2,
      stallAfterChunks: 1,
      idleTimeout: 20,
    });
    const error = await rejectionOf(stalled.synthesize(growing("m1", "Hello")), ModelError);
    expect(error.message).toMatch(/without a response|idleTimeout/);

    const aborted = new ScriptedStreamingTTSModel({
      chunkChars: 2,
      stallAfterChunks: 1,
      idleTimeout: null,
    });
    const controller = new AbortController();
    const pending = aborted.synthesize(growing("m1", "Hello"), { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await rejectionOf(pending, InterruptedError);
    expect(aborted.connected).toBe(false);
  });

  it("closing mid-speech fails the waiting synthesis instead of hanging", async () => {
    const model = new ScriptedStreamingTTSModel({
      chunkChars: 2,
      stallAfterChunks: 1,
      idleTimeout: null,
    });
    const pending = model.synthesize(growing("m1", "Hello"));
    while (!model.events.includes("finish")) await new Promise((r) => setTimeout(r, 1));
    await model.close();
    const error = await rejectionOf(pending, ModelError);
    expect(error.message).toMatch(/closed while speaking/);
  });

  it("the internal delta push sends the given text as is and shares the message with push()", async () => {
    const model = new ScriptedStreamingTTSModel({ chunkChars: 100 });
    const a = await model[PUSH_TEXT]("m1", "Hello");
    const b = await model[PUSH_TEXT]("m1", "");
    expect(samples(a.content)).toBe(toneSampleCount(5));
    expect(b.content).toBeNull();
    // push(msg) goes on from what the delta push sent, and still checks the continuation.
    await rejectionOf(model.push(growing("m1", "Jello there")), ValidationError);
    await model.push(growing("m1", "Hello there"));
    await rejectionOf(model[PUSH_TEXT]("m2", "Other"), StateError);
    await model[PUSH_TEXT]("m1", "!");
    await model.synthesize();
    expect(model.events.filter((e) => e.startsWith("push:"))).toEqual([
      "push:Hello",
      "push: there",
      "push:!",
    ]);
    const error = await rejectionOf(model[PUSH_TEXT]("", "x"), ValidationError);
    expect(error.message).toContain("msgId");
  });
});
