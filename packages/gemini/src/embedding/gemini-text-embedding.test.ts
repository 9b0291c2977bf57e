import { InMemoryEmbeddingCache, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath } from "../__fixtures__/wire-fixtures.js";
import { GeminiTextEmbedding, type GeminiTextEmbeddingOptions } from "./gemini-text-embedding.js";

const MODEL = "gemini-embedding-001";
const PATH = geminiPath(MODEL, "batchEmbedContents");

/** Answers like the API: one vector per request, here `[n, length of the text]`. */
function server(): Promise<TestServer> {
  return createTestServer({
    [PATH]: {
      response: ({ call }) => {
        const requests = (call.body as { requests: { content: { parts: { text: string }[] } }[] })
          .requests;
        return {
          type: "json",
          body: {
            embeddings: requests.map((r) => {
              const text = r.content.parts[0]?.text ?? "";
              return { values: [Number.parseFloat(text) || 0, text.length] };
            }),
          },
        };
      },
    },
  });
}

function embedder(s: TestServer, options: Partial<GeminiTextEmbeddingOptions> = {}) {
  return new GeminiTextEmbedding({
    modelName: MODEL,
    apiKey: "k",
    baseURL: s.url,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

describe("GeminiTextEmbedding", () => {
  it("names the base URL's host when nothing listens there, as the chat model does", () =>
    expectRefusedConnectionNamesHost("gemini", /./, (closed) =>
      embedder(closed, { maxRetries: 0 }).embed(["x"]),
    ));

  it("embeds texts and text blocks; dimensions go as outputDimensionality", async () => {
    await using s = await server();
    const response = await embedder(s, { dimensions: 768 }).embed([
      "sunny day",
      { type: "text", text: "rain" },
    ]);
    expect(response.embeddings).toEqual([
      [0, 9],
      [0, 4],
    ]);
    expect(s.calls[0]?.headers["x-goog-api-key"]).toBe("k");
    expect(s.calls[0]?.body).toEqual({
      requests: [
        {
          model: `models/${MODEL}`,
          content: { parts: [{ text: "sunny day" }], role: "user" },
          outputDimensionality: 768,
        },
        {
          model: `models/${MODEL}`,
          content: { parts: [{ text: "rain" }], role: "user" },
          outputDimensionality: 768,
        },
      ],
    });
  });

  it("sends no outputDimensionality by default (AgentScope's 3072 is only recorded)", async () => {
    await using s = await server();
    const model = embedder(s);
    expect(model.dimensions).toBe(3072);
    await model.embed(["a"]);
    expect(JSON.stringify(s.calls[0]?.body)).not.toContain("outputDimensionality");
  });

  it("splits long lists into batches and keeps the order", async () => {
    await using s = await server();
    const response = await embedder(s, { batchSize: 2 }).embed(["1", "2", "3", "4", "5"]);
    expect(response.embeddings.map((v) => v[0])).toEqual([1, 2, 3, 4, 5]);
    expect(s.calls.map((c) => (c.body as { requests: unknown[] }).requests.length)).toEqual([
      2, 2, 1,
    ]);
  });

  it("serves repeated requests from the cache", async () => {
    await using s = await server();
    const cache = new InMemoryEmbeddingCache();
    const model = embedder(s, { embeddingCache: cache });
    const first = await model.embed(["x", "yy"]);
    const second = await model.embed(["x", "yy"]);
    expect(second.embeddings).toEqual(first.embeddings);
    expect(second.source).toBe("cache");
    expect(s.calls).toHaveLength(1);
  });

  it("maps a 429 with RetryInfo to a ModelError and checks batchSize", async () => {
    await using s = await createTestServer({
      [PATH]: {
        response: {
          type: "error",
          status: 429,
          body: {
            error: {
              code: 429,
              message: "quota",
              status: "RESOURCE_EXHAUSTED",
              details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "2s" }],
            },
          },
        },
      },
    });
    const error = await embedder(s, { maxRetries: 0 })
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 2000, retryable: true });
    expect(() => embedder(s, { batchSize: 0 })).toThrow(ValidationError);
  });
});
