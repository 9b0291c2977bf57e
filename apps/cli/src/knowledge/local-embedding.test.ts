import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeTinyLlamaGguf } from "@agentscope-ts/llama-cpp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import type { RunResult } from "../commands/run.js";

describe("--knowledge with the local model (subprocess, real llama.cpp)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("embeds with a local GGUF when the provider has no embeddings, then reuses the store", async () => {
    const { path } = await writeTinyLlamaGguf(join(home.path, "tiny.gguf"));
    const docs = join(home.path, "docs");
    await mkdir(docs, { recursive: true });
    await writeFile(join(docs, "notes.md"), "The vault code is 4417. Lunch is at noon.");
    const args = [
      "run",
      "--json",
      "--model",
      `llama-cpp:${path}`,
      "--context-size",
      "4096",
      "--max-tokens",
      "8",
      "--threads",
      "1",
      "--no-tools",
      "--knowledge",
      docs,
      "What is the vault code?",
    ];
    // The tiny model stands in for the embedding model too (its hidden states are the vectors).
    const env = { AGENTSCOPE_EMBEDDING_MODEL_URL: path };
    const first = await runCli(args, { home: home.path, env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      "knowledge: 1 file(s), 1 embedded (2 chunks), 0 unchanged, with llama-cpp:tiny",
    );
    expect((JSON.parse(first.stdout) as RunResult).interrupted).toBe(false);

    const second = await runCli(args, { home: home.path, env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain("knowledge: 1 file(s), 0 embedded (0 chunks), 1 unchanged");
  });
});
