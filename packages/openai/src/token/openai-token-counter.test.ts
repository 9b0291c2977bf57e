import { readFileSync } from "node:fs";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { highQualityImageTokens } from "./image-tokens.js";
import { OpenAITokenCounter } from "./openai-token-counter.js";
import { encodingNameForModel } from "./tiktoken-encoding.js";

interface Case {
  messages: Record<string, unknown>[];
  tools: unknown[];
  expected: Record<string, { messages: number; messages_and_tools: number }>;
  web_image_url: string;
}

const testCase = JSON.parse(
  readFileSync(
    new URL("../__fixtures__/token/openai-token-counter-case.json", import.meta.url),
    "utf8",
  ),
) as Case;

/** A PNG header (signature + IHDR) declaring `width`×`height`: all the counter reads. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe("OpenAITokenCounter", () => {
  it("counts AgentScope's test messages (text, a base64 and a web image, tool calls) and tools to its numbers", async () => {
    // The reference test downloads a photo whose size gives 6 tiles at 768 px; serve one that does.
    await using server = await createTestServer({
      "/dog_and_girl.jpeg": {
        response: { type: "binary", body: pngHeader(1280, 853), contentType: "image/png" },
      },
    });
    const messages = JSON.parse(
      JSON.stringify(testCase.messages).replace(
        testCase.web_image_url,
        `${server.url}/dog_and_girl.jpeg`,
      ),
    ) as Record<string, unknown>[];
    for (const [modelName, expected] of Object.entries(testCase.expected)) {
      const counter = new OpenAITokenCounter({ modelName });
      expect(await counter.count(messages), modelName).toBe(expected.messages);
      expect(await counter.count(messages, testCase.tools), modelName).toBe(
        expected.messages_and_tools,
      );
    }
    expect(server.calls.length).toBeGreaterThan(0);
  });

  it("picks tiktoken's encoding by model name and prefix, o200k_base otherwise", () => {
    expect(encodingNameForModel("gpt-4o-mini")).toBe("o200k_base");
    expect(encodingNameForModel("gpt-4-0613")).toBe("cl100k_base");
    expect(encodingNameForModel("gpt-3.5-turbo")).toBe("cl100k_base");
    expect(encodingNameForModel("some-local-model")).toBe("o200k_base");
  });

  it("prices images by detail and by patches for the 4.1-mini/nano family", async () => {
    expect(highQualityImageTokens(85, 170, 550, 550)).toBe(85 + 4 * 170);
    expect(highQualityImageTokens(85, 170, 4096, 1024)).toBe(85 + 12 * 170); // 2048x512, then 3072x768: 6x2 tiles
    const png = btoa(String.fromCharCode(...pngHeader(64, 64)));
    const message = (detail?: string) => ({
      role: "user",
      content: [
        {
          type: "image_url",
          image_url: { url: `data:image/png;base64,${png}`, ...(detail ? { detail } : {}) },
        },
      ],
    });
    const low = await new OpenAITokenCounter({ modelName: "gpt-4o" }).count([message("low")]);
    expect(low).toBe(3 + 3 + 1 + 85); // priming + message + "user" + base tokens
    const nano = await new OpenAITokenCounter({ modelName: "gpt-4.1-nano" }).count([message()]);
    expect(nano).toBe(3 + 3 + 1 + Math.ceil(4 * 2.46));
    await expect(
      new OpenAITokenCounter({ modelName: "gpt-4o" }).count([message("ultra")]),
    ).rejects.toThrow(/Unsupported image detail/);
  });

  it("rejects content it cannot count, naming the type", async () => {
    const counter = new OpenAITokenCounter({ modelName: "gpt-4o" });
    await expect(
      counter.count([{ role: "user", content: [{ type: "input_audio", input_audio: {} }] }]),
    ).rejects.toThrow(/only supports 'text' and 'image_url', but got input_audio/);
  });
});
