import { type ImageBlock, Msg, ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { formatOllamaImageBlock, type OllamaMediaIO } from "./ollama-media.js";

const image = (url: string): ImageBlock => ({ type: "image", source: { type: "url", url } });

function io(files: Record<string, string> = {}, fetched: string[] = []): OllamaMediaIO {
  return {
    readLocalFile: async (path) =>
      path in files ? new TextEncoder().encode(files[path]) : undefined,
    fetch: async (input) => {
      fetched.push(String(input));
      return String(input).endsWith("missing.png")
        ? new Response("no", { status: 404 })
        : new Response(new Uint8Array([104, 105]));
    },
  };
}

describe("formatOllamaImageBlock", () => {
  it("sends base64 sources as they are and decodes data: URLs in place", async () => {
    const base64: ImageBlock = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "iVBORw0K" },
    };
    expect(await formatOllamaImageBlock(base64, io())).toBe("iVBORw0K");
    expect(await formatOllamaImageBlock(image("data:image/png;base64,aGk="), io())).toBe("aGk=");
    expect(await formatOllamaImageBlock(image("data:image/gif,h%69"), io())).toBe("aGk=");
  });

  it("reads local paths (plain and file://) and downloads web URLs, as base64", async () => {
    const fetched: string[] = [];
    const media = io({ "/tmp/a.png": "hi" }, fetched);
    expect(await formatOllamaImageBlock(image("/tmp/a.png"), media)).toBe("aGk=");
    expect(await formatOllamaImageBlock(image("file:///tmp/a.png"), media)).toBe("aGk=");
    expect(await formatOllamaImageBlock(image("https://example.com/a.png"), media)).toBe("aGk=");
    expect(fetched).toEqual(["https://example.com/a.png"]);
  });

  it("fails with a ValidationError naming the URL it cannot read", async () => {
    const missing = await formatOllamaImageBlock(image("./nope.png"), io()).catch((e) => e);
    expect(missing).toBeInstanceOf(ValidationError);
    expect(String(missing.message)).toContain("./nope.png");
    const http = await formatOllamaImageBlock(image("https://x.test/missing.png"), io()).catch(
      (e) => e,
    );
    expect(String(http.message)).toMatch(/HTTP 404/);
  });

  it("is what the chat formatter puts in a message's images", async () => {
    const formatter = new OllamaChatFormatter({ ...io({ "cat.png": "hi" }) });
    const out = await formatter.format([
      new Msg("user", [{ type: "text", text: "what is this?" }, image("cat.png")], "user"),
    ]);
    expect(out).toEqual([{ role: "user", content: "what is this?", images: ["aGk="] }]);
  });
});
