import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64 } from "./base64.js";

describe("base64 helpers", () => {
  it("round-trips bytes larger than one chunk", () => {
    const bytes = new Uint8Array(0x8000 * 2 + 3).map((_, i) => (i * 7) % 256);
    const text = bytesToBase64(bytes);
    expect(text.length).toBe(Math.ceil(bytes.length / 3) * 4);
    expect(base64ToBytes(text)).toEqual(bytes);
  });

  it("encodes as standard base64 and decodes URL-safe text without padding", () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("+/+/");
    expect(base64ToBytes("-_-_")).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
    expect(base64ToBytes("aGk")).toEqual(new TextEncoder().encode("hi"));
  });
});
