// Hand-written: core has no browser-safe base64 helper and `Buffer` is Node-only.
const CHUNK = 0x8000;

/** Encodes bytes as base64 with web APIs only (browser-safe; no `Buffer`). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}
