import { describe, expect, it } from "vitest";
import { CappedOutput } from "./capped-output.js";

describe("CappedOutput", () => {
  it("keeps everything under the limit", () => {
    const out = new CappedOutput(10);
    out.push(Buffer.from("abc"));
    out.push(Buffer.from("def"));
    expect(out.text()).toBe("abcdef");
    expect(out.droppedBytes).toBe(0);
  });

  it("keeps head and tail and counts what it dropped, over many small chunks", () => {
    const out = new CappedOutput(10);
    const all = "0123456789abcdefghijklmnopqrstuvwxyz";
    for (const ch of all) out.push(Buffer.from(ch));
    expect(out.text()).toBe(`01234\n[... ${all.length - 10} bytes of output truncated ...]\nvwxyz`);
  });

  it("handles one chunk larger than the limit", () => {
    const out = new CappedOutput(4);
    out.push(Buffer.from("abcdefgh"));
    out.push(Buffer.from("ij"));
    expect(out.text()).toBe("ab\n[... 6 bytes of output truncated ...]\nij");
  });
});
