import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CharTokenCounter, Msg, ValidationError } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { DashScopeChatFormatter } from "./dashscope-chat-formatter.js";
import { formatDashScopeMediaBlock } from "./dashscope-media.js";
import type { DashScopeContentPart } from "./dashscope-message.js";
import { DashScopeMultiAgentFormatter } from "./dashscope-multi-agent-formatter.js";
import { joinAllTextContent } from "./join-text-content.js";
import { defaultLocalFileReader } from "./local-file-reader.js";

const dir = mkdtempSync(join(tmpdir(), "dashscope-media-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = defaultLocalFileReader;

describe("formatDashScopeMediaBlock", () => {
  it("inlines local files (path or file://) with the extension's media type", async () => {
    writeFileSync(join(dir, "clip.mp3"), "abc");
    writeFileSync(join(dir, "movie.mp4"), "xyz");
    expect(
      await formatDashScopeMediaBlock(
        { type: "audio", source: { type: "url", url: join(dir, "clip.mp3") } },
        read,
      ),
    ).toEqual({ audio: "data:audio/mpeg;base64,YWJj" });
    expect(
      await formatDashScopeMediaBlock(
        { type: "video", source: { type: "url", url: `file://${join(dir, "movie.mp4")}` } },
        read,
      ),
    ).toEqual({ video: "data:video/mp4;base64,eHl6" });
  });

  it("sends data: URLs with a base64 payload, naming source.url when one has no media type", async () => {
    const none = async () => undefined;
    const formatted = await Promise.all(
      (["image", "audio", "video"] as const).map((type) =>
        formatDashScopeMediaBlock(
          { type, source: { type: "url", url: `data:${type}/x-test,RIFF%00%ff` } },
          none,
        ),
      ),
    );
    expect(formatted).toEqual([
      { image: "data:image/x-test;base64,UklGRgD/" },
      { audio: "data:audio/x-test;base64,UklGRgD/" },
      { video: "data:video/x-test;base64,UklGRgD/" },
    ]);
    expect(
      await formatDashScopeMediaBlock(
        { type: "image", source: { type: "url", url: "data:image/png;base64,iVBO" } },
        none,
      ),
    ).toEqual({ image: "data:image/png;base64,iVBO" });
    await expect(
      formatDashScopeMediaBlock({ type: "image", source: { type: "url", url: "data:,x" } }, none),
    ).rejects.toMatchObject({ issues: [{ path: "source.url" }] });
  });

  it("passes web URLs and missing paths on, turns base64 into data URLs", async () => {
    const reads: string[] = [];
    const spy = async (path: string) => {
      reads.push(path);
      return undefined;
    };
    expect(
      await formatDashScopeMediaBlock(
        { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
        spy,
      ),
    ).toEqual({ image: "https://example.com/a.png" });
    expect(
      await formatDashScopeMediaBlock(
        { type: "image", source: { type: "url", url: "./nowhere.png" } },
        spy,
      ),
    ).toEqual({ image: "./nowhere.png" });
    expect(reads).toEqual(["./nowhere.png"]);
    expect(
      await formatDashScopeMediaBlock(
        { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "AAAA" } },
        spy,
      ),
    ).toEqual({ image: "data:image/jpeg;base64,AAAA" });
  });

  it("fails with a typed error for a local file of unknown type and for unknown sources", async () => {
    writeFileSync(join(dir, "notes.xyz"), "?");
    await expect(
      formatDashScopeMediaBlock(
        { type: "image", source: { type: "url", url: join(dir, "notes.xyz") } },
        read,
      ),
    ).rejects.toThrow(/cannot determine the media type/);
    await expect(
      formatDashScopeMediaBlock({ type: "image", source: { type: "file" } }, read),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("joinAllTextContent", () => {
  it("joins all-text content, skipping empty texts, and leaves the rest", () => {
    // A part with a `type` (as Python's `_reformat_messages` checks for): read defensively.
    const typedText: DashScopeContentPart = { text: "b" };
    Object.assign(typedText, { type: "text" });
    const messages = joinAllTextContent([
      { role: "user", content: [{ text: "a" }, { text: "" }, typedText] },
      { role: "user", content: [{ text: "a" }, { image: "x" }] },
      { role: "assistant", content: [] },
      { role: "tool", content: "plain", tool_call_id: "1", name: "t" },
    ]);
    expect(messages.map((m) => m.content)).toEqual([
      "a\nb",
      [{ text: "a" }, { image: "x" }],
      [],
      "plain",
    ]);
  });
});

describe("the DashScope formatters", () => {
  it("open the history with a prompt block when the first agent block is media", async () => {
    const formatter = new DashScopeMultiAgentFormatter({ readLocalFile: async () => undefined });
    const output = await formatter.format([
      new Msg(
        "Alice",
        [{ type: "image", source: { type: "url", url: "https://x/a.png" } }],
        "user",
      ),
    ]);
    expect(output).toEqual([
      {
        role: "user",
        content: [
          {
            text: "# Conversation History\nThe content between <history></history> tags contains your conversation history\n<history>\n",
          },
          { image: "https://x/a.png" },
          { text: "</history>" },
        ],
      },
    ]);
  });

  it("drop the oldest messages to fit maxTokens, keeping the system message", async () => {
    const formatter = new DashScopeChatFormatter({
      tokenCounter: new CharTokenCounter(),
      maxTokens: 200,
    });
    const msgs = [
      new Msg("system", "Be brief.", "system"),
      ...Array.from({ length: 6 }, (_, i) => new Msg("user", `question number ${i}`, "user")),
    ];
    const output = await formatter.format(msgs);
    expect(output[0]).toEqual({ role: "system", content: "Be brief." });
    expect(output.length).toBeLessThan(msgs.length);
    expect(output.at(-1)).toEqual({ role: "user", content: "question number 5" });
  });
});
