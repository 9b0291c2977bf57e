/**
 * `@agentscope-ts/huggingface/testing`: a generated tiny BERT-style ONNX embedding model, so
 * tests of code that embeds (RAG, memory) run offline with the real transformers.js loading
 * path. Node only; needs the optional peer dependency `onnx-proto`.
 */
export { TINY_WORDS, type TinyBertOptions, writeTinyBertModel } from "./testing/tiny-bert-model.js";
