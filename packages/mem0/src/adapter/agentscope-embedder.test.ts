import {
  AgentScopeError,
  EmbeddingModelBase,
  type EmbedResult,
  type NormalizedEmbeddingInput,
} from "@agentscope-ts/core";
import { DeterministicEmbeddingModel } from "@agentscope-ts/core/testing";
import { describe, expect, it } from "vitest";
import { AgentScopeEmbedder } from "./agentscope-embedder.js";

/** An embedding model that drops the last vector, as a broken provider might. */
class ShortEmbeddingModel extends EmbeddingModelBase {
  readonly provider = "short";
  constructor() {
    super({ modelName: "short", dimensions: 2 });
  }
  protected async doEmbed(inputs: readonly NormalizedEmbeddingInput[]): Promise<EmbedResult> {
    return { embeddings: inputs.slice(1).map(() => [1, 0]) };
  }
}

describe("AgentScopeEmbedder", () => {
  it("embeds one text and a batch through the model", async () => {
    const model = new DeterministicEmbeddingModel({ dimensions: 8 });
    const embedder = new AgentScopeEmbedder(model);
    expect(await embedder.embed("green tea")).toEqual(model.vectorOf("green tea"));
    expect(await embedder.embedBatch(["a", "b"])).toEqual([
      model.vectorOf("a"),
      model.vectorOf("b"),
    ]);
    expect(await embedder.embedBatch([])).toEqual([]);
    expect(model.calls).toEqual([["green tea"], ["a", "b"]]);
  });

  it("passes on the model's error when it returns too few vectors", async () => {
    const embedder = new AgentScopeEmbedder(new ShortEmbeddingModel());
    await expect(embedder.embedBatch(["a", "b"])).rejects.toThrow(/ShortEmbeddingModel.doEmbed/);
    await expect(embedder.embed("a")).rejects.toThrow(AgentScopeError);
  });
});
