/** The hex SHA-256 of `text`'s UTF-8 bytes, with Web Crypto (browser-safe; Python's `hashlib.sha256(text.encode()).hexdigest()`). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
