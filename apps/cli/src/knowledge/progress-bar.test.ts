import { describe, expect, it } from "vitest";
import { progressBar } from "./progress-bar.js";

describe("progressBar", () => {
  it("redraws one line on a terminal and clears it at the end", () => {
    const written: string[] = [];
    const bar = progressBar({ isTTY: true, write: (t) => written.push(t) });
    bar.update(1, 4, "a.md");
    bar.update(4, 4, "b.pdf");
    bar.done();
    expect(written).toEqual([
      `\r\x1b[2Kknowledge [${"#".repeat(6)}${"-".repeat(18)}] 1/4 a.md`,
      `\r\x1b[2Kknowledge [${"#".repeat(24)}] 4/4 b.pdf`,
      "\r\x1b[2K",
    ]);
  });

  it("writes nothing on a pipe", () => {
    const written: string[] = [];
    const bar = progressBar({ isTTY: false, write: (t) => written.push(t) });
    bar.update(1, 1, "a.md");
    bar.done();
    expect(written).toEqual([]);
  });
});
