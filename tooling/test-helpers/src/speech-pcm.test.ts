import { pcm16Peak } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { fillAudio, speechPcm, splitPcm } from "./speech-pcm.js";

describe("speechPcm", () => {
  it("makes real, non-silent PCM16 at the asked rate, cached per text", () => {
    const speech = speechPcm("Hello there.", "test-helpers", 16_000);
    expect(speech.sampleRate).toBe(16_000);
    expect(speech.pcm.length % 2).toBe(0);
    // a short sentence lasts between a third of a second and five seconds
    expect(speech.pcm.length / 2).toBeGreaterThan(16_000 / 3);
    expect(speech.pcm.length / 2).toBeLessThan(16_000 * 5);
    expect(pcm16Peak(speech.pcm)).toBeGreaterThan(1000);
    expect(speechPcm("Hello there.", "test-helpers", 16_000)).toBe(speech);
  });

  it("splits PCM on whole samples", () => {
    const parts = splitPcm(new Uint8Array(22), 3);
    expect(parts.map((p) => p.length)).toEqual([6, 6, 10]);
  });

  it("fills audio slots of a fixture with base64 pieces and names a missing one", () => {
    const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array([4])];
    const filled = fillAudio(
      { events: [{ delta: "<audio:0>" }, { delta: "<audio:1>", n: 2 }] },
      pieces,
    );
    expect(filled).toEqual({ events: [{ delta: "AQID" }, { delta: "BA==", n: 2 }] });
    expect(() => fillAudio(["<audio:2>"], pieces)).toThrow(/no audio piece for <audio:2>/);
  });
});
