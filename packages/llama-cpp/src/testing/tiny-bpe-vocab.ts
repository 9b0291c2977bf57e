/**
 * A tiny byte-level BPE vocabulary (GPT-2 style, what llama.cpp calls the `gpt2` tokenizer): the
 * 256 byte symbols, merges that spell a few words, and special tokens. Every token string is
 * unique (llama.cpp aborts on duplicates).
 */

/** GGUF token types (llama.cpp's `llama_token_type`). */
export const TokenType = {
  normal: 1,
  unknown: 2,
  control: 3,
  userDefined: 4,
  unused: 5,
  byte: 6,
} as const;

/** A generated vocabulary, ready for the `tokenizer.ggml.*` GGUF keys. */
export interface TinyBpeVocab {
  tokens: string[];
  tokenTypes: number[];
  merges: string[];
  /** Token ids by string. */
  ids: Map<string, number>;
}

/** GPT-2's byte-to-unicode map: printable bytes map to themselves, the rest to U+0100 upwards. */
export function byteToUnicode(): string[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const map: string[] = new Array(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    map[b] = printable.includes(b) ? String.fromCodePoint(b) : String.fromCodePoint(256 + extra++);
  }
  return map;
}

/** Words the vocabulary can spell as single tokens (with and without a leading space). */
export const DEFAULT_VOCAB_WORDS: readonly string[] = [
  "the",
  "hello",
  "world",
  "name",
  "arguments",
  "weather",
  "city",
  "answer",
  "true",
  "false",
  "null",
  "user",
  "assistant",
  "system",
  "tool",
];

/** Special tokens of the chat template (ChatML, plus Qwen's tool-call tags). */
export const DEFAULT_SPECIAL_TOKENS: ReadonlyArray<readonly [string, number]> = [
  ["<|endoftext|>", TokenType.control],
  ["<|im_start|>", TokenType.control],
  ["<|im_end|>", TokenType.control],
  ["<tool_call>", TokenType.userDefined],
  ["</tool_call>", TokenType.userDefined],
  ["<tool_response>", TokenType.userDefined],
  ["</tool_response>", TokenType.userDefined],
];

/**
 * Builds the vocabulary: byte symbols, then one merge chain per word (`h e`, `he l`, …) for
 * `word` and `Ġword` (space-prefixed), then the special tokens.
 */
export function buildTinyBpeVocab(
  words: readonly string[] = DEFAULT_VOCAB_WORDS,
  specialTokens: ReadonlyArray<readonly [string, number]> = DEFAULT_SPECIAL_TOKENS,
): TinyBpeVocab {
  const tokens: string[] = [];
  const tokenTypes: number[] = [];
  const merges: string[] = [];
  const ids = new Map<string, number>();
  const mergeSet = new Set<string>();
  const add = (token: string, type: number): void => {
    if (ids.has(token)) return;
    ids.set(token, tokens.length);
    tokens.push(token);
    tokenTypes.push(type);
  };
  const bytes = byteToUnicode();
  for (const symbol of bytes) add(symbol, TokenType.normal);
  const encoder = new TextEncoder();
  const spell = (word: string): void => {
    const symbols = Array.from(encoder.encode(word), (b) => bytes[b] as string);
    let current = symbols[0] ?? "";
    for (let i = 1; i < symbols.length; i++) {
      const next = symbols[i] as string;
      const merge = `${current} ${next}`;
      if (!mergeSet.has(merge)) {
        mergeSet.add(merge);
        merges.push(merge);
      }
      current += next;
      add(current, TokenType.normal);
    }
  };
  for (const word of words) {
    spell(word);
    spell(` ${word}`);
  }
  for (const [token, type] of specialTokens) add(token, type);
  return { tokens, tokenTypes, merges, ids };
}
