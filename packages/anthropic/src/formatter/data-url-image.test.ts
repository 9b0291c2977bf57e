import { Msg, ValidationError } from "@agentscope-ts/core";
import {
  TOOL_RESULT_PNG_DATA_URL as DATA_URL,
  TOOL_RESULT_PNG as PNG,
} from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { AnthropicChatFormatter } from "./anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "./anthropic-multi-agent-formatter.js";

/** A user image given as a `data:` URL (Claude's `url` sources must be http(s)). */
function dataUrlImage(name: string, url = DATA_URL): Msg {
  return new Msg(name, [{ type: "image", source: { type: "url", url } }], "user");
}

describe("Anthropic formatters with a data: URL image", () => {
  it("chat: sends it as a base64 source", async () => {
    expect(await new AnthropicChatFormatter().format([dataUrlImage("user")])).toEqual([
      {
        role: "user",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
        ],
      },
    ]);
  });

  it("multi-agent: sends it as a base64 source between the history texts", async () => {
    const formatter = new AnthropicMultiAgentFormatter({ conversationHistoryPrompt: "# H\n" });
    const out = await formatter.format([
      dataUrlImage("Alice"),
      new Msg("Bob", "Nice.", "assistant"),
    ]);
    expect(out).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "# H\n<history>\n" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
          { type: "text", text: "Bob: Nice.\n</history>" },
        ],
      },
    ]);
  });

  it("chat: converts a percent-encoded payload to base64", async () => {
    const out = await new AnthropicChatFormatter().format([
      dataUrlImage("user", "data:image/gif,GIF89a%01%00"),
    ]);
    expect(out[0]?.content).toEqual([
      {
        type: "image",
        source: { type: "base64", media_type: "image/gif", data: btoa("GIF89a\x01\x00") },
      },
    ]);
  });

  it("names source.url and the fix for a missing or unsupported media type", async () => {
    const formatter = new AnthropicChatFormatter();
    for (const [url, message] of [
      ["data:;base64,AAAA", /data:<type>\/<subtype>;base64/],
      ["data:image/bmp;base64,Qk0=", /image\/bmp[\s\S]*image\/png, image\/jpeg, image\/gif/],
    ] as const) {
      const error = await formatter.format([dataUrlImage("user", url)]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toBe("source.url");
      expect(String(error)).toMatch(message);
    }
  });
});
