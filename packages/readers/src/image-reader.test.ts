import { describe, expect, it } from "vitest";
import { md5 } from "./__fixtures__/test-helpers.js";
import { ImageReader } from "./image-reader.js";

describe("ImageReader", () => {
  it("wraps image URLs with md5 document ids", async () => {
    const docs = await new ImageReader().read(["https://x.test/a.png", "/tmp/b.jpg"]);
    expect(docs.map((d) => [d.metadata.content, d.metadata.doc_id])).toEqual([
      [
        { type: "image", source: { type: "url", url: "https://x.test/a.png" } },
        md5("https://x.test/a.png"),
      ],
      [{ type: "image", source: { type: "url", url: "/tmp/b.jpg" } }, md5("/tmp/b.jpg")],
    ]);
  });
});
