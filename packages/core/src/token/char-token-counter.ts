import { codePointLength, pythonRepr } from "./python-repr.js";
import { TokenCounterBase } from "./token-counter-base.js";

/**
 * Counts one token per character (AgentScope's `CharTokenCounter`): the length of the messages'
 * Python `str()` joined by newlines, plus the tools' when given. Needs no tokenizer, so it works
 * everywhere; it overestimates real tokens, and base64 media inflate it.
 */
export class CharTokenCounter extends TokenCounterBase {
  async count(messages: readonly object[], tools?: readonly unknown[]): Promise<number> {
    const texts = messages.map((msg) => pythonRepr(msg));
    if (tools && tools.length > 0) texts.push(pythonRepr(tools));
    return codePointLength(texts.join("\n"));
  }
}
