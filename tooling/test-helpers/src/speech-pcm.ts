import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToBase64 } from "@agentscope-ts/core";
import { toneSpeech } from "@agentscope-ts/core/testing";

/** Real audio for a TTS test: 16-bit little-endian mono PCM and where it came from. */
export interface SpeechPcm {
  /** The samples, PCM16 little-endian, mono. */
  pcm: Uint8Array;
  /** The sample rate in Hz. */
  sampleRate: number;
  /** `"espeak-ng"` (spoken by espeak-ng, resampled by sox) or `"tone"` (a generated tone). */
  source: "espeak-ng" | "tone";
}

const cache = new Map<string, SpeechPcm>();

function hasTool(name: string): boolean {
  const run = spawnSync(name, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return run.status === 0;
}

/** espeak-ng speaks `text` into a WAV, sox converts it to raw PCM16 LE mono at `sampleRate`. */
function spoken(text: string, sampleRate: number): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "speech-pcm-"));
  try {
    const wav = join(dir, "speech.wav");
    const raw = join(dir, "speech.raw");
    const say = spawnSync("espeak-ng", ["-w", wav, text], { encoding: "utf8", timeout: 30_000 });
    if (say.status !== 0) throw new Error(`espeak-ng failed: ${say.stderr || say.error}`);
    const args = [wav, "-r", String(sampleRate), "-c", "1", "-b", "16", "-e", "signed-integer"];
    const convert = spawnSync("sox", [...args, "-L", "-t", "raw", raw], {
      encoding: "utf8",
      timeout: 30_000,
    });
    if (convert.status !== 0) throw new Error(`sox failed: ${convert.stderr || convert.error}`);
    return new Uint8Array(readFileSync(raw));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Real audio for TTS tests, made at test time: `text` spoken by `espeak-ng` and resampled by `sox`
 * to PCM16 mono at `sampleRate` (default 24 kHz, the rate most TTS APIs answer in). Where either
 * tool is missing, a generated tone stands in and a note naming `owner` (the package under test)
 * says so once; install them with `apt-get install -y espeak-ng sox`. Cached per text and rate.
 */
export function speechPcm(text: string, owner: string, sampleRate = 24_000): SpeechPcm {
  const key = `${sampleRate}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let made: SpeechPcm;
  if (hasTool("espeak-ng") && hasTool("sox")) {
    made = { pcm: spoken(text, sampleRate), sampleRate, source: "espeak-ng" };
  } else {
    if (cache.size === 0) {
      console.warn(
        `${owner}: espeak-ng or sox is missing, so the TTS tests use a generated tone instead of speech (apt-get install -y espeak-ng sox).`,
      );
    }
    made = { pcm: toneSpeech(text, { sampleRate, msPerChar: 60 }), sampleRate, source: "tone" };
  }
  cache.set(key, made);
  return made;
}

/**
 * Splits PCM16 bytes into `parts` pieces of whole samples (the last takes the rest), as a provider
 * sends audio in several frames or deltas.
 */
export function splitPcm(pcm: Uint8Array, parts: number): Uint8Array[] {
  const samples = Math.floor(pcm.length / 2);
  const per = Math.max(1, Math.floor(samples / parts));
  const out: Uint8Array[] = [];
  for (let i = 0; i < parts; i++) {
    const start = i * per * 2;
    const end = i === parts - 1 ? pcm.length : (i + 1) * per * 2;
    if (start < end) out.push(pcm.subarray(start, end));
  }
  return out;
}

const AUDIO_SLOT = /^<audio:(\d+)>$/;

/**
 * A recorded-style fixture with real audio: every string `"<audio:N>"` in `template` (a JSON
 * value: an SSE event list, a WebSocket script) becomes the base64 of `pieces[N]`, as providers
 * carry audio in their JSON events. A slot without a piece is an error naming it.
 */
export function fillAudio<T>(template: T, pieces: readonly Uint8Array[]): T {
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") {
      const match = AUDIO_SLOT.exec(value);
      if (!match) return value;
      const piece = pieces[Number(match[1])];
      if (!piece)
        throw new Error(`fillAudio: no audio piece for ${value} (${pieces.length} given)`);
      return bytesToBase64(piece);
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    }
    return value;
  };
  return fill(template) as T;
}
