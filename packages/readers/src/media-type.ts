/** The MIME type of image bytes by signature, as AgentScope's `_get_media_type_from_data` (default JPEG). */
export function mediaTypeOf(data: Uint8Array): string {
  const starts = (sig: number[]) => sig.every((b, i) => data[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8])) return "image/jpeg";
  if (
    starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return "image/gif";
  }
  if (starts([0x42, 0x4d])) return "image/bmp";
  const ascii = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (data.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return "image/jpeg";
}

/** Base64 of bytes. */
export function toBase64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}
