import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { makeAgent } from "../integration/__fixtures__/react-kit.js";
import type { AudioBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { ChatModelBase, type ChatModelRequest } from "../model/chat-model-base.js";
import type { ChatResponse } from "../model/chat-response.js";
import { createChatResponse } from "../model/create-chat-response.js";
import { streamPrintingMessages } from "../pipeline/stream-printing-messages.js";
import { PlainFormatter } from "../testing/plain-formatter.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { ScriptedStreamingTTSModel } from "../testing/scripted-streaming-tts-model.js";
import { ScriptedTTSModel } from "../testing/scripted-tts-model.js";
import { toneSampleCount } from "../testing/tone-speech.js";
import { audioBlocksToWav } from "../tts/audio-block.js";
import { pcm16Peak, pcm16Samples } from "../tts/pcm.js";
import { parseWav } from "../tts/wav.js";
import type { AgentEvent, SpeechEvent } from "./agent-event.js";
import { ReActAgent } from "./react-agent.js";

const user = (text: string) => new Msg("user", text, "user");

/** Resolves once `check()` holds (bounded: fails after `timeoutMs`). */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A streaming chat model that sends each cumulative text piece only once the test opens its gate. */
class GatedChatModel extends ChatModelBase<object> {
  readonly provider = "gated";
  readonly sent: string[] = [];
  readonly #gates: (() => void)[] = [];
  readonly #opened: Promise<void>[];

  constructor(readonly pieces: string[]) {
    super({ modelName: "gated" });
    this.#opened = pieces.map((_, i) => new Promise<void>((resolve) => (this.#gates[i] = resolve)));
  }

  /** Lets piece `i` through. */
  release(i: number): void {
    this.#gates[i]?.();
  }

  protected override async *doStream(
    _m: readonly object[],
    request: ChatModelRequest,
  ): AsyncIterable<ChatResponse> {
    let text = "";
    for (let i = 0; i < this.pieces.length; i++) {
      await this.#opened[i];
      if (request.signal.aborted) return;
      text += this.pieces[i];
      this.sent.push(text);
      yield createChatResponse({ id: "r1", content: [{ type: "text", text }] });
    }
  }
}

function speechOf(events: AgentEvent[]): AudioBlock[] {
  return events.filter((e): e is SpeechEvent => e.type === "speech").flatMap((e) => e.speech);
}

function decode(blocks: AudioBlock[]) {
  const wav = parseWav(audioBlocksToWav(blocks));
  return { ...wav, samples: pcm16Samples(wav.data).length, peak: pcm16Peak(wav.data) };
}

describe("ReActAgent with a TTS model", () => {
  it("streaming input: pushes text deltas, speech events start before the last text piece", async () => {
    const tts = new ScriptedStreamingTTSModel({ chunkChars: 4 });
    const text = "Hello there. How are you today?";
    const { agent } = makeAgent([scriptedText(text)], {
      ttsModel: tts,
      modelOptions: { chunkSize: 10 },
    });
    const events: AgentEvent[] = [];
    for await (const event of agent.stream(user("hi"))) events.push(event);

    const order = events.map((e) =>
      e.type === "model_chunk" ? (e.last ? "final" : "text") : e.type,
    );
    const firstSpeech = order.indexOf("speech");
    const lastText = order.lastIndexOf("text");
    expect(firstSpeech).toBeGreaterThan(-1);
    expect(firstSpeech).toBeLessThan(lastText);
    expect(tts.events.filter((e) => e.startsWith("push:")).map((e) => e.slice(5))).toEqual([
      "Hello ther",
      "e. How are",
      " you today",
      "?",
    ]);
    const speechEvents = events.filter((e): e is SpeechEvent => e.type === "speech");
    expect(speechEvents.at(-1)?.last).toBe(true);
    const wav = decode(speechOf(events));
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
    expect(wav.samples).toBe(toneSampleCount(text.length));
    expect(wav.peak).toBeGreaterThan(1000);
    // the connection is released after the message
    expect(tts.connected).toBe(false);
  });

  it("one-shot model: the first sentence is spoken while the answer still streams", async () => {
    const tts = new ScriptedTTSModel({ chunkChars: 6 });
    const model = new GatedChatModel(["First sentence. Sec", "ond one is here. Th", "ird!"]);
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "",
      model,
      formatter: new PlainFormatter(),
      ttsModel: tts,
    });
    const events: AgentEvent[] = [];
    const done = (async () => {
      for await (const event of agent.stream(user("hi"))) events.push(event);
    })();
    model.release(0);
    // The first sentence is complete: its synthesis starts before any more text arrives.
    await until(() => tts.events.includes("synthesize:First sentence. "));
    await until(() => tts.events.some((e) => e.startsWith("audio:")));
    model.release(1);
    await until(() => events.some((e) => e.type === "speech"));
    model.release(2);
    await done;

    const order = events.map((e) => (e.type === "model_chunk" ? `text:${e.last}` : e.type));
    expect(order.indexOf("speech")).toBeLessThan(order.lastIndexOf("text:false"));
    expect(tts.calls).toEqual(["First sentence. ", "Second one is here. ", "Third!"]);
    const text = "First sentence. Second one is here. Third!";
    expect(decode(speechOf(events)).samples).toBe(toneSampleCount(text.length));
  });

  it("attaches speech deltas to print (and its hooks); streamPrintingMessages yields them, or the accumulated block", async () => {
    const text = "One. Two.";
    const make = () =>
      makeAgent([scriptedText(text)], {
        ttsModel: new ScriptedTTSModel({ chunkChars: 3 }),
        modelOptions: { chunkSize: 4 },
      }).agent;
    const agent = make();
    const hookSpeech: (AudioBlock | AudioBlock[] | null)[] = [];
    agent.registerInstanceHook("pre_print", "record", (_self, kwargs) => {
      hookSpeech.push(kwargs.speech);
      return undefined;
    });
    const deltas: AudioBlock[] = [];
    let lastItem: [Msg, boolean, AudioBlock | AudioBlock[] | null] | undefined;
    for await (const item of streamPrintingMessages([agent], () => agent.call(user("hi")), {
      yieldSpeech: true,
    })) {
      const speech = item[2];
      if (Array.isArray(speech)) deltas.push(...speech);
      lastItem = item;
    }
    expect(lastItem?.[1]).toBe(true);
    expect(lastItem?.[0].getTextContent()).toBe(text);
    expect(decode(deltas).samples).toBe(toneSampleCount(text.length));
    expect(hookSpeech.filter(Array.isArray).flat()).toHaveLength(deltas.length);

    const other = make();
    const sizes: number[] = [];
    for await (const [, , speech] of streamPrintingMessages([other], () => other.call(user("hi")), {
      yieldSpeech: true,
      accumulateSpeech: true,
    })) {
      if (speech && !Array.isArray(speech)) sizes.push(decode([speech]).samples);
    }
    // each yield holds the whole speech so far: never shrinking, ending with all of it
    expect(sizes.length).toBeGreaterThan(1);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(sizes.at(-1)).toBe(toneSampleCount(text.length));
  });

  it("a TTS failure is a typed warning; the printed text and the reply are unaffected", async () => {
    const failure = new ModelError("voice not found", { provider: "scripted", status: 400 });
    const tts = new ScriptedTTSModel({ failAfterChunks: 0, error: failure, maxRetries: 0 });
    const text = "All good. Nothing to worry about.";
    const { agent } = makeAgent([scriptedText(text)], {
      ttsModel: tts,
      modelOptions: { chunkSize: 5 },
    });
    const events: AgentEvent[] = [];
    const warn = console.warn;
    console.warn = () => {};
    try {
      for await (const event of agent.stream(user("hi"))) events.push(event);
    } finally {
      console.warn = warn;
    }
    const warning = events.find((e) => e.type === "warning");
    expect(warning).toMatchObject({ source: "tts" });
    expect(warning?.type === "warning" && warning.error).toBeInstanceOf(ModelError);
    const reply = events.at(-1);
    expect(reply?.type === "reply" && reply.msg.getTextContent()).toBe(text);
    const finalChunk = events.find((e) => e.type === "model_chunk" && e.last);
    expect(finalChunk?.type === "model_chunk" && finalChunk.msg.getTextContent()).toBe(text);
    expect(speechOf(events)).toEqual([]);
  });

  it("a streaming-input failure mid-speech is a warning too, and the connection is closed", async () => {
    const tts = new ScriptedStreamingTTSModel({
      chunkChars: 2,
      failAfterChunks: 3,
      error: new Error("socket closed"),
    });
    const { agent } = makeAgent([scriptedText("Hello there friend.")], {
      ttsModel: tts,
      modelOptions: { chunkSize: 4 },
    });
    const events: AgentEvent[] = [];
    const warn = console.warn;
    console.warn = () => {};
    try {
      for await (const event of agent.stream(user("hi"))) events.push(event);
    } finally {
      console.warn = warn;
    }
    const warning = events.find((e) => e.type === "warning");
    expect(warning?.type === "warning" && warning.error).toBeInstanceOf(ModelError);
    expect(
      events.at(-1)?.type === "reply" && (events.at(-1) as { msg: Msg }).msg.getTextContent(),
    ).toBe("Hello there friend.");
    expect(tts.connected).toBe(false);
    expect(tts.events.at(-1)).toBe("close");
  });

  it("a stalled streaming-input socket is bounded by idleTimeout: a typed warning, the text intact", async () => {
    const tts = new ScriptedStreamingTTSModel({
      chunkChars: 4,
      stallAfterChunks: 2,
      idleTimeout: 25,
    });
    const text = "Some words that will not all be spoken.";
    const { agent } = makeAgent([scriptedText(text)], {
      ttsModel: tts,
      modelOptions: { chunkSize: 8 },
    });
    const events: AgentEvent[] = [];
    const warn = console.warn;
    console.warn = () => {};
    try {
      for await (const event of agent.stream(user("hi"))) events.push(event);
    } finally {
      console.warn = warn;
    }
    const warning = events.find((e) => e.type === "warning");
    expect(warning?.type === "warning" && warning.error).toBeInstanceOf(ModelError);
    expect(warning?.type === "warning" && warning.message).toMatch(
      /without a response|idleTimeout/,
    );
    // the audio that came before the stall was delivered, in order
    expect(decode(speechOf(events)).samples).toBe(toneSampleCount(8));
    const reply = events.at(-1);
    expect(reply?.type === "reply" && reply.msg.getTextContent()).toBe(text);
    expect(tts.connected).toBe(false);
  });

  it("interrupt stops synthesis: the stalled speech is aborted and no audio comes after", async () => {
    const tts = new ScriptedTTSModel({ chunkChars: 3, stallAfterChunks: 1, idleTimeout: null });
    const { agent } = makeAgent([scriptedText("Wait for it. Still waiting.")], { ttsModel: tts });
    const events: AgentEvent[] = [];
    const done = (async () => {
      for await (const event of agent.stream(user("hi"))) events.push(event);
    })();
    await until(() => tts.events.filter((e) => e.startsWith("audio:")).length === 1);
    await agent.interrupt("stop talking");
    await done;
    // The stalled synthesis saw its signal abort.
    await until(() => tts.events.includes("aborted"));
    const reply = events.at(-1);
    expect(reply?.type === "reply" && reply.interrupted).toBe(true);
    const audioBefore = tts.events.filter((e) => e.startsWith("audio:")).length;
    // The stalled synthesis was aborted (its signal fired), so nothing more is produced.
    expect(audioBefore).toBe(1);
    expect(tts.calls).toHaveLength(1);
  });

  it("interrupt closes a streaming-input model's connection", async () => {
    const tts = new ScriptedStreamingTTSModel({
      chunkChars: 3,
      stallAfterChunks: 2,
      idleTimeout: null,
    });
    const { agent } = makeAgent([scriptedText("Wait for it.")], {
      ttsModel: tts,
      modelOptions: { chunkSize: 20 },
    });
    const done = agent.call(user("hi"));
    await until(() => tts.events.includes("finish"));
    await agent.interrupt();
    const reply = await done;
    expect(reply.metadata._is_interrupted).toBe(true);
    expect(tts.connected).toBe(false);
  });

  it("validates the ttsModel option", () => {
    expect(
      () =>
        new ReActAgent({
          name: "a",
          sysPrompt: "",
          model: makeAgent([]).model,
          formatter: new PlainFormatter(),
          ttsModel: {} as never,
        }),
    ).toThrow(/ttsModel/);
  });
});
