import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { pcm16Bytes, pcm16Samples } from "./pcm.js";
import { encodeWav, isWav, parseWav, WAV_HEADER_BYTES } from "./wav.js";

describe("encodeWav / parseWav", () => {
  it("round-trips PCM16 with its sample rate and channel count", () => {
    const pcm = pcm16Bytes([0, 1000, -1000, 32767, -32768, 5]);
    const wav = encodeWav(pcm, { sampleRate: 16_000, channels: 2 });
    expect(wav.length).toBe(WAV_HEADER_BYTES + pcm.length);
    expect(isWav(wav)).toBe(true);
    const parsed = parseWav(wav);
    expect(parsed).toMatchObject({
      sampleRate: 16_000,
      channels: 2,
      bitsPerSample: 16,
      formatTag: 1,
    });
    expect([...pcm16Samples(parsed.data)]).toEqual([0, 1000, -1000, 32767, -32768, 5]);
    // byte rate and block align, as players read them
    const view = new DataView(wav.buffer);
    expect(view.getUint32(28, true)).toBe(16_000 * 4);
    expect(view.getUint16(32, true)).toBe(4);
  });

  it("skips unknown chunks and reads a streamed WAV whose sizes are placeholders", () => {
    const pcm = pcm16Bytes([1, 2, 3, 4]);
    const wav = encodeWav(pcm, { sampleRate: 24_000 });
    // insert a LIST chunk between fmt and data, and set the data size to 0xFFFFFFFF
    const list = new Uint8Array([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]);
    const out = new Uint8Array(wav.length + list.length);
    out.set(wav.subarray(0, 36), 0);
    out.set(list, 36);
    out.set(wav.subarray(36), 36 + list.length);
    new DataView(out.buffer).setUint32(36 + list.length + 4, 0xffffffff, true);
    expect([...pcm16Samples(parseWav(out).data)]).toEqual([1, 2, 3, 4]);
  });

  it("names what is missing in a ValidationError", () => {
    expect(() => parseWav(new Uint8Array([1, 2, 3]))).toThrow(ValidationError);
    expect(() => parseWav(new Uint8Array([1, 2, 3]))).toThrow(/no RIFF\/WAVE header/);
    const headerOnly = encodeWav(new Uint8Array(0), { sampleRate: 8000 }).subarray(0, 36);
    expect(() => parseWav(headerOnly)).toThrow(/no data chunk/);
    expect(() => encodeWav(new Uint8Array(0), { sampleRate: 0 })).toThrow(/sampleRate/);
  });
});
