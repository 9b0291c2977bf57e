import {
  type AudioBlock,
  audioBlocksToWav,
  parseWav,
  pcm16FrameCount,
  pcm16Peak,
  type TTSResponse,
} from "@agentscope-ts/core";
import { expect } from "vitest";

/** What {@link expectSpeech} decoded. */
export interface DecodedSpeech {
  /** The WAV file the responses' audio joins into. */
  wav: Uint8Array;
  /** Its PCM16 samples as bytes. */
  pcm: Uint8Array;
  sampleRate: number;
  /** Its length in samples. */
  samples: number;
}

/**
 * Decodes the audio of TTS responses (or blocks) as a listener would get it: joins them into one
 * WAV file (core's `audioBlocksToWav`), parses its header and checks it is mono 16-bit at
 * `sampleRate`, holds exactly `expected` (the PCM the provider sent, in order) and is not silent.
 */
export function expectSpeech(
  audio: readonly (TTSResponse | AudioBlock | null)[],
  expected: Uint8Array,
  sampleRate: number,
): DecodedSpeech {
  const blocks: AudioBlock[] = [];
  for (const item of audio) {
    if (!item) continue;
    if ("type" in item && item.type === "audio") blocks.push(item);
    else if ((item as TTSResponse).content)
      blocks.push((item as TTSResponse).content as AudioBlock);
  }
  expect(blocks.length).toBeGreaterThan(0);
  const wav = audioBlocksToWav(blocks);
  const parsed = parseWav(wav);
  expect({
    sampleRate: parsed.sampleRate,
    channels: parsed.channels,
    bitsPerSample: parsed.bitsPerSample,
  }).toEqual({ sampleRate, channels: 1, bitsPerSample: 16 });
  const samples = pcm16FrameCount(parsed.data.length);
  expect(samples).toBe(pcm16FrameCount(expected.length));
  expect(Buffer.from(parsed.data).equals(Buffer.from(expected))).toBe(true);
  expect(pcm16Peak(parsed.data)).toBeGreaterThan(1000);
  return { wav, pcm: parsed.data, sampleRate: parsed.sampleRate, samples };
}
