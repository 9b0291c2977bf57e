import { InMemoryEmbeddingCache, InterruptedError, ModelError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it, vi } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import { OllamaTextEmbedding, type OllamaTextEmbeddingOptions } from "./ollama-text-embedding.js";

const PATH = "/api/embed";
const recorded = wireJson<{ embeddings: number[][] }>("embed");

function embedder(server: TestServer, options: Partial<OllamaTextEmbeddingOptions> = {}) {
  return new OllamaTextEmbedding({
    modelName: "all-minilm",
    dimensions: 10,
    host: server.url,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

describe("OllamaTextEmbedding", () => {
  it("embeds texts and text blocks in one /api/embed request", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: recorded } },
    });
    const response = await embedder(server).embed([
      "Why is the sky blue?",
      { type: "text", text: "Why is the grass green?" },
    ]);
    expect(response.embeddings).toEqual(recorded.embeddings);
    expect(response.usage?.tokens).toBe(8);
    expect(response.source).toBe("api");
    expect(server.calls[0]?.body).toEqual({
      model: "all-minilm",
      input: ["Why is the sky blue?", "Why is the grass green?"],
    });
  });

  it("sends generateKwargs (keep_alive, truncate) with every request", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: recorded } },
    });
    await embedder(server, { generateKwargs: { keep_alive: "10m", truncate: true } }).embed([
      "a",
      "b",
    ]);
    expect(server.calls[0]?.body).toEqual({
      keep_alive: "10m",
      truncate: true,
      model: "all-minilm",
      input: ["a", "b"],
    });
  });

  it("serves repeated requests from core's embedding cache", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: recorded } },
    });
    const model = embedder(server, { embeddingCache: new InMemoryEmbeddingCache() });
    await model.embed(["a", "b"]);
    const again = await model.embed(["a", "b"]);
    expect(again.source).toBe("cache");
    expect(again.embeddings).toEqual(recorded.embeddings);
    expect(server.calls).toHaveLength(1);
    await model.embed(["a", "c"]);
    expect(server.calls).toHaveLength(2);
  });

  it("names `ollama pull` for a missing model", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "error",
          status: 404,
          body: { error: 'model "all-minilm" not found, try pulling it first' },
        },
      },
    });
    const missing = await embedder(server)
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ModelError);
    expect((missing as Error).message).toContain("`ollama pull all-minilm`");
  });

  it("names the host and port it could not reach, and how to start Ollama", async () => {
    await expectRefusedConnectionNamesHost(
      "ollama",
      /^fetch failed\. Is the Ollama server running\? Start it with `ollama serve`/,
      (closed) =>
        new OllamaTextEmbedding({
          modelName: "m",
          dimensions: 2,
          host: closed.url,
          maxRetries: 0,
        }).embed(["a"]),
    );
  });

  it("aborts a request (the server sees it closed)", async () => {
    await using server = await createTestServer({ [PATH]: { response: { type: "stall" } } });
    const controller = new AbortController();
    const pending = embedder(server).embed(["a"], { signal: controller.signal });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });
});
