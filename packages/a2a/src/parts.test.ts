import type { Part } from "@a2a-js/sdk";
import type { ContentBlock } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { blocksToParts, guessMediaType, partToBlock } from "./parts.js";

const part = (content: Part["content"], mediaType = "", filename = ""): Part => ({
  content,
  metadata: undefined,
  filename,
  mediaType,
});

describe("blocksToParts", () => {
  it("maps text, thinking, media, tool blocks as AgentScope's A2AChatFormatter and skips empty text", () => {
    const blocks: ContentBlock[] = [
      { type: "text", text: "hi" },
      { type: "text", text: "" },
      { type: "thinking", thinking: "hmm" },
      { type: "image", source: { type: "url", url: "https://x.test/a.png" } },
      { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "AAEC" } },
      { type: "tool_use", id: "t1", name: "f", input: { a: 1 } },
      { type: "tool_result", id: "t1", name: "f", output: "ok" },
    ];
    const parts = blocksToParts(blocks);
    expect(parts.map((p) => p.content?.$case)).toEqual([
      "text",
      "text",
      "url",
      "raw",
      "data",
      "data",
    ]);
    expect(parts[1]?.content?.value).toBe("hmm");
    expect(parts[3]?.mediaType).toBe("audio/wav");
    expect(Array.from((parts[3]?.content?.value ?? []) as Uint8Array)).toEqual([0, 1, 2]);
    expect(parts[4]?.content?.value).toEqual({
      type: "tool_use",
      id: "t1",
      name: "f",
      input: { a: 1 },
    });
  });
});

describe("partToBlock", () => {
  it("maps file parts to image/audio/video by media type, or by the URL's extension", () => {
    expect(partToBlock(part({ $case: "url", value: "https://x.test/v/clip.mp4?x=1" }))).toEqual({
      type: "video",
      source: { type: "url", url: "https://x.test/v/clip.mp4?x=1" },
    });
    expect(
      partToBlock(part({ $case: "url", value: "https://x.test/file" }, "image/jpeg")).type,
    ).toBe("image");
    expect(
      partToBlock(part({ $case: "raw", value: Buffer.from([1, 2, 3]) }, "audio/mpeg")),
    ).toEqual({
      type: "audio",
      source: { type: "base64", media_type: "audio/mpeg", data: "AQID" },
    });
  });

  it("names files of other types in a text block instead of dropping them", () => {
    expect(
      partToBlock(part({ $case: "url", value: "https://x.test/r.pdf" }, "", "report.pdf")),
    ).toEqual({
      type: "text",
      text: "[file 'report.pdf' (unknown type): https://x.test/r.pdf]",
    });
    expect(
      partToBlock(part({ $case: "raw", value: Buffer.from("abc") }, "application/zip")).type,
    ).toBe("text");
  });

  it("keeps tool blocks in data parts and writes other data as JSON text", () => {
    const toolUse = { type: "tool_use", id: "a", name: "f", input: {} };
    expect(partToBlock(part({ $case: "data", value: toolUse }))).toEqual(toolUse);
    const incomplete = { type: "tool_result", id: "a", name: "f" };
    expect(partToBlock(part({ $case: "data", value: incomplete }))).toEqual({
      type: "text",
      text: JSON.stringify(incomplete),
    });
    expect(partToBlock(part({ $case: "data", value: [1, 2] }))).toEqual({
      type: "text",
      text: "[1,2]",
    });
  });

  it("guesses nothing from neither a media type nor a known extension", () => {
    expect(guessMediaType("https://x.test/noext", undefined)).toBe("unknown");
    expect(guessMediaType(undefined, "video/webm")).toBe("video");
  });
});
