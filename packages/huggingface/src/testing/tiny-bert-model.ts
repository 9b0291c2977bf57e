/**
 * Writes a tiny BERT-style sentence-embedding model (seeded random weights, about 30 KB) that
 * transformers.js loads like a real one: `config.json`, a WordPiece `tokenizer.json` +
 * `tokenizer_config.json`, and `onnx/model.onnx` (word-embedding lookup, dense layer, tanh)
 * producing `last_hidden_state`. Its vectors are gibberish but structurally real, and texts that
 * share words share token vectors, so mean pooling puts them closer together.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
// onnx-proto is CommonJS whose named exports Node cannot detect: take its default export.
import onnxProto, { type onnx as Onnx } from "onnx-proto";

const { onnx } = onnxProto;

/** The words of the tiny vocabulary (after the special tokens). */
export const TINY_WORDS = [
  "the",
  "a",
  "cat",
  "dog",
  "sat",
  "on",
  "mat",
  "rug",
  "ran",
  "in",
  "park",
  "stock",
  "prices",
  "fell",
  "sharply",
  "today",
  "market",
  "bank",
  "rates",
  "rose",
  "quantum",
  "physics",
  "is",
  "hard",
  "music",
  "plays",
  "loud",
  "##s",
  "##ing",
  ".",
  ",",
  "!",
  "?",
];
const SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];

/** Deterministic pseudo-random numbers in [-1, 1) (mulberry32), so the model is the same each run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

function floatTensor(
  name: string,
  dims: number[],
  next: () => number,
  scale = 1,
): Onnx.ITensorProto {
  const size = dims.reduce((a, b) => a * b, 1);
  const values = new Float32Array(size);
  for (let i = 0; i < size; i++) values[i] = next() * scale;
  return {
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(values.buffer),
  };
}

/**
 * The word-embedding table: random rows, with the special tokens' rows shrunk (as training
 * would), so [CLS]/[SEP], which every text has, do not dominate the mean-pooled vector.
 */
function wordEmbeddings(vocabSize: number, hidden: number, next: () => number): Onnx.ITensorProto {
  const table = floatTensor("word_embeddings", [vocabSize, hidden], next);
  const values = new Float32Array((table.rawData as Uint8Array).buffer);
  for (let i = 0; i < SPECIALS.length * hidden; i++) values[i] = (values[i] ?? 0) * 0.1;
  return table;
}

function valueInfo(
  name: string,
  elemType: number,
  dims: (number | string)[],
): Onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })),
        },
      },
    },
  };
}

function onnxModel(vocabSize: number, hidden: number, seed: number): Uint8Array {
  const next = random(seed);
  const int64 = onnx.TensorProto.DataType.INT64;
  const float = onnx.TensorProto.DataType.FLOAT;
  const model: Onnx.IModelProto = {
    irVersion: 8,
    producerName: "agentscope-ts-tiny-bert",
    opsetImport: [{ domain: "", version: 17 }],
    graph: {
      name: "tiny-bert",
      input: [
        valueInfo("input_ids", int64, ["batch_size", "sequence_length"]),
        valueInfo("attention_mask", int64, ["batch_size", "sequence_length"]),
        valueInfo("token_type_ids", int64, ["batch_size", "sequence_length"]),
      ],
      output: [valueInfo("last_hidden_state", float, ["batch_size", "sequence_length", hidden])],
      initializer: [
        wordEmbeddings(vocabSize, hidden, next),
        floatTensor("dense_weight", [hidden, hidden], next, 1 / Math.sqrt(hidden)),
      ],
      node: [
        { opType: "Gather", input: ["word_embeddings", "input_ids"], output: ["embedded"] },
        { opType: "MatMul", input: ["embedded", "dense_weight"], output: ["projected"] },
        { opType: "Tanh", input: ["projected"], output: ["last_hidden_state"] },
      ],
    },
  };
  return onnx.ModelProto.encode(onnx.ModelProto.create(model)).finish();
}

function tokenizerJson(vocab: Record<string, number>): unknown {
  const special = (content: string) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: {
        "[CLS]": { id: "[CLS]", ids: [vocab["[CLS]"]], tokens: ["[CLS]"] },
        "[SEP]": { id: "[SEP]", ids: [vocab["[SEP]"]], tokens: ["[SEP]"] },
      },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

/** Options of {@link writeTinyBertModel}. */
export interface TinyBertOptions {
  /** The hidden size (the embedding dimension). Default 64. */
  hidden?: number;
  /** The weights' seed (fixed, so every run builds the same model and the same vectors). Default 7. */
  seed?: number;
}

/** Writes the tiny model into `dir` (created), returning `dir`. */
export async function writeTinyBertModel(
  dir: string,
  options: TinyBertOptions = {},
): Promise<string> {
  const hidden = options.hidden ?? 64;
  const vocab: Record<string, number> = {};
  for (const token of [...SPECIALS, ...TINY_WORDS]) vocab[token] = Object.keys(vocab).length;
  const vocabSize = Object.keys(vocab).length;
  await mkdir(path.join(dir, "onnx"), { recursive: true });
  const config = {
    architectures: ["BertModel"],
    model_type: "bert",
    hidden_size: hidden,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: hidden,
    max_position_embeddings: 128,
    type_vocab_size: 2,
    vocab_size: vocabSize,
    pad_token_id: 0,
  };
  const tokenizerConfig = {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: 128,
    cls_token: "[CLS]",
    sep_token: "[SEP]",
    pad_token: "[PAD]",
    unk_token: "[UNK]",
    mask_token: "[MASK]",
  };
  await writeFile(path.join(dir, "config.json"), JSON.stringify(config, null, 2));
  await writeFile(path.join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson(vocab)));
  await writeFile(
    path.join(dir, "tokenizer_config.json"),
    JSON.stringify(tokenizerConfig, null, 2),
  );
  await writeFile(
    path.join(dir, "onnx", "model.onnx"),
    onnxModel(vocabSize, hidden, options.seed ?? 7),
  );
  return dir;
}
