import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { ContentBlock, ImageBlock, ToolUseBlock } from "./content-block.js";
import { Msg } from "./msg.js";

const pythonMsgs: unknown[] = JSON.parse(
  readFileSync(new URL("./__fixtures__/python-msgs.json", import.meta.url), "utf8"),
);

const everyBlock: ContentBlock[] = [
  { type: "text", text: "hello" },
  { type: "thinking", thinking: "hmm" },
  {
    type: "tool_use",
    id: "t1",
    name: "search",
    input: { q: "x", n: 3 },
    raw_input: '{"q":"x","n":3}',
  },
  { type: "tool_result", id: "t1", name: "search", output: "plain output" },
  {
    type: "tool_result",
    id: "t2",
    name: "render",
    output: [
      { type: "text", text: "done" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "audio", source: { type: "url", url: "https://x/a.mp3" } },
      { type: "video", source: { type: "url", url: "file:///tmp/v.mp4" } },
    ],
  },
  { type: "image", source: { type: "url", url: "https://x/i.png" } },
  { type: "audio", source: { type: "base64", media_type: "audio/mpeg", data: "SUQz" } },
  { type: "video", source: { type: "base64", media_type: "video/mp4", data: "AAAAIGZ0eXA=" } },
];

describe("Msg", () => {
  it("builds from an options object or positionally, with AgentScope defaults", () => {
    const a = new Msg({ name: "Alice", content: "hi", role: "user" });
    const b = new Msg("Alice", "hi", "user", { metadata: { k: 1 } });
    expect(a.id).toMatch(/^[2-9A-HJ-NP-Za-km-z]{22}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.metadata).toEqual({});
    expect(b.metadata).toEqual({ k: 1 });
    expect(a.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(a.invocationId).toBeNull();
  });

  it("rejects a bad role or content with the field named", () => {
    expect(() => new Msg("a", "x", "bot" as "user")).toThrow(
      /role: expected "user", "assistant" or "system", received "bot"/,
    );
    expect(() => new Msg("a", 5 as unknown as string, "user")).toThrow(ValidationError);
  });

  it("round-trips every block type through toDict/fromDict and JSON unchanged", () => {
    const msg = new Msg({
      name: "Friday",
      role: "assistant",
      content: everyBlock,
      metadata: { answer: { ok: true } },
      invocationId: "inv-1",
    });
    const dict = msg.toDict();
    expect(Object.keys(dict)).toEqual(["id", "name", "role", "content", "metadata", "timestamp"]);
    const viaJson = Msg.fromDict(JSON.parse(JSON.stringify(msg)));
    expect(viaJson.toDict()).toEqual(dict);
    expect(JSON.stringify(viaJson)).toBe(JSON.stringify(msg));
  });

  it("loads messages written by AgentScope Python and writes them back byte for byte", () => {
    for (const raw of pythonMsgs) {
      const msg = Msg.fromDict(raw);
      expect(msg.toDict()).toEqual(raw);
      expect(JSON.stringify(msg.toDict())).toBe(JSON.stringify(raw));
    }
  });

  it("reads invocation_id and tolerates the optional keys Python may omit or null", () => {
    const msg = Msg.fromDict({
      name: "a",
      role: "user",
      content: "x",
      metadata: null,
      timestamp: null,
      invocation_id: "abc",
    });
    expect(msg.metadata).toEqual({});
    expect(msg.invocationId).toBe("abc");
    expect(msg.id).toHaveLength(22);
    expect(msg.timestamp).toMatch(/^\d{4}-/);
  });

  it("keeps keys a provider added to a block (e.g. a thinking signature)", () => {
    const raw = {
      id: "x",
      name: "a",
      role: "assistant",
      content: [{ type: "thinking", thinking: "t", signature: "sig==" }],
      metadata: {},
      timestamp: "2025-01-01 00:00:00.000",
    };
    expect(Msg.fromDict(raw).toDict()).toEqual(raw);
  });

  it("types a thinking block's signature and rejects a non-string one", () => {
    const msg = new Msg(
      "a",
      [{ type: "thinking", thinking: "t", signature: "sig==" }],
      "assistant",
    );
    expect(msg.getContentBlocks("thinking")[0]?.signature).toBe("sig==");
    expect(() =>
      Msg.fromDict({
        name: "a",
        role: "assistant",
        content: [{ type: "thinking", thinking: "t", signature: 1 }],
      }),
    ).toThrow(/content\[0\]\.signature/);
  });

  describe("fromDict validation names the bad field by path", () => {
    const base = { name: "a", role: "user" };
    const cases: [string, unknown, string][] = [
      [
        "missing media_type",
        {
          ...base,
          content: [
            { type: "text", text: "x" },
            { type: "text", text: "y" },
            { type: "image", source: { type: "base64", data: "AA" } },
          ],
        },
        "content[2].source.media_type: required (expected string)",
      ],
      [
        "unknown block type",
        { ...base, content: [{ type: "file", path: "x" }] },
        'content[0].type: unknown type "file"',
      ],
      [
        "unknown source type",
        { ...base, content: [{ type: "image", source: { type: "path" } }] },
        'content[0].source.type: unknown type "path"',
      ],
      [
        "tool_use id not a string",
        { ...base, content: [{ type: "tool_use", id: 7, name: "f", input: {} }] },
        "content[0].id: expected string, received number",
      ],
      [
        "tool_use input not an object",
        { ...base, content: [{ type: "tool_use", id: "7", name: "f", input: "{}" }] },
        "content[0].input: expected record, received string",
      ],
      [
        "bad tool_result output block",
        {
          ...base,
          content: [
            {
              type: "tool_result",
              id: "1",
              name: "f",
              output: [{ type: "thinking", thinking: "x" }],
            },
          ],
        },
        'content[0].output[0].type: unknown type "thinking"',
      ],
      [
        "content of wrong kind",
        { ...base, content: 5 },
        "content: expected string or array, received number",
      ],
      ["missing name", { role: "user", content: "x" }, "name: required (expected string)"],
      [
        "bad role",
        { name: "a", role: "tool", content: "x" },
        'role: expected one of "user", "assistant", "system", received "tool"',
      ],
      ["not an object", "hello", "expected object, received string"],
    ];
    for (const [label, input, expected] of cases) {
      it(label, () => {
        let error: unknown;
        try {
          Msg.fromDict(input);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).message).toContain(expected);
        expect((error as ValidationError).message).toMatch(/^Invalid message dict:/);
      });
    }

    it("lists every bad field, not only the first", () => {
      try {
        Msg.fromDict({ name: 1, role: "user", content: [{ type: "text" }, { type: "image" }] });
        expect.unreachable();
      } catch (e) {
        const issues = (e as ValidationError).issues.map((i) => i.path);
        expect(issues).toEqual(["name", "content[0].text", "content[1].source"]);
      }
    });
  });

  describe("getTextContent", () => {
    it("returns string content as is, even when empty", () => {
      expect(new Msg("a", "hello", "user").getTextContent()).toBe("hello");
      expect(new Msg("a", "", "user").getTextContent()).toBe("");
    });
    it("joins text blocks with the separator and ignores other blocks", () => {
      const msg = new Msg("a", everyBlock.concat({ type: "text", text: "bye" }), "assistant");
      expect(msg.getTextContent()).toBe("hello\nbye");
      expect(msg.getTextContent(" | ")).toBe("hello | bye");
    });
    it("is null without text blocks, including empty block lists", () => {
      expect(
        new Msg("a", [{ type: "thinking", thinking: "x" }], "assistant").getTextContent(),
      ).toBeNull();
      expect(new Msg("a", [], "assistant").getTextContent()).toBeNull();
    });
  });

  describe("getContentBlocks / hasContentBlocks", () => {
    const msg = new Msg("a", everyBlock, "assistant");
    it("wraps string content into one text block", () => {
      const s = new Msg("a", "hi", "user");
      expect(s.getContentBlocks()).toEqual([{ type: "text", text: "hi" }]);
      expect(s.getContentBlocks("tool_use")).toEqual([]);
      expect(s.hasContentBlocks()).toBe(true);
      expect(s.hasContentBlocks("text")).toBe(true);
      expect(s.hasContentBlocks("image")).toBe(false);
    });
    it("filters by one type, typed by that type", () => {
      const uses = msg.getContentBlocks("tool_use");
      expectTypeOf(uses).toEqualTypeOf<ToolUseBlock[]>();
      expect(uses.map((u) => u.name)).toEqual(["search"]);
      expect(msg.getContentBlocks("tool_result")).toHaveLength(2);
    });
    it("filters by a list of types", () => {
      const media = msg.getContentBlocks(["image", "video"]);
      expect(media.map((b) => b.type)).toEqual(["image", "video"]);
      const images: ImageBlock[] = msg.getContentBlocks(["image"]);
      expect(images).toHaveLength(1);
    });
    it("returns a copy of the list, so callers cannot reorder the message", () => {
      const all = msg.getContentBlocks();
      all.pop();
      expect(msg.getContentBlocks()).toHaveLength(everyBlock.length);
    });
    it("answers hasContentBlocks for present, absent and empty content", () => {
      expect(msg.hasContentBlocks("thinking")).toBe(true);
      expect(msg.hasContentBlocks(["image", "audio"])).toBe(true);
      expect(new Msg("a", [{ type: "text", text: "x" }], "user").hasContentBlocks("audio")).toBe(
        false,
      );
      expect(new Msg("a", [], "user").hasContentBlocks()).toBe(false);
    });
  });
});
