import { ValidationError } from "../errors/validation-error.js";

/** The format of a WAV file's audio. */
export interface WavFormat {
  /** Samples per second. */
  sampleRate: number;
  /** Channel count. */
  channels: number;
  /** Bits per sample (16 for PCM16). */
  bitsPerSample: number;
}

/** A parsed WAV file: its format, and its audio data (a view into the input, not a copy). */
export interface WavData extends WavFormat {
  /** The WAVE format tag: 1 is integer PCM, 3 float, 0xFFFE extensible. */
  formatTag: number;
  /** The bytes of the `data` chunk. */
  data: Uint8Array;
}

/** The size of the canonical WAV header {@link encodeWav} writes. */
export const WAV_HEADER_BYTES = 44;

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

function invalid(message: string): ValidationError {
  return new ValidationError("WAV data", [{ path: "", message }], {
    hint: "Expected a RIFF/WAVE file with a fmt and a data chunk.",
  });
}

/**
 * Writes a canonical 44-byte WAV header followed by `pcm` (little-endian integer samples).
 * Defaults: mono, 16-bit.
 */
export function encodeWav(
  pcm: Uint8Array,
  format: Partial<WavFormat> & Pick<WavFormat, "sampleRate">,
): Uint8Array {
  const channels = format.channels ?? 1;
  const bitsPerSample = format.bitsPerSample ?? 16;
  const { sampleRate } = format;
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
    throw new ValidationError("WAV format", [
      { path: "sampleRate", message: `expected a positive integer, received ${sampleRate}` },
    ]);
  }
  const blockAlign = channels * (bitsPerSample / 8);
  const out = new Uint8Array(WAV_HEADER_BYTES + pcm.length);
  const view = new DataView(out.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) out[offset + i] = value.charCodeAt(i);
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + pcm.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitsPerSample, true);
  text(36, "data");
  view.setUint32(40, pcm.length, true);
  out.set(pcm, WAV_HEADER_BYTES);
  return out;
}

/**
 * Parses a WAV file: walks its chunks for `fmt ` and `data`. A streamed WAV whose sizes are
 * placeholders (0 or 0xFFFFFFFF, as streaming APIs send) yields everything after the data header.
 * Anything that is not a WAV file is a `ValidationError` saying what is missing.
 */
export function parseWav(bytes: Uint8Array): WavData {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 12) !== "WAVE") {
    throw invalid("no RIFF/WAVE header");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format: Omit<WavData, "data"> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, offset + 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > bytes.length) throw invalid("the fmt chunk is truncated");
      format = {
        formatTag: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      if (format.channels === 0 || format.sampleRate === 0 || format.bitsPerSample === 0) {
        throw invalid("the fmt chunk has a zero channel count, sample rate or sample size");
      }
    } else if (id === "data") {
      if (!format) throw invalid("the data chunk comes before the fmt chunk");
      const placeholder = size === 0 || size === 0xffffffff || body + size > bytes.length;
      const end = placeholder ? bytes.length : body + size;
      return { ...format, data: bytes.subarray(body, end) };
    }
    offset = body + size + (size % 2);
  }
  throw invalid(format ? "no data chunk" : "no fmt chunk");
}

/** Whether `bytes` start like a WAV file (`RIFF....WAVE`). */
export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE";
}
