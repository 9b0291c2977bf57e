import { ValidationError } from "../errors/validation-error.js";

/** The default sample rate of raw PCM audio when a media type names none (24 kHz, AgentScope's). */
export const DEFAULT_PCM_SAMPLE_RATE = 24_000;

/** What a media type says about audio bytes: raw 16-bit PCM, a WAV file, or another codec. */
export interface AudioMediaType {
  /** `pcm`: raw little-endian 16-bit samples; `wav`: a RIFF/WAVE file; `other`: mp3, opus… */
  encoding: "pcm" | "wav" | "other";
  /** The media type without parameters, lower case, e.g. `audio/pcm`. */
  base: string;
  /** The sample rate (`rate=` parameter) for PCM; {@link DEFAULT_PCM_SAMPLE_RATE} when absent. */
  sampleRate?: number;
  /** The channel count (`channels=` parameter) for PCM; 1 when absent. */
  channels?: number;
}

const PCM_TYPES = new Set(["audio/pcm", "audio/l16", "audio/x-pcm", "audio/raw"]);
const WAV_TYPES = new Set(["audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave"]);

/**
 * Parses an audio media type such as `audio/pcm;rate=24000` (AgentScope's form for raw PCM),
 * `audio/L16;rate=16000;channels=1` or `audio/wav`. A bad `rate`/`channels` is a `ValidationError`.
 */
export function parseAudioMediaType(mediaType: string): AudioMediaType {
  const [head = "", ...params] = String(mediaType).split(";");
  const base = head.trim().toLowerCase();
  if (WAV_TYPES.has(base)) return { encoding: "wav", base };
  if (!PCM_TYPES.has(base)) return { encoding: "other", base };
  let sampleRate = DEFAULT_PCM_SAMPLE_RATE;
  let channels = 1;
  for (const param of params) {
    const [key = "", value = ""] = param.split("=").map((s) => s.trim().toLowerCase());
    if (key === "rate" || key === "samplerate" || key === "sample_rate") {
      sampleRate = positiveInt(value, "rate", mediaType);
    } else if (key === "channels") {
      channels = positiveInt(value, "channels", mediaType);
    }
  }
  return { encoding: "pcm", base, sampleRate, channels };
}

function positiveInt(value: string, field: string, mediaType: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new ValidationError("audio media type", [
      {
        path: field,
        message: `expected a positive integer in "${mediaType}", received "${value}"`,
      },
    ]);
  }
  return n;
}

/** The media type of raw 16-bit PCM at `sampleRate` (`audio/pcm;rate=24000`, with channels if not 1). */
export function pcmMediaType(sampleRate: number = DEFAULT_PCM_SAMPLE_RATE, channels = 1): string {
  return channels === 1
    ? `audio/pcm;rate=${sampleRate}`
    : `audio/pcm;rate=${sampleRate};channels=${channels}`;
}
