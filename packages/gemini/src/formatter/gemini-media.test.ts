import { ValidationError } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { formatGeminiMediaBlock, geminiMediaIO, toGeminiInlineData } from "./gemini-media.js";

const bytes = new TextEncoder().encode("fake image content");
const io = geminiMediaIO({
  readLocalFile: async (path) =>
    path === "/data/cat.png" || path === "/data/notes.txt" ? bytes : undefined,
});

describe("Gemini media", () => {
  it("inlines base64 sources and local files (path or file://) with the extension's type", async () => {
    expect(
      await formatGeminiMediaBlock(
        { source: { type: "base64", media_type: "audio/wav", data: "AAA=" } },
        io,
      ),
    ).toEqual({ inline_data: { data: "AAA=", mime_type: "audio/wav" } });
    const inline = { data: "ZmFrZSBpbWFnZSBjb250ZW50", mime_type: "image/png" };
    expect(await toGeminiInlineData("/data/cat.png", io)).toEqual(inline);
    expect(await toGeminiInlineData("file:///data/cat.png", io)).toEqual(inline);
  });

  it("downloads web URLs and inlines them as base64", async () => {
    await using server = await createTestServer({
      "/clip.mp4": { response: { type: "binary", body: bytes, contentType: "video/mp4" } },
    });
    expect(await toGeminiInlineData(`${server.url}/clip.mp4`, geminiMediaIO({}))).toEqual({
      data: "ZmFrZSBpbWFnZSBjb250ZW50",
      mime_type: "video/mp4",
    });
  });

  it("names the bad URL: unsupported extension, missing file, unknown source type", async () => {
    await expect(toGeminiInlineData("/data/notes.txt", io)).rejects.toThrow(
      /Unsupported file extension: txt/,
    );
    await expect(toGeminiInlineData("https://x.test/a.txt", io)).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(toGeminiInlineData("./missing.png", io)).rejects.toThrow(
      /"\.\/missing\.png" is not a valid image URL or local file/,
    );
    await expect(formatGeminiMediaBlock({ source: { type: "s3", key: "x" } }, io)).rejects.toThrow(
      /Unsupported source type: s3/,
    );
    const noType = { source: { type: "base64", data: "AAA=" } };
    await expect(formatGeminiMediaBlock(noType as never, io)).rejects.toMatchObject({
      issues: [{ path: "source.media_type" }],
    });
  });
});
