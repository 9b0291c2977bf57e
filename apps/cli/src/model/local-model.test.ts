import { join } from "node:path";
import { writeTinyLlamaGguf } from "@agentscope-ts/llama-cpp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import type { RunResult } from "../commands/run.js";

describe("the embedded local model (subprocess, real llama.cpp)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("agentscope run answers with a generated tiny GGUF, end to end", async () => {
    const { path } = await writeTinyLlamaGguf(join(home.path, "tiny.gguf"));
    const result = await runCli(
      [
        "run",
        "--json",
        "--model",
        `llama-cpp:${path}`,
        "--context-size",
        "4096",
        "--max-tokens",
        "12",
        "--threads",
        "1",
        "Say hello.",
      ],
      { home: home.path },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as RunResult;
    expect(json.model).toBe("llama-cpp:tiny");
    expect(typeof json.reply).toBe("string");
    expect(json.interrupted).toBe(false);
    // Tokens were generated for real (the words are gibberish: the weights are random).
    expect(json.usage?.output_tokens).toBeGreaterThan(0);
    expect(json.usage?.input_tokens).toBeGreaterThan(0);
  });
});
