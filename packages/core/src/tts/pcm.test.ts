import { describe, expect, it } from "vitest";
import {
  concatBytes,
  Pcm16Aligner,
  pcm16Bytes,
  pcm16DurationMs,
  pcm16FrameCount,
  pcm16Peak,
  pcm16Samples,
} from "./pcm.js";

describe("PCM16 helpers", () => {
  it("reads and writes little-endian samples, counts frames and duration", () => {
    const bytes = pcm16Bytes([-2, 300]);
    expect([...bytes]).toEqual([0xfe, 0xff, 0x2c, 0x01]);
    expect([...pcm16Samples(bytes)]).toEqual([-2, 300]);
    expect(pcm16FrameCount(48_000, 1)).toBe(24_000);
    expect(pcm16FrameCount(48_000, 2)).toBe(12_000);
    expect(pcm16DurationMs(48_000, 24_000)).toBe(1000);
    expect(pcm16Peak(bytes)).toBe(300);
    expect(pcm16Peak(new Uint8Array(10))).toBe(0);
  });

  it("reads samples from a view at an odd offset of a larger buffer", () => {
    const backing = new Uint8Array([9, ...pcm16Bytes([1234, -5])]);
    expect([...pcm16Samples(backing.subarray(1))]).toEqual([1234, -5]);
  });

  it("concatenates byte arrays in order", () => {
    expect([
      ...concatBytes([new Uint8Array([1]), new Uint8Array(0), new Uint8Array([2, 3])]),
    ]).toEqual([1, 2, 3]);
  });

  it("aligns a byte stream to whole samples, carrying an odd byte to the next chunk", () => {
    const whole = pcm16Bytes([1000, -1000, 7]);
    const aligner = new Pcm16Aligner();
    const out = [
      aligner.push(whole.subarray(0, 3)),
      aligner.push(whole.subarray(3, 4)),
      aligner.push(whole.subarray(4)),
    ];
    expect(out.map((c) => c.length % 2)).toEqual([0, 0, 0]);
    expect([...pcm16Samples(concatBytes(out))]).toEqual([1000, -1000, 7]);
    expect(aligner.pending).toBe(false);
    aligner.push(new Uint8Array([1]));
    expect(aligner.pending).toBe(true);
  });
});
