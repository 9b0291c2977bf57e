const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const LENGTH = 22;
// Largest multiple of 57 below 256: bytes at or above it are rejected to keep the draw uniform.
const LIMIT = 256 - (256 % ALPHABET.length);

/**
 * A random 22-character id over the 57-letter alphabet of Python's `shortuuid` (what AgentScope
 * uses for message ids): ~128 bits of randomness, URL-safe, no look-alike characters.
 */
export function shortUuid(): string {
  const bytes = new Uint8Array(LENGTH * 2);
  let out = "";
  while (out.length < LENGTH) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b >= LIMIT) continue;
      out += ALPHABET[b % ALPHABET.length];
      if (out.length === LENGTH) break;
    }
  }
  return out;
}
