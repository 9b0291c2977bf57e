import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultLocalFileReader, Msg, ValidationError } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it, vi } from "vitest";
import { DeepSeekChatFormatter } from "./deepseek-chat-formatter.js";
import { mediaIO, OpenAIChatFormatter } from "./openai-chat-formatter.js";
import { isWebUrl, toOpenAIAudioData, toOpenAIImageUrl } from "./openai-media.js";

const dir = mkdtempSync(join(tmpdir(), "openai-media-"));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
writeFileSync(join(dir, "pic.png"), "png bytes");
writeFileSync(join(dir, "noext"), PNG);
writeFileSync(join(dir, "notes.txt"), "text");
writeFileSync(join(dir, "sound.mp3"), "mp3 bytes");
const io = mediaIO({});

describe("OpenAI media conversion", () => {
  it("tells web URLs from local paths (Windows drives included)", () => {
    expect(isWebUrl("https://x/y.png")).toBe(true);
    expect(isWebUrl("data:image/png;base64,AA")).toBe(true);
    expect(isWebUrl("file:///tmp/a.png")).toBe(false);
    expect(isWebUrl("C:\\img\\a.png")).toBe(false);
    expect(isWebUrl("./a.png")).toBe(false);
  });

  it("inlines local images (path or file://) as base64, sniffing the type without extension", async () => {
    expect(await toOpenAIImageUrl(join(dir, "pic.png"), io)).toBe(
      `data:image/png;base64,${btoa("png bytes")}`,
    );
    expect(await toOpenAIImageUrl(`file://${join(dir, "pic.png")}`, io)).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(await toOpenAIImageUrl(join(dir, "noext"), io)).toMatch(/^data:image\/png;base64,/);
    expect(await toOpenAIImageUrl("https://example.com/a.png", io)).toBe(
      "https://example.com/a.png",
    );
  });

  it("rejects missing or non-image local files with AgentScope's message", async () => {
    await expect(toOpenAIImageUrl(join(dir, "missing.png"), io)).rejects.toThrow(
      /Invalid image URL: ".*missing.png". It should be a local file or a web URL./,
    );
    await expect(toOpenAIImageUrl(join(dir, "notes.txt"), io)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("reads local audio, downloads web audio, and checks formats", async () => {
    expect(await toOpenAIAudioData({ type: "url", url: join(dir, "sound.mp3") }, io)).toEqual({
      data: btoa("mp3 bytes"),
      format: "mp3",
    });
    await using server = await createTestServer({
      "/a.wav": {
        response: {
          type: "binary",
          body: new TextEncoder().encode("wav!"),
          contentType: "audio/wav",
        },
      },
    });
    expect(await toOpenAIAudioData({ type: "url", url: `${server.url}/a.wav` }, io)).toEqual({
      data: btoa("wav!"),
      format: "wav",
    });
    await expect(toOpenAIAudioData({ type: "url", url: "x.ogg" }, io)).rejects.toThrow(
      /Unsupported audio file extension: ogg/,
    );
    await expect(
      toOpenAIAudioData({ type: "url", url: join(dir, "none.wav") }, io),
    ).rejects.toThrow(/local file or a web URL/);
    await expect(
      toOpenAIAudioData({ type: "base64", media_type: "audio/ogg", data: "AA" }, io),
    ).rejects.toThrow(/only audio\/wav and audio\/mp3/);
  });

  it("sends data: URLs with a base64 payload: images as URLs, wav/mp3 audio as input_audio", async () => {
    expect(await toOpenAIImageUrl("data:image/png;base64,iVBO", io)).toBe(
      "data:image/png;base64,iVBO",
    );
    expect(await toOpenAIImageUrl("data:image/gif,GIF%01", io)).toBe(
      `data:image/gif;base64,${btoa("GIF\x01")}`,
    );
    expect(await toOpenAIAudioData({ type: "url", url: "data:audio/wav,RIFF%00%ff" }, io)).toEqual({
      data: "UklGRgD/",
      format: "wav",
    });
    expect(await toOpenAIAudioData({ type: "url", url: "data:audio/mp3;base64,SUQz" }, io)).toEqual(
      { data: "SUQz", format: "mp3" },
    );
    for (const url of ["data:audio/ogg;base64,AA", "data:;base64,AA"]) {
      await expect(toOpenAIAudioData({ type: "url", url }, io)).rejects.toMatchObject({
        issues: [{ path: "source.url" }],
      });
    }
  });

  it("uses an injected readLocalFile instead of the file system", async () => {
    const readLocalFile = vi.fn(async (path: string) =>
      path === "/virtual/a.png" ? new TextEncoder().encode("v") : undefined,
    );
    const formatter = new OpenAIChatFormatter({ readLocalFile });
    const out = await formatter.format([
      new Msg("user", [{ type: "image", source: { type: "url", url: "/virtual/a.png" } }], "user"),
    ]);
    expect(out[0]?.content).toEqual([
      { type: "image_url", image_url: { url: `data:image/png;base64,${btoa("v")}` } },
    ]);
    expect(readLocalFile).toHaveBeenCalledWith("/virtual/a.png");
    expect(await defaultLocalFileReader(join(dir, "nothing-here"))).toBeUndefined();
  });
});

describe("formatter details", () => {
  it("DeepSeek sends thinking as reasoning_content and skips media", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const out = await new DeepSeekChatFormatter().format([
      new Msg(
        "assistant",
        [
          { type: "thinking", thinking: "Let me think." },
          { type: "text", text: "Answer." },
          { type: "image", source: { type: "url", url: "https://x/y.png" } },
        ],
        "assistant",
      ),
    ]);
    expect(out).toEqual([
      { role: "assistant", content: "Answer.", reasoning_content: "Let me think." },
    ]);
    warn.mockRestore();
  });

  it("drops assistant audio and writes tool arguments as Python's json.dumps does", async () => {
    const out = await new OpenAIChatFormatter().format([
      new Msg(
        "assistant",
        [
          { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "AA" } },
          { type: "tool_use", id: "1", name: "f", input: { city: "Zürich", n: [1, 2], x: 1e-7 } },
        ],
        "assistant",
      ),
    ]);
    expect(out).toEqual([
      {
        role: "assistant",
        name: "assistant",
        content: null,
        tool_calls: [
          {
            id: "1",
            type: "function",
            function: { name: "f", arguments: '{"city": "Zürich", "n": [1, 2], "x": 1e-07}' },
          },
        ],
      },
    ]);
  });
});
