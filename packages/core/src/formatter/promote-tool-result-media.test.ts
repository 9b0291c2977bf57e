import { describe, expect, it } from "vitest";
import { promoteToolResultMedia } from "./promote-tool-result-media.js";
import type { ToolResultMedia } from "./tool-result-to-string.js";

const media: ToolResultMedia[] = [
  { url: "./image.png", block: { type: "image", source: { type: "url", url: "./image.png" } } },
  {
    url: "/tmp/a.wav",
    block: { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "AA==" } },
  },
];

describe("promoteToolResultMedia", () => {
  it("builds AgentScope's <system-info> user message for the promoted images only", () => {
    const msg = promoteToolResultMedia("get_capital", media, { images: true });
    expect(msg?.role).toBe("user");
    expect(msg?.name).toBe("user");
    expect(msg?.content).toEqual([
      {
        type: "text",
        text: "<system-info>The following are the image contents from the tool result of 'get_capital':",
      },
      { type: "text", text: "\n- The image from './image.png': " },
      { type: "image", source: { type: "url", url: "./image.png" } },
      { type: "text", text: "</system-info>" },
    ]);
  });

  it("promotes audio with DashScope's 'media' wording and returns null when nothing is promoted", () => {
    const msg = promoteToolResultMedia("t", media, { audios: true, noun: "media" });
    expect(msg?.content).toEqual([
      {
        type: "text",
        text: "<system-info>The following are the media contents from the tool result of 't':",
      },
      { type: "text", text: "\n- The audio from '/tmp/a.wav': " },
      { type: "audio", source: { type: "url", url: "/tmp/a.wav" } },
      { type: "text", text: "</system-info>" },
    ]);
    expect(promoteToolResultMedia("t", media, { videos: true })).toBeNull();
  });
});
