export { CharTokenCounter } from "./char-token-counter.js";
export { codePointLength, pythonRepr, pythonStringRepr } from "./python-repr.js";
export { type TokenCounter, TokenCounterBase } from "./token-counter-base.js";
