import { InMemoryEmbeddingCache, ModelError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OpenAITextEmbedding, type OpenAITextEmbeddingOptions } from "./openai-text-embedding.js";

const PATH = "/v1/embeddings";
const recorded = wireJson<{ data: { embedding: number[] }[] }>("openai-embedding");

function embedder(server: TestServer, options: Partial<OpenAITextEmbeddingOptions> = {}) {
  return new OpenAITextEmbedding({
    modelName: "text-embedding-3-small",
    apiKey: "k",
    baseURL: `${server.url}/v1`,
    dimensions: 5,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

describe("OpenAITextEmbedding", () => {
  it("names the base URL's host when nothing listens there", () =>
    expectRefusedConnectionNamesHost("openai", "Connection error.", (closed) =>
      embedder(closed, { maxRetries: 0 }).embed(["x"]),
    ));

  it("embeds texts and text blocks with dimensions and encoding_format float", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: recorded } },
    });
    const response = await embedder(server).embed(["sunny day", { type: "text", text: "rain" }]);
    expect(response.embeddings).toEqual(recorded.data.map((d) => d.embedding));
    expect(response.usage?.tokens).toBe(12);
    expect(server.calls[0]?.body).toEqual({
      input: ["sunny day", "rain"],
      model: "text-embedding-3-small",
      dimensions: 5,
      encoding_format: "float",
    });
  });

  it("splits long input lists into batches and keeps the order", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: ({ call }) => {
          const input = (call.body as { input: string[] }).input;
          return {
            type: "json",
            body: {
              // answered out of order on purpose: vectors must follow `index`
              data: input
                .map((text, index) => ({ object: "embedding", index, embedding: [Number(text)] }))
                .reverse(),
              usage: { prompt_tokens: input.length, total_tokens: input.length },
            },
          };
        },
      },
    });
    const response = await embedder(server, { batchSize: 2 }).embed(["1", "2", "3", "4", "5"]);
    expect(response.embeddings).toEqual([[1], [2], [3], [4], [5]]);
    expect(server.calls.map((c) => (c.body as { input: string[] }).input)).toEqual([
      ["1", "2"],
      ["3", "4"],
      ["5"],
    ]);
    expect(response.usage?.tokens).toBe(5);
  });

  it("serves repeated requests from the cache, keyed with encoding_format", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: recorded } },
    });
    const cache = new InMemoryEmbeddingCache();
    const model = embedder(server, { embeddingCache: cache });
    await model.embed(["a", "b"]);
    const again = await model.embed(["a", "b"]);
    expect(again.source).toBe("cache");
    expect(server.calls).toHaveLength(1);
  });

  it("retries a 429 and maps errors to ModelError", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 429, body: { error: { message: "slow" } } },
          { type: "json", body: recorded },
          { type: "error", status: 401, body: { error: { message: "bad key" } } },
        ],
      },
    });
    const model = embedder(server);
    expect((await model.embed(["a", "b"])).embeddings).toHaveLength(2);
    await expect(model.embed(["c"])).rejects.toMatchObject({ status: 401, retryable: false });
    await expect(model.embed(["c"])).rejects.toBeInstanceOf(ModelError);
  });

  it("rejects a bad batchSize", () => {
    expect(() => new OpenAITextEmbedding({ modelName: "m", apiKey: "k", batchSize: 0 })).toThrow(
      /batchSize/,
    );
  });
});
