// Hand-written: `Buffer` is Node-only and the main entry must run in browsers; `btoa`/`atob` work
// everywhere but take binary strings, so the bytes go through them in chunks.
const CHUNK = 0x8000;

/** Encodes bytes as base64 with web APIs only (browser-safe; no `Buffer`). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Decodes base64 (standard or URL-safe, padding optional) into bytes with web APIs only. */
export function base64ToBytes(data: string): Uint8Array {
  let text = data.replace(/[\s]/g, "").replace(/-/g, "+").replace(/_/g, "/");
  while (text.length % 4 !== 0) text += "=";
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
