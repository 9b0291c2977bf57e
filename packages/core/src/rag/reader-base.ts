import type { Document } from "./document.js";

/**
 * A reader (AgentScope's `ReaderBase`): reads original data (text, a file), splits it into chunks
 * and turns each chunk into a {@link Document}. Python calls a reader (`await reader(x)`); here it
 * is `await reader.read(x)`.
 */
export abstract class ReaderBase {
  /** Reads `input` and returns its chunks as documents. */
  abstract read(input: string, ...rest: unknown[]): Promise<Document[]>;

  /** The document id `read(input)` gives its chunks, to check whether a knowledge base has it. */
  abstract getDocId(input: string, ...rest: unknown[]): Promise<string>;
}
