import { InMemoryEmbeddingCache, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import {
  DashScopeMultiModalEmbedding,
  MULTIMODAL_EMBEDDING_PATH,
} from "./dashscope-multimodal-embedding.js";
import { DashScopeTextEmbedding, TEXT_EMBEDDING_PATH } from "./dashscope-text-embedding.js";

const TEXT = `/api/v1${TEXT_EMBEDDING_PATH}`;
const MULTIMODAL = `/api/v1${MULTIMODAL_EMBEDDING_PATH}`;
const base = (server: TestServer) => ({
  apiKey: "test-key",
  baseHttpApiUrl: `${server.url}/api/v1`,
  retry: { initialDelayMs: 1, maxDelayMs: 5 },
});

/** Answers a text-embedding request with one vector per text: [batch start + i, length]. */
function echoVectors({ call }: { call: { body: unknown } }) {
  const texts = (call.body as { input: { texts: string[] } }).input.texts;
  return {
    type: "json" as const,
    body: {
      output: { embeddings: texts.map((t, i) => ({ text_index: i, embedding: [i, t.length] })) },
      usage: { total_tokens: texts.length },
      request_id: "r",
    },
  };
}

describe("DashScopeTextEmbedding", () => {
  it("sends the native request and returns vectors in text_index order with tokens", async () => {
    const reversed = wireJson<{ output: { embeddings: unknown[] } }>("text-embedding");
    reversed.output.embeddings.reverse();
    await using server = await createTestServer({
      [TEXT]: { response: { type: "json", body: reversed } },
    });
    const model = new DashScopeTextEmbedding({
      modelName: "text-embedding-v4",
      dimensions: 4,
      ...base(server),
    });
    const response = await model.embed(["hello", { type: "text", text: "world" }]);
    expect(server.calls[0]?.headers.authorization).toBe("Bearer test-key");
    expect(server.calls[0]?.body).toEqual({
      model: "text-embedding-v4",
      input: { texts: ["hello", "world"] },
      parameters: { dimension: 4 },
    });
    expect(response.embeddings).toEqual([
      [0.0123, -0.0456, 0.0789, 0.1011],
      [-0.0222, 0.0333, -0.0444, 0.0555],
    ]);
    expect(response.usage?.tokens).toBe(9);
    expect(response.source).toBe("api");
  });

  it("splits more than 10 texts into batches and serves a repeat from the cache", async () => {
    await using server = await createTestServer({ [TEXT]: { response: echoVectors } });
    const model = new DashScopeTextEmbedding({
      modelName: "text-embedding-v4",
      embeddingCache: new InMemoryEmbeddingCache(),
      ...base(server),
    });
    const texts = Array.from({ length: 23 }, (_, i) => "x".repeat(i + 1));
    const first = await model.embed(texts);
    expect(
      server.calls.map((c) => (c.body as { input: { texts: unknown[] } }).input.texts.length),
    ).toEqual([10, 10, 3]);
    expect(first.embeddings[12]).toEqual([2, 13]);
    expect(first.usage?.tokens).toBe(23);
    expect(server.calls[0]?.body).toMatchObject({ parameters: { dimension: 1024 } });
    const second = await model.embed(texts);
    expect(second.source).toBe("cache");
    expect(second.embeddings).toEqual(first.embeddings);
    expect(server.calls).toHaveLength(3);
  });

  it("retries Throttling and maps other errors by code", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: [
          { type: "error", status: 429, body: wireJson("throttling-error") },
          { type: "json", body: wireJson("text-embedding") },
          { type: "error", status: 400, body: wireJson("invalid-parameter-error") },
        ],
      },
    });
    const model = new DashScopeTextEmbedding({ modelName: "text-embedding-v4", ...base(server) });
    expect((await model.embed(["a", "b"])).embeddings).toHaveLength(2);
    const error = await model.embed(["c"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 400, retryable: false, errorCode: "InvalidParameter" });
    expect(server.calls).toHaveLength(3);
  });
});

describe("DashScopeMultiModalEmbedding", () => {
  it("embeds text, base64 and URL images and video URLs, one per request for v1 models", async () => {
    let n = 0;
    await using server = await createTestServer({
      [MULTIMODAL]: {
        response: () => ({
          type: "json",
          body: {
            output: { embeddings: [{ index: 0, embedding: [n++, 0.5], type: "x" }] },
            usage: { input_tokens: 3, image_tokens: 10 },
          },
        }),
      },
    });
    const model = new DashScopeMultiModalEmbedding({
      modelName: "multimodal-embedding-v1",
      ...base(server),
    });
    expect(model.dimensions).toBe(1024);
    const response = await model.embed([
      "a dog",
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0K" } },
      { type: "image", source: { type: "url", url: "https://example.com/dog.jpeg" } },
      { type: "video", source: { type: "url", url: "https://example.com/dog.mp4" } },
    ]);
    expect(server.calls.map((c) => c.body)).toEqual([
      { model: "multimodal-embedding-v1", input: { contents: [{ text: "a dog" }] } },
      {
        model: "multimodal-embedding-v1",
        input: { contents: [{ image: "data:image/png;base64,iVBORw0K" }] },
      },
      {
        model: "multimodal-embedding-v1",
        input: { contents: [{ image: "https://example.com/dog.jpeg" }] },
      },
      {
        model: "multimodal-embedding-v1",
        input: { contents: [{ video: "https://example.com/dog.mp4" }] },
      },
    ]);
    expect(response.embeddings).toEqual([
      [0, 0.5],
      [1, 0.5],
      [2, 0.5],
      [3, 0.5],
    ]);
    expect(response.usage?.tokens).toBe(52);
  });

  it("batches 8 for tongyi-embedding-vision models, fixes their dimensions and reads the fixture", async () => {
    await using server = await createTestServer({
      [MULTIMODAL]: { response: { type: "json", body: wireJson("multimodal-embedding") } },
    });
    expect(
      () =>
        new DashScopeMultiModalEmbedding({
          modelName: "tongyi-embedding-vision-plus",
          dimensions: 1024,
          ...base(server),
        }),
    ).toThrow(/embeds into 1152 dimensions/);
    const model = new DashScopeMultiModalEmbedding({
      modelName: "tongyi-embedding-vision-flash",
      ...base(server),
    });
    expect(model).toMatchObject({ dimensions: 768, batchSizeLimit: 8 });
    const response = await model.embed([
      { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
    ]);
    expect(response.embeddings).toEqual([[0.11, 0.22, 0.33, 0.44]]);
    expect(response.usage?.tokens).toBe(896);
  });

  it("refuses base64 video with a typed error naming the input", async () => {
    await using server = await createTestServer({});
    const model = new DashScopeMultiModalEmbedding({
      modelName: "multimodal-embedding-v1",
      ...base(server),
    });
    const error = await model
      .embed([{ type: "video", source: { type: "base64", media_type: "video/mp4", data: "AAAA" } }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/\[0\]\.source.*URL only/);
    expect(server.calls).toHaveLength(0);
  });
});

describe("DashScope embeddings against a closed port", () => {
  it.each([
    ["DashScopeTextEmbedding", "text-embedding-v4"],
    ["DashScopeMultiModalEmbedding", "multimodal-embedding-v1"],
  ] as const)("%s names the host it could not reach, as the chat model does", (kind, name) =>
    expectRefusedConnectionNamesHost("dashscope", "fetch failed", (closed) => {
      const options = { modelName: name, ...base(closed), maxRetries: 0 };
      const model =
        kind === "DashScopeTextEmbedding"
          ? new DashScopeTextEmbedding(options)
          : new DashScopeMultiModalEmbedding(options);
      return model.embed(["hello"]);
    }),
  );
});
