import { describe, expect, it } from "vitest";
import { mediaTypeOf } from "./media-type.js";

describe("mediaTypeOf", () => {
  it("knows PNG, JPEG, GIF, BMP and WebP by signature and defaults to JPEG", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(mediaTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(mediaTypeOf(bytes(0xff, 0xd8, 0xff))).toBe("image/jpeg");
    expect(mediaTypeOf(ascii("GIF89a..."))).toBe("image/gif");
    expect(mediaTypeOf(ascii("BM...."))).toBe("image/bmp");
    expect(mediaTypeOf(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(mediaTypeOf(ascii("????"))).toBe("image/jpeg");
  });
});
