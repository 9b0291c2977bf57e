import { describe, expect, it } from "vitest";
import { bytesToBase64 } from "../utils/base64.js";
import { audioBlockBytes } from "./audio-block.js";
import { TTSAudioChunks } from "./tts-audio-chunks.js";

const PCM = "audio/pcm;rate=24000";

describe("TTSAudioChunks", () => {
  it("streams PCM deltas cut on whole samples, from bytes or base64", () => {
    const chunks = new TTSAudioChunks({ streaming: true, mediaType: PCM });
    const first = chunks.push(new Uint8Array([1, 2, 3]));
    expect(first?.isLast).toBe(false);
    expect(first?.content?.source).toMatchObject({ media_type: PCM });
    expect(first?.content && audioBlockBytes(first.content)).toEqual(new Uint8Array([1, 2]));
    expect(chunks.push(new Uint8Array([]))).toBeUndefined();
    const second = chunks.push(bytesToBase64(new Uint8Array([4, 5, 6])));
    expect(second?.content && audioBlockBytes(second.content)).toEqual(
      new Uint8Array([3, 4, 5, 6]),
    );
    expect(chunks.push(new Uint8Array([7]))).toBeUndefined();
    const last = chunks.end({ inputTokens: 5 });
    expect(last).toMatchObject({
      content: null,
      isLast: true,
      usage: { inputTokens: 5, outputTokens: 0, time: 0 },
    });
  });

  it("collects the whole speech for the last response when not streaming", () => {
    const chunks = new TTSAudioChunks({ streaming: false, mediaType: PCM });
    expect(chunks.push(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(chunks.push(new Uint8Array([4]))).toBeUndefined();
    const last = chunks.end();
    expect(last.usage).toBeUndefined();
    expect(last.content && audioBlockBytes(last.content)).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(chunks.end().content).toBeNull();
  });

  it("passes other codecs on uncut, and takes a chunk's own media type", () => {
    const chunks = new TTSAudioChunks({ streaming: true, mediaType: "audio/mpeg" });
    const mp3 = chunks.push(new Uint8Array([9, 8, 7]));
    expect(mp3?.content && audioBlockBytes(mp3.content)).toEqual(new Uint8Array([9, 8, 7]));
    const pcm = chunks.push(new Uint8Array([1, 2, 3]), "audio/pcm;rate=16000");
    expect(pcm?.content?.source).toMatchObject({ media_type: "audio/pcm;rate=16000" });
    expect(chunks.mediaType).toBe("audio/pcm;rate=16000");
    expect(pcm?.content && audioBlockBytes(pcm.content)).toEqual(new Uint8Array([1, 2]));
  });
});
