import { describe, expect, it } from "vitest";
import { pcm16Peak, pcm16Samples } from "../tts/pcm.js";
import { toneSampleCount, toneSpeech } from "./tone-speech.js";

describe("toneSpeech", () => {
  it("makes audible PCM whose length follows the text", () => {
    const pcm = toneSpeech("Hi there", { sampleRate: 16_000, msPerChar: 5 });
    expect(pcm16Samples(pcm).length).toBe(toneSampleCount(8, { sampleRate: 16_000, msPerChar: 5 }));
    expect(pcm16Samples(pcm).length).toBe(8 * 80);
    expect(pcm16Peak(pcm)).toBeGreaterThan(5_000);
    // a space is quieter but not silent
    const space = toneSpeech(" ");
    expect(pcm16Peak(space)).toBeGreaterThan(0);
    expect(pcm16Peak(space)).toBeLessThan(pcm16Peak(toneSpeech("a")));
  });

  it("differs between characters (real tones, not a constant)", () => {
    expect(toneSpeech("a")).not.toEqual(toneSpeech("b"));
  });
});
