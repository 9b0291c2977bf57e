import { concatBytes, isWav, ModelError, parseWav } from "@agentscope-ts/core";

/** The most bytes a streamed WAV header may take before the stream is refused. */
export const MAX_WAV_HEADER_BYTES = 64 * 1024;

/**
 * Reads a streamed WAV file as PCM: holds the first bytes until the header (up to its `data`
 * chunk) is complete, then hands on the audio bytes as they come. Streaming APIs write placeholder
 * sizes in the header, so the length is not trusted. A stream that is not WAV, or whose header
 * passes {@link MAX_WAV_HEADER_BYTES}, is a `ModelError`.
 */
export class WavStreamReader {
  /** The sample rate from the header (known once {@link push} returned audio). */
  sampleRate = 0;
  /** The channel count from the header. */
  channels = 1;
  private head: Uint8Array[] | undefined = [];
  private headBytes = 0;

  constructor(private readonly provider: string) {}

  /** The PCM bytes in `chunk`, or `undefined` while the header is still incomplete. */
  push(chunk: Uint8Array): Uint8Array | undefined {
    if (this.head === undefined) return chunk;
    this.head.push(chunk);
    this.headBytes += chunk.length;
    const bytes = concatBytes(this.head);
    if (bytes.length >= 12 && !isWav(bytes)) throw this.error("the stream is not a WAV file");
    let data: ReturnType<typeof parseWav>;
    try {
      data = parseWav(bytes);
    } catch {
      if (this.headBytes > MAX_WAV_HEADER_BYTES) {
        throw this.error(`no data chunk within the first ${MAX_WAV_HEADER_BYTES} bytes`);
      }
      return undefined;
    }
    this.head = undefined;
    this.sampleRate = data.sampleRate;
    this.channels = data.channels;
    return data.data;
  }

  /** Checks the stream ended after its header (a WAV cut inside its header is a `ModelError`). */
  end(): void {
    if (this.head !== undefined && this.headBytes > 0) {
      throw this.error("the stream ended inside the WAV header");
    }
  }

  private error(detail: string): ModelError {
    return new ModelError(`${this.provider}: the streamed WAV audio is unreadable: ${detail}.`, {
      provider: this.provider,
      retryable: true,
    });
  }
}
