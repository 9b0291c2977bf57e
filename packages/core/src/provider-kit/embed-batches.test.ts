import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { batchSizeOption, embedInBatches } from "./embed-batches.js";

describe("embedInBatches", () => {
  it("sends batches in order and joins vectors and tokens", async () => {
    const sent: string[][] = [];
    const result = await embedInBatches(["a", "bb", "ccc", "dddd", "e"], 2, async (batch) => {
      sent.push(batch);
      return { embeddings: batch.map((t) => [t.length]), tokens: batch.length };
    });
    expect(sent).toEqual([["a", "bb"], ["ccc", "dddd"], ["e"]]);
    expect(result).toEqual({ embeddings: [[1], [2], [3], [4], [1]], tokens: 5 });
  });

  it("leaves tokens out when no batch reports them", async () => {
    const result = await embedInBatches(["a"], 8, async () => ({ embeddings: [[0]] }));
    expect(result).toEqual({ embeddings: [[0]] });
  });
});

describe("batchSizeOption", () => {
  it("defaults, and rejects a non-positive or fractional size naming batchSize", () => {
    expect(batchSizeOption("M", undefined, 100)).toBe(100);
    expect(batchSizeOption("M", 3, 100)).toBe(3);
    expect(() => batchSizeOption("M", 0, 100)).toThrow(ValidationError);
    expect(() => batchSizeOption("M", 1.5, 100)).toThrow(/batchSize: expected a positive integer/);
  });
});
