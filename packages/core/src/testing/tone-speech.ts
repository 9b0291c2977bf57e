import { pcm16Bytes } from "../tts/pcm.js";

/** Options of {@link toneSpeech}. */
export interface ToneSpeechOptions {
  /** Samples per second. Default 24 000. */
  sampleRate?: number;
  /** Milliseconds of tone per character. Default 10. */
  msPerChar?: number;
}

/**
 * Real PCM16 "speech" for tests: a sine tone per character (its pitch from the character code;
 * whitespace is a quieter low tone, never silence), so tests decode audio whose length in
 * samples follows the text: `text.length × sampleRate × msPerChar / 1000` samples.
 */
export function toneSpeech(text: string, options: ToneSpeechOptions = {}): Uint8Array {
  const sampleRate = options.sampleRate ?? 24_000;
  const perChar = Math.max(1, Math.round((sampleRate * (options.msPerChar ?? 10)) / 1000));
  const samples = new Int16Array(text.length * perChar);
  for (let c = 0; c < text.length; c++) {
    const code = text.charCodeAt(c);
    const blank = /\s/.test(text[c] ?? "");
    const frequency = blank ? 110 : 220 + (code % 64) * 20;
    const amplitude = blank ? 2_000 : 12_000;
    for (let i = 0; i < perChar; i++) {
      samples[c * perChar + i] = Math.round(
        amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate),
      );
    }
  }
  return pcm16Bytes(samples);
}

/** How many samples {@link toneSpeech} makes for `chars` characters. */
export function toneSampleCount(chars: number, options: ToneSpeechOptions = {}): number {
  const sampleRate = options.sampleRate ?? 24_000;
  return chars * Math.max(1, Math.round((sampleRate * (options.msPerChar ?? 10)) / 1000));
}
