import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "@agentscope-ts/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLogFile } from "./log-file.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-log-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lines(folder: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const f of (await readdir(folder)).sort()) {
    const text = await readFile(join(folder, f), "utf8");
    for (const line of text.split("\n").filter(Boolean)) out.push(JSON.parse(line));
  }
  return out;
}

describe("openLogFile", () => {
  it("writes one JSON line per record at or above its level, with the fields", async () => {
    const file = await openLogFile({ path: join(dir, "logs", "run.log"), level: "WARNING" });
    file.logger.info("dropped");
    file.logger.warn("kept", { run_id: "r1" });
    file.logger.error("also kept");
    await file.close();
    const records = await lines(join(dir, "logs"));
    expect(records.map((r) => [r.level, r.msg, r.run_id])).toEqual([
      [40, "kept", "r1"],
      [50, "also kept", undefined],
    ]);
    expect(typeof records[0]?.time).toBe("string");
  });

  it("rotates at maxFileBytes and keeps at most maxFiles old files, every line parseable", async () => {
    const file = await openLogFile({
      path: join(dir, "run.log"),
      maxFileBytes: 1024,
      maxFiles: 2,
    });
    for (let i = 0; i < 200; i++) {
      file.logger.info("line", { i, pad: "x".repeat(40) });
      if (i % 10 === 9) await file.flush();
    }
    await file.close();
    const names = await readdir(dir);
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(names.every((n) => /^run\.\d+\.log$/.test(n))).toBe(true);
    const records = await lines(dir);
    const seen = records.map((r) => r.i as number).sort((a, b) => a - b);
    // The newest records survive rotation; the oldest files were removed.
    expect(seen.at(-1)).toBe(199);
    expect(seen[0]).toBeGreaterThan(0);
  });

  it("names the field of a bad option", async () => {
    await expect(openLogFile({ path: "" })).rejects.toThrow(ValidationError);
    await expect(openLogFile({ path: join(dir, "a.log"), maxFiles: 0 })).rejects.toThrow(
      /maxFiles: expected a positive whole number/,
    );
  });
});
