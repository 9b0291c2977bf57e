import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { base64DataUrl, isDataUrl, parseDataUrl } from "./data-url.js";

describe("parseDataUrl", () => {
  it("returns a base64 payload as it is, with its media type", () => {
    expect(parseDataUrl("data:image/png;base64,iVBORw0KGgo=")).toEqual({
      mediaType: "image/png",
      data: "iVBORw0KGgo=",
    });
    expect(parseDataUrl("DATA:Image/PNG;charset=x;BASE64,AAA=").mediaType).toBe("image/png");
  });

  it("converts a percent-encoded payload to base64", () => {
    expect(parseDataUrl("data:text/plain,h%69 %E2%82%AC")).toEqual({
      mediaType: "text/plain",
      data: btoa("hi \xe2\x82\xac"),
    });
  });

  it("names the field and the fix when the media type is missing", () => {
    for (const url of ["data:;base64,AAA=", "data:base64,AAA=", "data:image/png"]) {
      expect(() => parseDataUrl(url, "source.data")).toThrow(ValidationError);
      expect(() => parseDataUrl(url, "source.data")).toThrow(/data:<type>\/<subtype>;base64/);
    }
    expect(() => parseDataUrl("data:,x")).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: "source.url" })] }),
    );
  });

  it("tells data: URLs from other URLs", () => {
    expect(isDataUrl("Data:image/png;base64,AAA=")).toBe(true);
    expect(isDataUrl("https://x.test/data:a.png")).toBe(false);
  });
});

describe("base64DataUrl", () => {
  it("keeps a base64 data: URL and converts a percent-encoded one", () => {
    expect(base64DataUrl("data:image/png;base64,AAA=")).toBe("data:image/png;base64,AAA=");
    expect(base64DataUrl("data:audio/wav,RIFF%00%ff")).toBe("data:audio/wav;base64,UklGRgD/");
    expect(() => base64DataUrl("data:,x", "source.data")).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: "source.data" })] }),
    );
  });
});
