import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readGgufFileInfo } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { buildTinyBpeVocab } from "./tiny-bpe-vocab.js";
import { TINY_CHAT_TEMPLATE } from "./tiny-chat-template.js";
import { buildTinyLlamaGguf, writeTinyLlamaGguf } from "./tiny-llama-gguf.js";

describe("tiny llama GGUF", () => {
  it("is small, deterministic per seed, and readable by node-llama-cpp's GGUF parser", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tiny-gguf-"));
    try {
      const written = await writeTinyLlamaGguf(join(dir, "sub", "t.gguf"));
      expect(written.bytes.length).toBeLessThan(600_000);
      expect(Buffer.compare(await readFile(written.path), Buffer.from(written.bytes))).toBe(0);
      expect(Buffer.from(buildTinyLlamaGguf().bytes).equals(Buffer.from(written.bytes))).toBe(true);
      expect(
        Buffer.from(buildTinyLlamaGguf({ seed: 2 }).bytes).equals(Buffer.from(written.bytes)),
      ).toBe(false);
      const info = await readGgufFileInfo(written.path);
      const meta = info.metadata as unknown as Record<string, Record<string, unknown>>;
      expect(meta.general?.architecture).toBe("llama");
      expect(meta.llama?.embedding_length).toBe(64);
      expect(meta.llama?.block_count).toBe(2);
      const tokenizer = meta.tokenizer as {
        ggml: { tokens: string[]; model: string };
        chat_template: string;
      };
      expect(tokenizer.ggml.model).toBe("gpt2");
      expect(tokenizer.ggml.tokens).toHaveLength(written.vocabSize);
      expect(tokenizer.chat_template).toBe(TINY_CHAT_TEMPLATE);
      expect(info.tensorInfo?.length).toBe(2 + 2 * 9);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("has a deduplicated vocabulary whose merges only use its own tokens", () => {
    const vocab = buildTinyBpeVocab(["hello", "hello", "help"]);
    expect(new Set(vocab.tokens).size).toBe(vocab.tokens.length);
    expect(vocab.tokens.length).toBe(vocab.tokenTypes.length);
    for (const merge of vocab.merges) {
      const [a, b] = merge.split(" ") as [string, string];
      expect(vocab.ids.has(a)).toBe(true);
      expect(vocab.ids.has(b)).toBe(true);
      expect(vocab.ids.has(a + b)).toBe(true);
    }
    expect(vocab.ids.has("<|im_end|>")).toBe(true);
  });

  it("rejects shapes llama.cpp cannot use", () => {
    expect(() => buildTinyLlamaGguf({ embeddingLength: 30, headCount: 4 })).toThrow(/divide/);
  });
});
