import { pcm16Bytes, pcm16Samples } from "../tts/pcm.js";

/**
 * Mono PCM16 audio at `fromRate` resampled to `toRate` by linear interpolation (AgentScope's
 * `_resample_pcm_delta`): how one agent's 24 kHz speech reaches a model that listens at 16 kHz.
 */
export function resamplePcm16(bytes: Uint8Array, fromRate: number, toRate: number): Uint8Array {
  if (fromRate === toRate || bytes.byteLength < 2) return bytes;
  const input = pcm16Samples(bytes);
  const length = Math.max(1, Math.round((input.length * toRate) / fromRate));
  const output = new Int16Array(length);
  const step = fromRate / toRate;
  for (let i = 0; i < length; i++) {
    const at = i * step;
    const left = Math.min(Math.floor(at), input.length - 1);
    const right = Math.min(left + 1, input.length - 1);
    const frac = at - left;
    output[i] = Math.round((input[left] as number) * (1 - frac) + (input[right] as number) * frac);
  }
  return pcm16Bytes(output);
}
