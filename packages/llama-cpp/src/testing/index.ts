export { encodeGguf, type GgufTensor, type GgufValue } from "./gguf-writer.js";
export {
  buildTinyBpeVocab,
  byteToUnicode,
  DEFAULT_SPECIAL_TOKENS,
  DEFAULT_VOCAB_WORDS,
  type TinyBpeVocab,
  TokenType,
} from "./tiny-bpe-vocab.js";
export { TINY_CHAT_TEMPLATE } from "./tiny-chat-template.js";
export {
  buildTinyLlamaGguf,
  type TinyLlamaGguf,
  type TinyLlamaGgufOptions,
  writeTinyLlamaGguf,
} from "./tiny-llama-gguf.js";
