import { describe, expect, it } from "vitest";
import { pcmRms, speechPcm, splitPcm } from "./speech-pcm.js";

describe("speechPcm", () => {
  it("makes real, non-silent PCM16 at the asked rate, cached per text", () => {
    const speech = speechPcm("Hello there.", "test-helpers", 16_000);
    expect(speech.sampleRate).toBe(16_000);
    expect(speech.pcm.length % 2).toBe(0);
    // a short sentence lasts between a third of a second and five seconds
    expect(speech.pcm.length / 2).toBeGreaterThan(16_000 / 3);
    expect(speech.pcm.length / 2).toBeLessThan(16_000 * 5);
    expect(pcmRms(speech.pcm)).toBeGreaterThan(300);
    expect(speechPcm("Hello there.", "test-helpers", 16_000)).toBe(speech);
  });

  it("splits PCM on whole samples and measures silence as zero", () => {
    const pcm = new Uint8Array(22);
    const parts = splitPcm(pcm, 3);
    expect(parts.map((p) => p.length)).toEqual([6, 6, 10]);
    expect(pcmRms(pcm)).toBe(0);
  });
});
