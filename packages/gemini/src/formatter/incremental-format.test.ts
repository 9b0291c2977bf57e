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
    // The default saver: promoted images arrive as data: URLs, sent as inline_data.
    const check = await expectIncrementalFormatMatchesFull(
      () => new GeminiChatFormatter({ promoteToolResultImages: true }),
      { seeds: [6, 7], thinking: false },
    );
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });
});
