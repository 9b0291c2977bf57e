import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import {
  audioBlockBytes,
  audioBlockFromBytes,
  audioBlockPcm,
  audioBlocksToWav,
  concatAudioBlocks,
} from "./audio-block.js";
import { parseAudioMediaType, pcmMediaType } from "./audio-media-type.js";
import { pcm16Bytes, pcm16Samples } from "./pcm.js";
import { encodeWav, parseWav } from "./wav.js";

const pcmBlock = (samples: number[], rate = 24_000) =>
  audioBlockFromBytes(pcm16Bytes(samples), pcmMediaType(rate));

describe("audio media types", () => {
  it("reads AgentScope's audio/pcm;rate=N, L16 with channels, WAV and other codecs", () => {
    expect(parseAudioMediaType("audio/pcm;rate=16000")).toMatchObject({
      encoding: "pcm",
      sampleRate: 16_000,
      channels: 1,
    });
    expect(parseAudioMediaType("audio/L16; rate=8000; channels=2")).toMatchObject({
      sampleRate: 8000,
      channels: 2,
    });
    expect(parseAudioMediaType("audio/pcm")).toMatchObject({ sampleRate: 24_000 });
    expect(parseAudioMediaType("audio/wav").encoding).toBe("wav");
    expect(parseAudioMediaType("audio/mpeg").encoding).toBe("other");
    expect(() => parseAudioMediaType("audio/pcm;rate=fast")).toThrow(ValidationError);
    expect(pcmMediaType(16_000, 2)).toBe("audio/pcm;rate=16000;channels=2");
  });
});

describe("audio blocks", () => {
  it("encode and decode bytes through base64", () => {
    const block = audioBlockFromBytes(new Uint8Array([1, 2, 250]), "audio/mpeg");
    expect(block.source).toEqual({ type: "base64", media_type: "audio/mpeg", data: "AQL6" });
    expect([...audioBlockBytes(block)]).toEqual([1, 2, 250]);
    const url: AudioBlock = { type: "audio", source: { type: "url", url: "https://x/a.wav" } };
    expect(() => audioBlockBytes(url)).toThrow(/source.type/);
  });

  it("join PCM deltas into one PCM block, keeping order and rate", () => {
    const joined = concatAudioBlocks([
      pcmBlock([1, 2]),
      pcmBlock([3]),
      pcmBlock([4, 5]),
    ]) as AudioBlock;
    const { pcm, sampleRate } = audioBlockPcm(joined);
    expect(sampleRate).toBe(24_000);
    expect([...pcm16Samples(pcm)]).toEqual([1, 2, 3, 4, 5]);
    expect(concatAudioBlocks([])).toBeNull();
  });

  it("join WAV files into one WAV file and other codecs byte by byte", () => {
    const wav = (s: number[]) =>
      audioBlockFromBytes(encodeWav(pcm16Bytes(s), { sampleRate: 16_000 }), "audio/wav");
    const joined = concatAudioBlocks([wav([1]), wav([2, 3])]) as AudioBlock;
    const parsed = parseWav(audioBlockBytes(joined));
    expect(parsed.sampleRate).toBe(16_000);
    expect([...pcm16Samples(parsed.data)]).toEqual([1, 2, 3]);
    const mp3 = concatAudioBlocks([
      audioBlockFromBytes(new Uint8Array([1, 2]), "audio/mpeg"),
      audioBlockFromBytes(new Uint8Array([3]), "audio/mpeg"),
    ]) as AudioBlock;
    expect([...audioBlockBytes(mp3)]).toEqual([1, 2, 3]);
  });

  it("refuse to join mixed formats, naming the block", () => {
    expect(() => concatAudioBlocks([pcmBlock([1]), pcmBlock([2], 16_000)])).toThrow(
      /\[1\]: cannot join 16000 Hz/,
    );
    expect(() =>
      concatAudioBlocks([
        audioBlockFromBytes(new Uint8Array([1]), "audio/mpeg"),
        audioBlockFromBytes(new Uint8Array([1]), "audio/opus"),
      ]),
    ).toThrow(ValidationError);
  });

  it("turn PCM deltas into one playable WAV file", () => {
    const wav = parseWav(audioBlocksToWav([pcmBlock([7, 8], 22_050), pcmBlock([9], 22_050)]));
    expect(wav).toMatchObject({ sampleRate: 22_050, channels: 1, bitsPerSample: 16 });
    expect([...pcm16Samples(wav.data)]).toEqual([7, 8, 9]);
    expect(() =>
      audioBlocksToWav([audioBlockFromBytes(new Uint8Array([1]), "audio/mpeg")]),
    ).toThrow(/PCM or WAV/);
  });
});
