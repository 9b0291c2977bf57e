import { afterEach, describe, expect, it, vi } from "vitest";
import { warnSkippedBlock } from "./warn-skipped-block.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("warnSkippedBlock", () => {
  it("warns once per formatter and block type", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    warnSkippedBlock("TestFormatter", "video");
    warnSkippedBlock("TestFormatter", "video");
    warnSkippedBlock("TestFormatter", "audio");
    warnSkippedBlock("OtherFormatter", "video");
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "TestFormatter: unsupported block type video in the message, skipped.",
      "TestFormatter: unsupported block type audio in the message, skipped.",
      "OtherFormatter: unsupported block type video in the message, skipped.",
    ]);
  });
});
