import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

/** A 440 Hz tone with a rising and falling envelope, 60 ms per character of `text`. */
function tone(text: string, sampleRate: number): Uint8Array {
  const samples = Math.max(1, Math.round((sampleRate * 60 * Math.max(text.length, 5)) / 1000));
  const out = new Uint8Array(samples * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.sin((Math.PI * i) / samples);
    const value = Math.round(12_000 * envelope * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
    view.setInt16(i * 2, value, true);
  }
  return out;
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
    made = { pcm: tone(text, sampleRate), sampleRate, source: "tone" };
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

/**
 * The root mean square of PCM16 LE samples, 0 for silence (a speech clip from espeak-ng is in the
 * thousands): the "not silent" check of a TTS test.
 */
export function pcmRms(pcm: Uint8Array): number {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const count = Math.floor(pcm.byteLength / 2);
  if (count === 0) return 0;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const value = view.getInt16(i * 2, true);
    sum += value * value;
  }
  return Math.sqrt(sum / count);
}
