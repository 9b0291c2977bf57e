import { expectIncrementalFormatMatchesFull } from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { OpenAIChatFormatter } from "./openai-chat-formatter.js";

describe("OpenAIChatFormatter with a history (formats only what was appended)", () => {
  it("equals a full format at every step of random histories", async () => {
    const check = await expectIncrementalFormatMatchesFull(() => new OpenAIChatFormatter(), {
      thinking: false,
    });
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });

  it("equals a full format with the non-default options", async () => {
    const check = await expectIncrementalFormatMatchesFull(
      () => new OpenAIChatFormatter({ promoteToolResultImages: true }),
      {
        seeds: [6, 7],
        thinking: false,
      },
    );
    expect(check.reused).toBeGreaterThan(check.formats / 2);
  });
});
