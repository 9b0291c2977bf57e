import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import { base64ToBytes, bytesToBase64 } from "../utils/base64.js";
import { parseAudioMediaType, pcmMediaType } from "./audio-media-type.js";
import { concatBytes } from "./pcm.js";
import { encodeWav, parseWav, type WavFormat } from "./wav.js";

/** An audio block holding `bytes` inline (base64) with `mediaType`, e.g. `audio/pcm;rate=24000`. */
export function audioBlockFromBytes(bytes: Uint8Array, mediaType: string): AudioBlock {
  return {
    type: "audio",
    source: { type: "base64", media_type: mediaType, data: bytesToBase64(bytes) },
  };
}

/** The bytes of an inline (base64) audio block; a URL block is a `ValidationError` (fetch it first). */
export function audioBlockBytes(block: AudioBlock): Uint8Array {
  if (block?.source?.type !== "base64") {
    throw new ValidationError(
      "audio block",
      [
        {
          path: "source.type",
          message: `expected "base64", received ${JSON.stringify(block?.source?.type)}`,
        },
      ],
      { hint: "Only inline audio can be decoded here; download URL audio first." },
    );
  }
  return base64ToBytes(block.source.data);
}

/** The media type of an inline audio block. */
function mediaTypeOf(block: AudioBlock): string {
  return block.source.type === "base64" ? block.source.media_type : "";
}

/** Raw PCM16 bytes and their format, from a PCM or WAV audio block. */
export function audioBlockPcm(block: AudioBlock): { pcm: Uint8Array } & WavFormat {
  const bytes = audioBlockBytes(block);
  const type = parseAudioMediaType(mediaTypeOf(block));
  if (type.encoding === "pcm") {
    return {
      pcm: bytes,
      sampleRate: type.sampleRate ?? 24_000,
      channels: type.channels ?? 1,
      bitsPerSample: 16,
    };
  }
  if (type.encoding === "wav") {
    const wav = parseWav(bytes);
    return {
      pcm: wav.data,
      sampleRate: wav.sampleRate,
      channels: wav.channels,
      bitsPerSample: wav.bitsPerSample,
    };
  }
  throw new ValidationError(
    "audio block",
    [
      {
        path: "source.media_type",
        message: `expected PCM or WAV audio, received "${mediaTypeOf(block)}"`,
      },
    ],
    { hint: "Ask the TTS model for pcm or wav output to decode samples." },
  );
}

/**
 * Joins audio blocks into one, in order: PCM blocks (one sample rate) into one PCM block, WAV
 * blocks (one format) into one WAV file, other codecs of one media type (mp3…) byte by byte.
 * Mixed formats are a `ValidationError`. `null` for no blocks.
 */
export function concatAudioBlocks(blocks: readonly AudioBlock[]): AudioBlock | null {
  const first = blocks[0];
  if (first === undefined) return null;
  if (blocks.length === 1) return first;
  const type = parseAudioMediaType(mediaTypeOf(first));
  if (type.encoding === "other") {
    const mismatch = blocks.findIndex((b) => mediaTypeOf(b) !== mediaTypeOf(first));
    if (mismatch >= 0)
      throw mixed(mismatch, mediaTypeOf(blocks[mismatch] as AudioBlock), mediaTypeOf(first));
    return audioBlockFromBytes(concatBytes(blocks.map(audioBlockBytes)), mediaTypeOf(first));
  }
  const parts = blocks.map(audioBlockPcm);
  const head = parts[0] as (typeof parts)[number];
  parts.forEach((part, i) => {
    if (
      part.sampleRate !== head.sampleRate ||
      part.channels !== head.channels ||
      part.bitsPerSample !== head.bitsPerSample
    ) {
      throw mixed(
        i,
        `${part.sampleRate} Hz × ${part.channels}`,
        `${head.sampleRate} Hz × ${head.channels}`,
      );
    }
  });
  const pcm = concatBytes(parts.map((p) => p.pcm));
  return type.encoding === "wav"
    ? audioBlockFromBytes(encodeWav(pcm, head), mediaTypeOf(first))
    : audioBlockFromBytes(pcm, pcmMediaType(head.sampleRate, head.channels));
}

function mixed(index: number, found: string, expected: string): ValidationError {
  return new ValidationError("audio blocks", [
    { path: `[${index}]`, message: `cannot join ${found} audio to ${expected} audio` },
  ]);
}

/** One WAV file of PCM or WAV audio blocks, in order (for saving or playing a reply's speech). */
export function audioBlocksToWav(blocks: readonly AudioBlock[]): Uint8Array {
  const joined = concatAudioBlocks(blocks);
  if (joined === null) return encodeWav(new Uint8Array(0), { sampleRate: 24_000 });
  const { pcm, ...format } = audioBlockPcm(joined);
  return encodeWav(pcm, format);
}
