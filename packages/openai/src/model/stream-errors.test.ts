import { ModelError } from "@agentscope-ts/core";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-chat-model.js";

const PATH = "/v1/chat/completions";
const messages: OpenAIChatMessage[] = [{ role: "user", content: "Hi" }];

function modelFor(server: TestServer, options: Partial<OpenAIChatModelOptions> = {}) {
  return new OpenAIChatModel({
    modelName: "gpt-4.1-nano",
    apiKey: "test-key",
    baseURL: `${server.url}/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const textChunk = (content: string) => ({
  id: "c1",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: { content } }],
});
const stop = { id: "c1", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] };
const done = "data: [DONE]\n\n";
const raw = (chunks: string[]) => ({ type: "stream" as const, format: "raw" as const, chunks });

async function failure(server: TestServer, options: Partial<OpenAIChatModelOptions> = {}) {
  return collect(modelFor(server, options).stream(messages)).catch((e: unknown) => e);
}

describe("OpenAIChatModel on malformed streams (real SDK, raw SSE from the test server)", () => {
  it("turns malformed JSON data into a retryable ModelError, and retries it", async () => {
    // Before any chunk reached the caller, the model retries; after one, it cannot.
    await using server = await createTestServer({
      [PATH]: {
        response: [
          raw(["data: {bad\n\n", done]),
          raw([data(textChunk("Hello")), data(stop), done]),
        ],
      },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "Hello" }]);
    expect(server.calls).toHaveLength(2);

    server.reset();
    server.routes[PATH]!.response = raw([data(textChunk("Hel")), "data: {bad\n\n", done]);
    const error = await failure(server, { maxRetries: 0 });
    expect(error).toBeInstanceOf(ModelError);
    expect(error).not.toBeInstanceOf(SyntaxError);
    expect(error).toMatchObject({ retryable: true, provider: "openai" });
    expect((error as Error).message).toMatch(/not valid JSON \("\{bad"\)/);
  });

  it("rejects `data: null` as a non-retryable ModelError without retrying", async () => {
    await using server = await createTestServer({
      [PATH]: { response: raw([data(textChunk("Hel")), "data: null\n\n", done]) },
    });
    const error = await failure(server);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toMatch(/"null" where a JSON object was expected/);
    expect(server.calls).toHaveLength(1);
  });

  it("rejects a null tool call, naming the field", async () => {
    const chunk = { id: "c1", choices: [{ index: 0, delta: { tool_calls: [null] } }] };
    await using server = await createTestServer({
      [PATH]: { response: raw([data(chunk), data(stop), done]) },
    });
    const error = await failure(server);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).not.toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/`choices\[0\]\.delta\.tool_calls\[0\]` that is not/);
    expect(error).toMatchObject({ retryable: false });
  });

  it("rejects a chunk without `choices` (and without usage), naming the field and the fix", async () => {
    await using server = await createTestServer({
      [PATH]: { response: raw([data({ id: "c1", object: "chat.completion.chunk" }), done]) },
    });
    const error = await failure(server);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/no `choices` array.*check that `baseURL`/);
  });

  it("still accepts a usage-only chunk without `choices`", async () => {
    const usage = { id: "c1", usage: { prompt_tokens: 3, completion_tokens: 1 } };
    await using server = await createTestServer({
      [PATH]: { response: raw([data(textChunk("Hi")), data(stop), data(usage), done]) },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.usage).toMatchObject({ inputTokens: 3, outputTokens: 1 });
  });

  it("ignores keep-alives: SSE comments and `event: ping` with empty data", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: raw([
          ": ping\n\n",
          data(textChunk("Hel")),
          "event: ping\ndata: \n\n",
          ": keep-alive\n",
          "\n",
          data(textChunk("lo")),
          "event: ping\ndata:\n\n",
          data(stop),
          done,
        ]),
      },
    });
    const chunks = await collect(modelFor(server).stream(messages));
    expect(chunks.map((c) => c.content)).toEqual([
      [{ type: "text", text: "Hel" }],
      [{ type: "text", text: "Hello" }],
      [{ type: "text", text: "Hello" }],
    ]);
    expect(server.calls).toHaveLength(1);
  });

  it("accepts a stream that ends with [DONE] but no finish_reason, as the reference does", async () => {
    await using server = await createTestServer({
      [PATH]: { response: raw([data(textChunk("Hel")), data(textChunk("lo")), done]) },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "Hello" }]);
    expect(server.calls).toHaveLength(1);
  });

  it("still fails, retryably, a stream cut cleanly with neither finish_reason nor [DONE]", async () => {
    await using server = await createTestServer({
      [PATH]: { response: raw([data(textChunk("Hel"))]) },
    });
    const error = await failure(server, { maxRetries: 0 });
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/no finish_reason and no \[DONE\]/);
  });

  it("reports an `event: error` frame with the provider's message", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: raw([
          data(textChunk("Hel")),
          `event: error\ndata: ${JSON.stringify({ message: "quota exhausted", type: "insufficient_quota" })}\n\n`,
        ]),
      },
    });
    const error = await failure(server);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/quota exhausted/);
  });

  it("rejects a non-streaming body that is not a completion, naming the field", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: { id: "x", object: "chat.completion" } } },
    });
    const error = await modelFor(server, { stream: false })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/no `choices` array/);
  });
});
