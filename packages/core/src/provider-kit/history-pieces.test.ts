import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { historyPieces } from "./history-pieces.js";

const image = { type: "image" as const, source: { type: "url" as const, url: "https://x/a.png" } };
const media = async (block: { type: string }) => (block.type === "image" ? "IMG" : undefined);

describe("historyPieces", () => {
  it("wraps a text-only run in one piece, with the prompt", async () => {
    const msgs = [new Msg("alice", "hi", "user"), new Msg("bob", "hello", "assistant")];
    expect(await historyPieces(msgs, "P\n")).toEqual([
      { text: "P\n<history>\nalice: hi\nbob: hello\n</history>" },
    ]);
  });

  it("puts media in place between text lines, adding text pieces around media at the edges", async () => {
    const msgs = [
      new Msg("alice", [image, { type: "text", text: "look" }, image], "user"),
      new Msg("bob", [{ type: "audio", source: { type: "url", url: "https://x/a.wav" } }], "user"),
    ];
    expect(await historyPieces(msgs, "", media)).toEqual([
      { text: "<history>\n" },
      { media: "IMG" },
      { text: "alice: look" },
      { media: "IMG" },
      { text: "</history>" },
    ]);
    expect((await historyPieces(msgs, "", media, { openSeparator: "" }))[0]).toEqual({
      text: "<history>",
    });
  });

  it("is empty for a run without text or taken media", async () => {
    expect(await historyPieces([new Msg("a", [image], "user")], "P")).toEqual([]);
  });
});
