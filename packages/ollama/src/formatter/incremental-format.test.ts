import { expectIncrementalFormatMatchesFull } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";

describe("OllamaChatFormatter with a history (formats only what was appended)", () => {
  it("equals a full format at every step of random histories", async () => {
    const check = await expectIncrementalFormatMatchesFull(() => new OllamaChatFormatter(), {
      thinking: true,
    });
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });

  it("equals a full format with the non-default options", async () => {
    const check = await expectIncrementalFormatMatchesFull(
      () => new OllamaChatFormatter({ promoteToolResultImages: true }),
      {
        seeds: [6, 7],
        thinking: true,
      },
    );
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });
});
