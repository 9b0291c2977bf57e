import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { encodeGguf, type GgufTensor, type GgufValue } from "./gguf-writer.js";
import { buildTinyBpeVocab, DEFAULT_VOCAB_WORDS } from "./tiny-bpe-vocab.js";
import { TINY_CHAT_TEMPLATE } from "./tiny-chat-template.js";

/** Options of {@link buildTinyLlamaGguf}; the defaults give a ~0.5 MB file. */
export interface TinyLlamaGgufOptions {
  /** Seed of the random weights (same seed, same file). Default 1. */
  seed?: number;
  /** Hidden size (`llama.embedding_length`, also the embedding vector size). Default 64. */
  embeddingLength?: number;
  /** Transformer blocks. Default 2. */
  blockCount?: number;
  /** Attention heads; must divide `embeddingLength`. Default 4. */
  headCount?: number;
  /** Key/value heads (grouped-query attention); must divide `headCount`. Default 2. */
  headCountKv?: number;
  /** Feed-forward size. Default 128. */
  feedForwardLength?: number;
  /** The training context length written to the file. Default 8192. */
  contextLength?: number;
  /** `tokenizer.chat_template`; default {@link TINY_CHAT_TEMPLATE} (ChatML with Qwen tool calls). */
  chatTemplate?: string;
  /** Words the BPE vocabulary spells as single tokens. */
  words?: readonly string[];
  /** `general.name`. Default `"agentscope-tiny-llama"`. */
  name?: string;
}

/** A generated GGUF file and the facts tests check against. */
export interface TinyLlamaGguf {
  bytes: Uint8Array;
  /** Vector size of embeddings (= `embeddingLength`). */
  embeddingLength: number;
  vocabSize: number;
  contextLength: number;
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Builds a llama-architecture GGUF with random F32 weights, a byte-level BPE tokenizer (deduped
 * tokens, merges, ChatML special tokens) and a chat template. The model's output is gibberish, but
 * llama.cpp loads it, tokenizes, generates, follows grammars and computes embeddings for real.
 */
export function buildTinyLlamaGguf(options: TinyLlamaGgufOptions = {}): TinyLlamaGguf {
  const nEmbd = options.embeddingLength ?? 64;
  const nLayer = options.blockCount ?? 2;
  const nHead = options.headCount ?? 4;
  const nHeadKv = options.headCountKv ?? 2;
  const nFf = options.feedForwardLength ?? 128;
  const contextLength = options.contextLength ?? 8192;
  if (nEmbd % nHead !== 0 || nHead % nHeadKv !== 0) {
    throw new Error("tiny GGUF: headCount must divide embeddingLength and headCountKv headCount");
  }
  const headDim = nEmbd / nHead;
  const nKv = headDim * nHeadKv;
  const vocab = buildTinyBpeVocab(options.words ?? DEFAULT_VOCAB_WORDS);
  const nVocab = vocab.tokens.length;
  const next = random(options.seed ?? 1);
  const matrix = (name: string, cols: number, rows: number, scale: number): GgufTensor => {
    const data = new Float32Array(cols * rows);
    for (let i = 0; i < data.length; i++) data[i] = (next() * 2 - 1) * scale;
    return { name, shape: [cols, rows], data };
  };
  const ones = (name: string, n: number): GgufTensor => ({
    name,
    shape: [n],
    data: new Float32Array(n).fill(1),
  });
  const tensors: GgufTensor[] = [matrix("token_embd.weight", nEmbd, nVocab, 1)];
  tensors.push(ones("output_norm.weight", nEmbd));
  const scale = 1 / Math.sqrt(nEmbd);
  for (let i = 0; i < nLayer; i++) {
    const p = `blk.${i}`;
    tensors.push(
      ones(`${p}.attn_norm.weight`, nEmbd),
      matrix(`${p}.attn_q.weight`, nEmbd, nEmbd, scale),
      matrix(`${p}.attn_k.weight`, nEmbd, nKv, scale),
      matrix(`${p}.attn_v.weight`, nEmbd, nKv, scale),
      matrix(`${p}.attn_output.weight`, nEmbd, nEmbd, scale),
      ones(`${p}.ffn_norm.weight`, nEmbd),
      matrix(`${p}.ffn_gate.weight`, nEmbd, nFf, scale),
      matrix(`${p}.ffn_up.weight`, nEmbd, nFf, scale),
      matrix(`${p}.ffn_down.weight`, nFf, nEmbd, 1 / Math.sqrt(nFf)),
    );
  }
  const id = (token: string): number => {
    const found = vocab.ids.get(token);
    if (found === undefined) throw new Error(`tiny GGUF: no token ${token}`);
    return found;
  };
  const u32 = (value: number): GgufValue => ({ type: "u32", value });
  const metadata: Array<readonly [string, GgufValue]> = [
    ["general.architecture", { type: "string", value: "llama" }],
    ["general.name", { type: "string", value: options.name ?? "agentscope-tiny-llama" }],
    ["general.file_type", u32(0)],
    ["llama.context_length", u32(contextLength)],
    ["llama.embedding_length", u32(nEmbd)],
    ["llama.block_count", u32(nLayer)],
    ["llama.feed_forward_length", u32(nFf)],
    ["llama.attention.head_count", u32(nHead)],
    ["llama.attention.head_count_kv", u32(nHeadKv)],
    ["llama.rope.dimension_count", u32(headDim)],
    ["llama.rope.freq_base", { type: "f32", value: 10000 }],
    ["llama.attention.layer_norm_rms_epsilon", { type: "f32", value: 1e-5 }],
    ["llama.vocab_size", u32(nVocab)],
    ["tokenizer.ggml.model", { type: "string", value: "gpt2" }],
    ["tokenizer.ggml.pre", { type: "string", value: "default" }],
    ["tokenizer.ggml.tokens", { type: "array", itemType: "string", values: vocab.tokens }],
    ["tokenizer.ggml.token_type", { type: "array", itemType: "i32", values: vocab.tokenTypes }],
    ["tokenizer.ggml.merges", { type: "array", itemType: "string", values: vocab.merges }],
    ["tokenizer.ggml.bos_token_id", u32(id("<|endoftext|>"))],
    ["tokenizer.ggml.eos_token_id", u32(id("<|im_end|>"))],
    ["tokenizer.ggml.padding_token_id", u32(id("<|endoftext|>"))],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: false }],
    [
      "tokenizer.chat_template",
      { type: "string", value: options.chatTemplate ?? TINY_CHAT_TEMPLATE },
    ],
  ];
  return {
    bytes: encodeGguf(metadata, tensors),
    embeddingLength: nEmbd,
    vocabSize: nVocab,
    contextLength,
  };
}

/**
 * Writes {@link buildTinyLlamaGguf}'s file to `filePath` (creating folders) and returns its facts
 * plus the path. Use it in tests that need a real GGUF without downloading one:
 *
 * ```ts
 * const gguf = await writeTinyLlamaGguf(join(tmpdir(), "tiny.gguf"));
 * const model = new LlamaCppChatModel({ modelPath: gguf.path, contextSize: 4096 });
 * ```
 */
export async function writeTinyLlamaGguf(
  filePath: string,
  options: TinyLlamaGgufOptions = {},
): Promise<TinyLlamaGguf & { path: string }> {
  const built = buildTinyLlamaGguf(options);
  await mkdir(dirname(filePath), { recursive: true });
  await writeFile(filePath, built.bytes);
  return { ...built, path: filePath };
}
