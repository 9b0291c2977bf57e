import { InterruptedError, ModelError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { modelFor } from "../__fixtures__/test-model.js";
import { wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";

const PATH = "/v1/messages";
const messages: AnthropicMessage[] = [
  { role: "user", content: [{ type: "text", text: "Weather?" }] },
];
const overloaded = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
const rateLimited = {
  type: "error",
  error: { type: "rate_limit_error", message: "Number of requests has exceeded your rate limit" },
};

describe("AnthropicChatModel faults", () => {
  it.each([true, false])(
    "names the base URL's host when nothing listens there (stream: %s)",
    (streaming) =>
      expectRefusedConnectionNamesHost("anthropic", "Connection error.", (closed) =>
        modelFor(closed, { stream: streaming, maxRetries: 0 }).call(messages),
      ),
  );

  it("names the endpoint when a non-streaming answer is not a JSON object", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "binary",
          body: new TextEncoder().encode("upstream busy"),
          contentType: "text/plain",
        },
      },
    });
    const error: unknown = await modelFor(server, { stream: false, maxRetries: 0 })
      .call(messages)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toContain("not a JSON object");
    expect((error as ModelError).retryable).toBe(false);
  });

  it("retries a 429 and a 529 after the retry-after delay each states", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 429, retryAfter: 2, body: rateLimited },
          { type: "error", status: 529, retryAfter: 1, body: overloaded },
          { type: "stream", format: "anthropic", chunks: wireChunks("anthropic-text") },
        ],
      },
    });
    const waits: number[] = [];
    const model = modelFor(server, {
      retry: { initialDelayMs: 1, maxDelayMs: 5, onRetry: (info) => waits.push(info.delayMs) },
    });
    const response = await model.call(messages);
    expect(response.content[0]).toMatchObject({ type: "text" });
    expect(server.calls).toHaveLength(3);
    // The computed backoff would be at most 5 ms: these are the servers' retry-after values.
    expect(waits).toEqual([2000, 1000]);
  });

  it("gives up on a 529 with a retryable ModelError carrying status and retryAfterMs", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "error", status: 529, retryAfter: 3, body: overloaded } },
    });
    const error = await modelFor(server, { maxRetries: 0 })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      status: 529,
      retryable: true,
      retryAfterMs: 3000,
      provider: "anthropic",
    });
    expect((error as Error).message).toMatch(/Overloaded/);
  });

  it("does not retry a 400 or a 401", async () => {
    for (const status of [400, 401]) {
      await using server = await createTestServer({
        [PATH]: {
          response: {
            type: "error",
            status,
            body: {
              type: "error",
              error: { type: "invalid_request_error", message: "max_tokens: Field required" },
            },
          },
        },
      });
      const error = await modelFor(server)
        .call(messages)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status, retryable: false });
      expect((error as Error).message).toMatch(/max_tokens: Field required/);
      expect(server.calls).toHaveLength(1);
    }
  });

  it("turns an overloaded error event inside a stream into a retryable 529 ModelError", async () => {
    const chunks = [...wireChunks("anthropic-text").slice(0, 5), JSON.stringify(overloaded)];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "anthropic", chunks } },
    });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of modelFor(server).stream(messages)) seen.push(chunk);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 529, retryable: true });
    expect((error as Error).message).toMatch(/broke off after 2 chunk.*Overloaded/);
    expect(seen).toHaveLength(2);
  });

  it("fails clearly on a stream cut inside input_json_delta, reset or ended, keeping no answer", async () => {
    // json-tool: message_start, block start, "" delta, ping, the array without its closing brace…
    for (const cutMode of ["destroy", "end"] as const) {
      await using server = await createTestServer({
        [PATH]: {
          response: {
            type: "stream",
            format: "anthropic",
            chunks: wireChunks("anthropic-json-tool.1"),
            cutAfter: 5,
            cutMode,
          },
        },
      });
      const seen: { content: { type: string; raw_input?: string }[] }[] = [];
      const error = await (async () => {
        for await (const chunk of modelFor(server).stream(messages)) seen.push(chunk);
      })().catch((e: unknown) => e);
      expect(error, cutMode).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(
        cutMode === "destroy" ? /stream broke off after 2 chunk/ : /ended before message_stop/,
      );
      expect((error as Error).message).toMatch(/partial answer was discarded/);
      // The chunks seen so far hold the unfinished arguments, and no final chunk came.
      expect(seen.at(-1)!.content[0]!.raw_input).not.toMatch(/\}$/);
      expect(server.calls).toHaveLength(1);
      // call() gives no half answer either.
      server.reset();
      await expect(modelFor(server, { maxRetries: 0 }).call(messages)).rejects.toBeInstanceOf(
        ModelError,
      );
    }
  });

  it("stops the HTTP request when aborted during a stream", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "anthropic",
          chunks: wireChunks("anthropic-clear-tool-uses.1"),
          delayMs: 10,
        },
      },
    });
    const controller = new AbortController();
    let chunks = 0;
    const error = await (async () => {
      for await (const _ of modelFor(server).stream(messages, { signal: controller.signal })) {
        if (++chunks === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(chunks).toBe(3);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
    expect(server.calls[0]?.clientClosedEarly).toBe(true);
  });

  it("closes the HTTP request when the consumer stops reading", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "anthropic",
          chunks: wireChunks("anthropic-clear-tool-uses.1"),
          delayMs: 10,
        },
      },
    });
    for await (const _ of modelFor(server).stream(messages)) break;
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("retries a connection reset before the first chunk", async () => {
    await using server = await createTestServer({
      [PATH]: { response: [{ type: "reset" }, { type: "json", body: wireJson("anthropic-text") }] },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    expect(response.id).toBe("msg_01VdEjxAP5ahtHKrrRdNBteQ");
    expect(server.calls).toHaveLength(2);
  });
});
