import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { LineSource } from "./line-source.js";

describe("LineSource", () => {
  it("queues lines that arrive early, waits for later ones, and ends with null", async () => {
    const input = new PassThrough();
    const lines = new LineSource(input);
    input.write("first\nsecond\n");
    expect(await lines.next()).toBe("first");
    expect(await lines.next()).toBe("second");
    const third = lines.next();
    input.write("third\n");
    expect(await third).toBe("third");
    const pending = lines.next();
    input.end();
    expect(await pending).toBeNull();
    expect(await lines.next()).toBeNull();
    expect(lines.done).toBe(true);
  });

  it("an aborted wait resolves null and does not swallow the next line", async () => {
    const input = new PassThrough();
    const lines = new LineSource(input);
    const controller = new AbortController();
    const waiting = lines.next(controller.signal);
    controller.abort();
    expect(await waiting).toBeNull();
    input.write("kept\n");
    expect(await lines.next()).toBe("kept");
    lines.close();
  });
});
