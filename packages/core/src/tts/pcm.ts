/** Joins byte arrays into one (one copy; the inputs are left as they are). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The 16-bit little-endian samples of raw PCM bytes (a trailing odd byte is ignored). */
export function pcm16Samples(bytes: Uint8Array): Int16Array {
  const count = bytes.length >> 1;
  const samples = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

/** Raw 16-bit little-endian PCM bytes of `samples`. */
export function pcm16Bytes(samples: Int16Array | readonly number[]): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] ?? 0, true);
  return bytes;
}

/** How many sample frames `byteLength` bytes of 16-bit PCM with `channels` channels hold. */
export function pcm16FrameCount(byteLength: number, channels = 1): number {
  return Math.floor(byteLength / (2 * channels));
}

/** The duration in milliseconds of `byteLength` bytes of 16-bit PCM. */
export function pcm16DurationMs(byteLength: number, sampleRate: number, channels = 1): number {
  return (pcm16FrameCount(byteLength, channels) / sampleRate) * 1000;
}

/** The largest absolute sample value of 16-bit PCM bytes (0 for silence). */
export function pcm16Peak(bytes: Uint8Array): number {
  let peak = 0;
  for (const sample of pcm16Samples(bytes)) {
    const abs = Math.abs(sample);
    if (abs > peak) peak = abs;
  }
  return peak;
}

/**
 * Splits a stream of PCM bytes at 16-bit sample boundaries: a chunk of odd length keeps its last
 * byte for the next one, so every chunk handed on decodes to whole samples. Holds at most 1 byte.
 */
export class Pcm16Aligner {
  #carry: number | undefined;

  /** The whole samples of what arrived so far (with the byte carried from the previous chunk). */
  push(chunk: Uint8Array): Uint8Array {
    let bytes = chunk;
    if (this.#carry !== undefined) {
      bytes = new Uint8Array(chunk.length + 1);
      bytes[0] = this.#carry;
      bytes.set(chunk, 1);
      this.#carry = undefined;
    }
    if (bytes.length % 2 === 1) {
      this.#carry = bytes[bytes.length - 1];
      return bytes.subarray(0, bytes.length - 1);
    }
    return bytes;
  }

  /** Whether a byte is held back (the stream so far ended mid-sample). */
  get pending(): boolean {
    return this.#carry !== undefined;
  }
}
