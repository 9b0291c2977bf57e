import { InterruptedError, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost, sentBy } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import { OllamaChatModel, type OllamaChatModelOptions } from "./ollama-chat-model.js";

const PATH = "/api/chat";
const USER = [{ role: "user", content: "why is the sky blue?" }];

function model(server: TestServer, options: Partial<OllamaChatModelOptions> = {}) {
  return new OllamaChatModel({
    modelName: "llama3.2",
    host: server.url,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

const weatherTool = {
  type: "function" as const,
  function: {
    name: "get_current_weather",
    description: "Get the current weather for a location",
    parameters: {
      type: "object",
      properties: { location: { type: "string" }, format: { type: "string" } },
      required: ["location", "format"],
    },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("OllamaChatModel: requests", () => {
  it("does not stream by default and sends AgentScope's fields: model, messages, keep_alive 5m", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("chat-text") } },
    });
    const m = model(server);
    expect(m.streaming).toBe(false);
    const response = await m.call(USER);
    expect(server.calls[0]?.method).toBe("POST");
    expect(server.calls[0]?.path).toBe(PATH);
    expect(server.calls[0]?.body).toEqual({
      model: "llama3.2",
      messages: USER,
      stream: false,
      keep_alive: "5m",
    });
    expect(response.content).toEqual([{ type: "text", text: "Hello! How are you today?" }]);
    expect(response.usage).toMatchObject({ inputTokens: 26, outputTokens: 298 });
  });

  it("measures usage.time on the client clock, from request to answer (not the server's durations)", async () => {
    // The clock is frozen and moved 2.5 s forward while the server answers: the recorded answer's
    // own timings (total_duration 5.19 s, eval_duration 4.80 s) must not leak into usage.time.
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-01-01T00:00:00Z");
    vi.setSystemTime(start);
    try {
      await using server = await createTestServer({
        [PATH]: {
          response: () => {
            vi.setSystemTime(start + 2500);
            return { type: "json", body: wireJson("chat-text") };
          },
        },
      });
      const response = await model(server).call(USER);
      expect(response.usage).toEqual({ inputTokens: 26, outputTokens: 298, time: 2.5 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends options, keepAlive, think and generateKwargs (the call's over the model's)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("chat-text") } },
    });
    const m = model(server, {
      options: { temperature: 0, seed: 101 },
      keepAlive: "1h",
      enableThinking: false,
      generateKwargs: { format: "json", logprobs: false },
    });
    await m.call(USER, { generateKwargs: { logprobs: true } });
    expect(server.calls[0]?.body).toEqual({
      model: "llama3.2",
      messages: USER,
      stream: false,
      options: { temperature: 0, seed: 101 },
      keep_alive: "1h",
      format: "json",
      logprobs: true,
      think: false,
    });
    // A `think` in generateKwargs wins over enableThinking, as in AgentScope.
    await model(server, { enableThinking: true, generateKwargs: { think: "high" } }).call(USER);
    expect((server.calls[1]!.body as { think: unknown }).think).toBe("high");
  });

  it("does not change the caller's messages (the library rewrites images in place)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("chat-text") } },
    });
    const images = ["aGVsbG8="];
    const messages = [{ role: "user", content: "what is this?", images }];
    await model(server).call(messages);
    expect(messages[0]?.images).toBe(images);
    expect(server.calls[0]?.body).toMatchObject({ messages: [{ images: ["aGVsbG8="] }] });
  });

  it("rejects messages without a role, naming the index", async () => {
    await using server = await createTestServer({});
    const error = await model(server)
      // @ts-expect-error a message without a role is no Ollama message (JavaScript callers can pass one)
      .call([{ role: "user", content: "a" }, { content: "b" }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/\[1\].*role/);
    expect(server.calls).toHaveLength(0);
  });
});

describe("OllamaChatModel: responses", () => {
  it("streams NDJSON into cumulative chunks with usage on the last", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "ollama", chunks: wireChunks("chat-text") } },
    });
    const chunks = [];
    for await (const chunk of model(server, { stream: true }).stream(USER)) chunks.push(chunk);
    expect(server.calls[0]?.body).toMatchObject({ stream: true, keep_alive: "5m" });
    expect(chunks.map((c) => (c.content[0] as { text: string }).text)).toEqual([
      "The",
      "The sky",
      "The sky is",
      "The sky is blue",
      "The sky is blue because of Rayleigh scattering.",
      "The sky is blue because of Rayleigh scattering.",
    ]);
    expect(chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
    expect(chunks.at(-1)?.usage).toMatchObject({ inputTokens: 26, outputTokens: 282 });
    // One response id across the stream.
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it("a streaming model's call() returns the assembled answer", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "ollama", chunks: wireChunks("chat-text") } },
    });
    const response = await model(server, { stream: true }).call(USER);
    expect(response.content).toEqual([
      { type: "text", text: "The sky is blue because of Rayleigh scattering." },
    ]);
  });

  it("sends tools, ignores toolChoice with a warning, and names calls {idx}_{name}", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("chat-tool-call") } },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const m = model(server);
    const response = await m.call(USER, { tools: [weatherTool], toolChoice: "required" });
    await m.call(USER, { tools: [weatherTool], toolChoice: "auto" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/does not support tool_choice/);
    const body = server.calls[0]?.body as Record<string, unknown>;
    expect(body.tools).toEqual([weatherTool]);
    expect(body).not.toHaveProperty("tool_choice");
    expect(response.content).toEqual([
      {
        type: "tool_use",
        id: "0_get_current_weather",
        name: "get_current_weather",
        input: { format: "celsius", location: "Paris, FR" },
        // AgentScope writes Python's json.dumps: ", " and ": " separators.
        raw_input: '{"format": "celsius", "location": "Paris, FR"}',
      },
    ]);
    expect(response.usage).toMatchObject({ inputTokens: 122, outputTokens: 33 });
  });

  it("streams tool calls that arrive whole, one per object", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: { type: "stream", format: "ollama", chunks: wireChunks("chat-tool-call") },
      },
    });
    const chunks = [];
    for await (const chunk of model(server, { stream: true }).stream(USER, {
      tools: [weatherTool],
    })) {
      chunks.push(chunk);
    }
    expect(chunks.map((c) => c.content.map((b) => (b as { id: string }).id))).toEqual([
      ["0_get_temperature"],
      ["0_get_temperature", "0_get_conditions"],
      ["0_get_temperature", "0_get_conditions"],
    ]);
    expect(chunks.at(-1)?.content[1]).toMatchObject({
      type: "tool_use",
      name: "get_conditions",
      input: { city: "New York" },
    });
    expect(chunks.at(-1)?.usage).toMatchObject({ inputTokens: 172, outputTokens: 47 });
  });

  it("turns thinking into a thinking block before the text, streaming and not", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "ollama", chunks: wireChunks("chat-thinking") },
          { type: "json", body: wireJson("chat-thinking") },
        ],
      },
    });
    const chunks = [];
    for await (const chunk of model(server, {
      modelName: "qwen3",
      stream: true,
      enableThinking: true,
    }).stream(USER)) {
      chunks.push(chunk);
    }
    expect(server.calls[0]?.body).toMatchObject({ model: "qwen3", think: true, stream: true });
    expect(chunks[0]?.content).toEqual([{ type: "thinking", thinking: "The user asks" }]);
    const thinking = "The user asks for 17 times 23. 17 × 23 = 391.";
    expect(chunks.at(-1)?.content).toEqual([
      { type: "thinking", thinking },
      { type: "text", text: "17 × 23 = 391" },
    ]);
    const whole = await model(server, { modelName: "qwen3", enableThinking: true }).call(USER);
    expect(whole.content).toEqual(chunks.at(-1)?.content);
    expect(whole.usage).toMatchObject({ inputTokens: 18, outputTokens: 64 });
  });

  it("asks for structured output through format (a JSON schema) and parses it into metadata", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: wireJson("chat-structured") },
          { type: "stream", format: "ollama", chunks: wireChunks("chat-structured") },
        ],
      },
    });
    const schema = z.object({ age: z.number().int(), available: z.boolean() });
    const response = await model(server, { modelName: "llama3.1" }).call(USER, {
      structuredModel: schema,
    });
    // The schema of the docs' structured-output example, as core's tool schemas tidy zod's.
    expect((server.calls[0]!.body as { format: unknown }).format).toEqual({
      type: "object",
      properties: { age: { type: "integer" }, available: { type: "boolean" } },
      required: ["age", "available"],
    });
    expect(response.metadata).toEqual({ age: 22, available: false });
    expect(response.content).toEqual([{ type: "text", text: '{"age": 22, "available": false}' }]);

    const chunks = [];
    for await (const chunk of model(server, { modelName: "llama3.1", stream: true }).stream(USER, {
      structuredModel: schema,
    })) {
      chunks.push(chunk);
    }
    expect(chunks.at(-1)?.metadata).toEqual({ age: 22, available: false });
    expect(chunks[0]?.metadata).toEqual({ age: null });
  });
});

describe("OllamaChatModel: faults", () => {
  it("names the host and port it could not reach, and how to start Ollama", async () => {
    await expectRefusedConnectionNamesHost(
      "ollama",
      /^fetch failed\. Is the Ollama server running\? Start it with `ollama serve`/,
      (closed) =>
        new OllamaChatModel({ modelName: "llama3.2", host: closed.url, maxRetries: 0 }).call(USER),
    );
  });

  it("reads the host from OLLAMA_HOST when none is given", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("chat-text") } },
    });
    vi.stubEnv("OLLAMA_HOST", server.url.replace("http://", ""));
    try {
      const m = new OllamaChatModel({ modelName: "llama3.2" });
      expect(m.client.host).toBe(server.url);
      await m.call(USER);
      expect(server.calls).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("tells to `ollama pull NAME` when the model is missing, without retrying", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "error", status: 404, body: wireJson("model-not-found") } },
    });
    const error = await model(server)
      .call(USER)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).status).toBe(404);
    expect((error as ModelError).retryable).toBe(false);
    expect((error as Error).message).toContain("`ollama pull llama3.2`");
    expect((error as Error).message).toContain(server.url);
    expect(server.calls).toHaveLength(1);
  });

  it("retries a 503 and then answers", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 503, body: { error: "server busy" } },
          { type: "json", body: wireJson("chat-text") },
        ],
      },
    });
    const response = await model(server).call(USER);
    expect(response.content).toEqual([{ type: "text", text: "Hello! How are you today?" }]);
    expect(server.calls).toHaveLength(2);
  });

  it("fails clearly when a stream is cut mid-way (reset) or ends before done", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "ollama", chunks: wireChunks("chat-text"), cutAfter: 2 },
          {
            type: "stream",
            format: "ollama",
            chunks: wireChunks("chat-text"),
            cutAfter: 3,
            cutMode: "end",
          },
        ],
      },
    });
    const m = model(server, { stream: true, maxRetries: 0 });
    const seen: string[] = [];
    const cut = await (async () => {
      for await (const chunk of m.stream(USER))
        seen.push((chunk.content[0] as { text: string }).text);
    })().catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ModelError);
    expect((cut as ModelError).retryable).toBe(true);
    expect((cut as Error).message).toMatch(/stream from .* broke off after 2 chunk\(s\)/);
    expect(seen).toEqual(["The", "The sky"]);

    const early = await m.call(USER).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ModelError);
    expect((early as Error).message).toMatch(/ended before Ollama's final "done" message/);
  });

  it("fails with the server's message on an error object inside the stream", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "ollama",
          chunks: [wireChunks("chat-text")[0], { error: "llama runner process has terminated" }],
        },
      },
    });
    const error = await model(server, { stream: true, maxRetries: 0 })
      .call(USER)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain("llama runner process has terminated");
  });

  it("aborts a stream: InterruptedError, and the server sees the request closed", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "ollama",
          chunks: Array.from({ length: 40 }, () => ({ message: { content: "x" }, done: false })),
          delayMs: 20,
        },
      },
    });
    const controller = new AbortController();
    let received = 0;
    const error = await (async () => {
      for await (const _ of model(server, { stream: true }).stream(USER, {
        signal: controller.signal,
      })) {
        received++;
        if (received === 2) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(received).toBe(2);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("aborts a non-streaming call (the library passes no signal; ours closes it)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "stall" } },
    });
    const controller = new AbortController();
    const pending = model(server).call(USER, { signal: controller.signal });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("closes the request when the consumer stops reading early", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "ollama",
          chunks: Array.from({ length: 40 }, () => ({ message: { content: "x" }, done: false })),
          delayMs: 20,
        },
      },
    });
    for await (const chunk of model(server, { stream: true }).stream(USER)) {
      expect(chunk.content).toEqual([{ type: "text", text: "x" }]);
      break;
    }
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });
});

describe("OllamaChatModel: transport", () => {
  it("sends over node:http by default (core's nodeHttpFetch), streamed or not; else the fetch given", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: wireJson("chat-text") },
          { type: "stream", format: "ollama", chunks: wireChunks("chat-text") },
          { type: "json", body: wireJson("chat-text") },
        ],
      },
    });
    const answer = await model(server).call(USER);
    let streamed = "";
    for await (const chunk of model(server, { stream: true }).stream(USER)) {
      streamed = (chunk.content[0] as { text?: string } | undefined)?.text ?? "";
    }
    expect(answer.content[0]).toMatchObject({ type: "text" });
    expect(streamed).toMatch(/\S/);
    await model(server, { clientKwargs: { fetch: globalThis.fetch } }).call(USER);
    expect(server.calls.map((c) => sentBy(c.headers))).toEqual(["node:http", "node:http", "fetch"]);
  });
});
