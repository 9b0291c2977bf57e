import { type LocalFileReader, Msg, ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { AnthropicChatFormatter } from "./anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "./anthropic-multi-agent-formatter.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
const files: Record<string, Uint8Array> = {
  "/img/photo.png": PNG,
  "/img/no-extension": PNG,
  "/img/notes.txt": new TextEncoder().encode("hello"),
};
const readLocalFile: LocalFileReader = async (path) => files[path];

describe("AnthropicChatFormatter", () => {
  it("sends thinking back with its signature, and redacted thinking as redacted_thinking", async () => {
    const msgs = [
      new Msg("user", "Hi", "user"),
      new Msg(
        "Friday",
        [
          { type: "thinking", thinking: "Let me see.", signature: "sig==" },
          { type: "thinking", thinking: "", redacted_data: "EmwK==" } as never,
          { type: "text", text: "Hello." },
        ],
        "assistant",
      ),
    ];
    expect(await new AnthropicChatFormatter().format(msgs)).toEqual([
      { role: "user", content: [{ type: "text", text: "Hi" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Let me see.", signature: "sig==" },
          { type: "redacted_thinking", data: "EmwK==" },
          { type: "text", text: "Hello." },
        ],
      },
    ]);
  });

  it("inlines local images (by extension or by their bytes), keeps web URLs, names a bad one", async () => {
    const formatter = new AnthropicChatFormatter({ readLocalFile });
    const out = await formatter.format([
      new Msg(
        "user",
        [
          { type: "image", source: { type: "url", url: "file:///img/photo.png" } },
          { type: "image", source: { type: "url", url: "/img/no-extension" } },
          { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
        ],
        "user",
      ),
    ]);
    const data = btoa(String.fromCharCode(...PNG));
    expect(out[0]!.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data } },
      { type: "image", source: { type: "base64", media_type: "image/png", data } },
      { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
    ]);
    for (const url of ["/img/notes.txt", "./missing.png"]) {
      const error = await formatter
        .format([new Msg("user", [{ type: "image", source: { type: "url", url } }], "user")])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain(url);
    }
  });

  it("sends a later system message as the user's and empty tool output as empty text", async () => {
    const out = await new AnthropicChatFormatter().format([
      new Msg("system", "Rules.", "system"),
      new Msg("system", "A reminder.", "system"),
      new Msg("Friday", [{ type: "tool_use", id: "t1", name: "noop", input: {} }], "assistant"),
      new Msg("system", [{ type: "tool_result", id: "t1", name: "noop", output: [] }], "system"),
    ]);
    expect(out.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(out[3]!.content).toEqual([{ type: "tool_result", tool_use_id: "t1", content: [] }]);
  });

  it("puts a multi-agent run's images between its history text blocks", async () => {
    const out = await new AnthropicMultiAgentFormatter({
      readLocalFile,
      conversationHistoryPrompt: "# H\n",
    }).format([
      new Msg("Alice", [{ type: "image", source: { type: "url", url: "/img/photo.png" } }], "user"),
      new Msg("Bob", "Nice.", "assistant"),
    ]);
    expect(out).toHaveLength(1);
    const content = out[0]!.content;
    if (!Array.isArray(content)) throw new Error("expected a content list");
    expect(content.map((b) => b.type)).toEqual(["text", "image", "text"]);
    expect(content[0]).toEqual({ type: "text", text: "# H\n<history>\n" });
    expect(content[2]).toEqual({ text: "Bob: Nice.\n</history>", type: "text" });
  });
});
