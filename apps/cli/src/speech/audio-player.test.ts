import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli-process.js";
import { findPlayer, playerArgs } from "./audio-player.js";

describe("findPlayer", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("takes the first of aplay, ffplay, afplay that is executable on PATH", async () => {
    const a = join(home.path, "a");
    const b = join(home.path, "b");
    await mkdir(a, { recursive: true });
    await mkdir(b, { recursive: true });
    await writeFile(join(a, "ffplay"), "#!/bin/sh\n");
    await chmod(join(a, "ffplay"), 0o755);
    await writeFile(join(b, "aplay"), "#!/bin/sh\n");
    // not executable: skipped
    await writeFile(join(a, "aplay"), "");
    // aplay is not executable anywhere yet: ffplay is the first player found
    expect(findPlayer({ PATH: `${a}:${b}` })).toEqual({ name: "ffplay", path: join(a, "ffplay") });
    expect(findPlayer({ PATH: b })).toBeUndefined();
    await chmod(join(b, "aplay"), 0o755);
    expect(findPlayer({ PATH: `${a}:${b}` })).toEqual({ name: "aplay", path: join(b, "aplay") });
    expect(findPlayer({ PATH: "" })).toBeUndefined();
  });

  it("plays raw PCM16 from stdin (aplay, ffplay) or a WAV file (afplay)", () => {
    const format = { sampleRate: 16_000, channels: 1 };
    expect(playerArgs({ name: "ffplay", path: "/x" }, format)).toContain("s16le");
    expect(playerArgs({ name: "ffplay", path: "/x" }, format)).toContain("16000");
    expect(playerArgs({ name: "afplay", path: "/x" }, format, "/tmp/r.wav")).toEqual([
      "/tmp/r.wav",
    ]);
  });
});
