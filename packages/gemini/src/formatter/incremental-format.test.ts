import { expectIncrementalFormatMatchesFull } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";

describe("GeminiChatFormatter with a history (formats only what was appended)", () => {
  it("equals a full format at every step of random histories", async () => {
    const check = await expectIncrementalFormatMatchesFull(() => new GeminiChatFormatter(), {
      thinking: false,
    });
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });

  it("equals a full format with the non-default options", async () => {
    // Gemini reads a promoted image from where the saver put it (it takes no data: URL).
    const options = {
      promoteToolResultImages: true,
      saveBase64Data: () => "/tmp/tool-chart.png",
      readLocalFile: async () => new Uint8Array([137, 80, 78, 71]),
    };
    const check = await expectIncrementalFormatMatchesFull(() => new GeminiChatFormatter(options), {
      seeds: [6, 7],
      thinking: false,
    });
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });
});
