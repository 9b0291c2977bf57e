import { pcm16Bytes } from "@agentscope-ts/core";

/** The sample rate of the offline speech (OpenAI's `pcm` format: 24 kHz, 16-bit, mono). */
export const OFFLINE_SPEECH_RATE = 24_000;

/**
 * What the offline server "says" for `text`: 120 ms of a rising tone per word, 16-bit PCM at
 * 24 kHz, so the docs' speech examples get real, decodable audio of a length that follows the text.
 */
export function offlineSpeech(text: string): Uint8Array {
  const words = Math.max(1, text.trim().split(/\s+/).length);
  const perWord = Math.round(OFFLINE_SPEECH_RATE * 0.12);
  const samples = new Int16Array(words * perWord);
  for (let w = 0; w < words; w++) {
    const frequency = 200 + (w % 8) * 40;
    for (let i = 0; i < perWord; i++) {
      samples[w * perWord + i] = Math.round(
        8000 * Math.sin((2 * Math.PI * frequency * i) / OFFLINE_SPEECH_RATE),
      );
    }
  }
  return pcm16Bytes(samples);
}
