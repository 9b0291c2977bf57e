import { InterruptedError, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost, sentBy } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { dashscopeStream, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";
import { DashScopeChatModel, type DashScopeChatModelOptions } from "./dashscope-chat-model.js";
import { DashScopeError } from "./dashscope-error.js";

const TEXT = "/api/v1/services/aigc/text-generation/generation";
const MULTIMODAL = "/api/v1/services/aigc/multimodal-generation/generation";
const messages: DashScopeMessage[] = [{ role: "user", content: "Who are you?" }];
const weatherTool = {
  type: "function" as const,
  function: {
    name: "get_current_weather",
    description: "Get the weather in a location",
    parameters: {
      type: "object",
      properties: { location: { type: "string" } },
      required: ["location"],
    },
  },
};

function modelFor(server: TestServer, options: Partial<DashScopeChatModelOptions> = {}) {
  return new DashScopeChatModel({
    modelName: "qwen-plus",
    apiKey: "test-key",
    baseHttpApiUrl: `${server.url}/api/v1`,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The concatenated text deltas of a fixture's events. */
function joinedText(name: string, key: "content" | "reasoning_content"): string {
  let out = "";
  for (const line of wireChunks(name)) {
    const value = JSON.parse(line).output.choices[0].message[key];
    if (typeof value === "string") out += value;
    else if (Array.isArray(value)) for (const part of value) out += part.text;
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe("DashScopeChatModel streaming", () => {
  it("sends the native request and assembles incremental text into cumulative chunks", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text") },
    });
    const chunks = await collect(modelFor(server).stream(messages));

    const call = server.calls[0];
    expect(call?.path).toBe(TEXT);
    expect(call?.headers).toMatchObject({
      authorization: "Bearer test-key",
      "content-type": "application/json",
      accept: "text/event-stream",
      "x-dashscope-sse": "enable",
    });
    expect(call?.body).toEqual({
      model: "qwen-plus",
      input: { messages },
      parameters: { result_format: "message", incremental_output: true },
    });

    const events = wireChunks("qwen-text").length;
    expect(chunks).toHaveLength(events);
    const texts = chunks.map((c) => (c.content[0] as { text: string }).text);
    expect(texts[0]).toBe("Hello");
    expect(texts.at(-1)).toBe(joinedText("qwen-text", "content"));
    for (let i = 1; i < texts.length; i++)
      expect(texts[i]?.startsWith(texts[i - 1] ?? "")).toBe(true);
    const last = chunks.at(-1)!;
    expect(last.id).toBe("5bef2386-0b5d-4a8a-a8a0-1fa7a5c3d001");
    expect(last.usage).toMatchObject({ inputTokens: 22, outputTokens: 24 });
    expect(last.usage?.metadata).toMatchObject({ total_tokens: 46 });
    expect(last.metadata).toEqual({
      request_id: "5bef2386-0b5d-4a8a-a8a0-1fa7a5c3d001",
      finish_reason: "stop",
    });
    expect(chunks[0]?.metadata).toEqual({ request_id: "5bef2386-0b5d-4a8a-a8a0-1fa7a5c3d001" });
  });

  it("turns reasoning_content into a thinking block, and thinking forces streaming", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-thinking") },
    });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const model = modelFor(server, { modelName: "qwen3-max", stream: false, enableThinking: true });
    expect(model.streaming).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    const response = await model.call(messages);
    expect(server.calls[0]?.headers["x-dashscope-sse"]).toBe("enable");
    expect(server.calls[0]?.body).toMatchObject({
      parameters: { enable_thinking: true, incremental_output: true, result_format: "message" },
    });
    expect(response.content).toEqual([
      { type: "thinking", thinking: joinedText("qwen-thinking", "reasoning_content") },
      { type: "text", text: joinedText("qwen-thinking", "content") },
    ]);
    expect(response.usage?.metadata).toMatchObject({
      output_tokens_details: { reasoning_tokens: 3 },
    });
  });

  it("assembles a tool call split over chunks; toolChoice required is sent as auto with a warning", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-tool-call") },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const chunks = await collect(
      modelFor(server).stream(messages, { tools: [weatherTool], toolChoice: "required" }),
    );
    expect(server.calls[0]?.body).toMatchObject({
      parameters: { tools: [weatherTool], tool_choice: "auto" },
    });
    expect(warn.mock.calls.flat().join(" ")).toMatch(/"required" is not supported.*"auto"/);

    const toolBlocks = chunks.map((c) => c.content.find((b) => b.type === "tool_use"));
    expect(toolBlocks[0]).toBeUndefined();
    expect(toolBlocks[2]).toMatchObject({ input: { location: "Hang" } });
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([
      { type: "thinking", thinking: "I should call the weather tool." },
      {
        type: "tool_use",
        id: "call_8f08d2b0fc0c4d8fab7123",
        name: "get_current_weather",
        input: { location: "Hangzhou" },
        raw_input: '{"location": "Hangzhou"}',
      },
    ]);
    expect(last.metadata).toMatchObject({ finish_reason: "tool_calls" });
  });

  it("keeps tool input {} until the end with streamToolParsing false", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-tool-call") },
    });
    const chunks = await collect(
      modelFor(server, { streamToolParsing: false }).stream(messages, { tools: [weatherTool] }),
    );
    const inputs = chunks.map(
      (c) => (c.content.find((b) => b.type === "tool_use") as { input?: unknown })?.input,
    );
    expect(inputs.slice(1, -1).every((i) => JSON.stringify(i) === "{}")).toBe(true);
    expect(inputs.at(-1)).toEqual({ location: "Hangzhou" });
  });

  it("uses the multimodal endpoint for -vl and qvq models, reading {text} parts", async () => {
    await using server = await createTestServer({
      [MULTIMODAL]: { response: dashscopeStream("qwen-vl") },
      [TEXT]: { response: dashscopeStream("qwen-text") },
    });
    const vl = await modelFor(server, { modelName: "qwen-vl-max" }).call(messages);
    expect(vl.content).toEqual([{ type: "text", text: joinedText("qwen-vl", "content") }]);
    expect(vl.usage?.metadata).toMatchObject({ image_tokens: 1247 });
    await modelFor(server, { modelName: "qvq-max" }).call(messages);
    await modelFor(server, { modelName: "qwen-vl-max", multimodality: false }).call(messages);
    await modelFor(server, { modelName: "qwen-omni-turbo", multimodality: true }).call(messages);
    expect(server.calls.map((c) => c.path)).toEqual([MULTIMODAL, MULTIMODAL, TEXT, MULTIMODAL]);
  });

  it("sends generateKwargs as parameters (per call over the model's) and headers as HTTP headers", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text") },
    });
    const model = modelFor(server, {
      baseHttpApiUrl: `${server.url}/api/v1/`,
      generateKwargs: { temperature: 0.2, seed: 7, headers: { "X-DashScope-WorkSpace": "ws-1" } },
    });
    await model.call(messages, { generateKwargs: { seed: 8 }, toolChoice: "none" });
    expect(server.calls[0]?.path).toBe(TEXT);
    expect(server.calls[0]?.headers["x-dashscope-workspace"]).toBe("ws-1");
    expect(server.calls[0]?.body).toEqual({
      model: "qwen-plus",
      input: { messages },
      parameters: {
        result_format: "message",
        incremental_output: true,
        temperature: 0.2,
        seed: 8,
        tool_choice: "none",
      },
    });
  });

  it("does structured output through a forced generate_structured_output tool call", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-tool-call") },
    });
    const schema = z.object({ location: z.string() });
    const response = await modelFor(server).call(messages, { structuredModel: schema });
    expect(server.calls[0]?.body).toMatchObject({
      parameters: {
        tools: [{ type: "function", function: { name: "generate_structured_output" } }],
        tool_choice: { type: "function", function: { name: "generate_structured_output" } },
      },
    });
    expect(response.metadata).toEqual({ location: "Hangzhou" });
  });
});

describe("DashScopeChatModel without streaming", () => {
  it("sends a JSON request without the SSE header and parses text and usage", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: { type: "json", body: wireJson("qwen-text") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    const call = server.calls[0];
    expect(call?.headers["x-dashscope-sse"]).toBeUndefined();
    expect(call?.headers.accept).toBe("application/json");
    expect(call?.body).toMatchObject({
      parameters: { result_format: "message", incremental_output: false },
    });
    expect(response).toMatchObject({
      id: "5bef2386-0b5d-4a8a-a8a0-1fa7a5c3d002",
      content: [
        {
          type: "text",
          text: "Hello! I am Qwen, a large language model created by Alibaba Cloud. How can I help you today?",
        },
      ],
      usage: { inputTokens: 22, outputTokens: 24 },
      metadata: { request_id: "5bef2386-0b5d-4a8a-a8a0-1fa7a5c3d002", finish_reason: "stop" },
    });
  });

  it("reads output.text when generateKwargs asks for result_format text", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: {
          type: "json",
          body: { output: { text: "Plain text.", finish_reason: "stop" }, request_id: "t-1" },
        },
      },
    });
    const response = await modelFor(server, {
      stream: false,
      generateKwargs: { result_format: "text" },
    }).call(messages);
    expect(server.calls[0]?.body).toMatchObject({ parameters: { result_format: "text" } });
    expect(response).toMatchObject({
      id: "t-1",
      content: [{ type: "text", text: "Plain text." }],
      metadata: { request_id: "t-1", finish_reason: "stop" },
    });
  });

  it("parses a tool call and its arguments", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: { type: "json", body: wireJson("qwen-tool-call") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages, {
      tools: [weatherTool],
      toolChoice: "get_current_weather",
    });
    expect(server.calls[0]?.body).toMatchObject({
      parameters: {
        tool_choice: { type: "function", function: { name: "get_current_weather" } },
      },
    });
    expect(response.content).toEqual([
      {
        type: "tool_use",
        id: "call_6596dafa2a6a46f7a217da",
        name: "get_current_weather",
        input: { location: "Hangzhou" },
      },
    ]);
  });
});

describe("DashScopeChatModel errors and faults", () => {
  it.each([true, false])(
    "names the base URL's host when nothing listens there (stream: %s)",
    (streaming) =>
      expectRefusedConnectionNamesHost("dashscope", "fetch failed", (closed) =>
        modelFor(closed, { stream: streaming, maxRetries: 0 }).call(messages),
      ),
  );

  it("retries Throttling (HTTP 429, honouring Retry-After) and then succeeds", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: [
          { type: "error", status: 429, retryAfter: 0, body: wireJson("throttling-error") },
          dashscopeStream("qwen-text"),
        ],
      },
    });
    const response = await modelFor(server).call(messages);
    expect(server.calls).toHaveLength(2);
    expect(response.content).toEqual([{ type: "text", text: joinedText("qwen-text", "content") }]);
  });

  it("retries a Throttling error event at the start of a stream", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: [
          { type: "stream", format: "dashscope", chunks: [wireJson("throttling-error")] },
          dashscopeStream("qwen-text"),
        ],
      },
    });
    const response = await modelFor(server).call(messages);
    expect(server.calls).toHaveLength(2);
    expect(response.metadata).toMatchObject({ finish_reason: "stop" });
  });

  it("gives up on Throttling after maxRetries with a retryable DashScopeError", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: { type: "error", status: 429, body: wireJson("throttling-error") } },
    });
    const error = await modelFor(server, { maxRetries: 1 })
      .call(messages)
      .catch((e: unknown) => e);
    expect(server.calls).toHaveLength(2);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).retryable).toBe(true);
    expect((error as Error).message).toMatch(/Throttling\.RateQuota.*gave up after 2 attempts/);
    const cause = (error as Error).cause as DashScopeError;
    expect(cause).toBeInstanceOf(DashScopeError);
    expect(cause.errorCode).toBe("Throttling.RateQuota");
    expect(cause.requestId).toBe("2cd0e2b4-3c4f-9b1e-8f6a-5d7c8e9f0001");
  });

  it("does not retry InvalidParameter and names the code, message and request id", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: { type: "error", status: 400, body: wireJson("invalid-parameter-error") },
      },
    });
    const error = (await modelFor(server)
      .call(messages)
      .catch((e: unknown) => e)) as DashScopeError;
    expect(server.calls).toHaveLength(1);
    expect(error).toBeInstanceOf(DashScopeError);
    expect(error).toMatchObject({
      status: 400,
      retryable: false,
      errorCode: "InvalidParameter",
      provider: "dashscope",
    });
    expect(error.message).toMatch(
      /HTTP 400 InvalidParameter: Role must be in.*request_id 2cd0e2b4/,
    );
  });

  it("fails a stream cut mid-way with a clear ModelError and does not retry it", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text", { cutAfter: 2 }) },
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of modelFor(server).stream(messages)) {
        seen.push((chunk.content[0] as { text: string }).text);
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["Hello", "Hello! I am Qwen,"]);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/broke off after 2 chunk/);
    expect(server.calls).toHaveLength(1);
  });

  it("fails a stream that ends early without a finish_reason", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: { ...dashscopeStream("qwen-text", { cutAfter: 3 }), cutMode: "end" as const },
      },
    });
    const error = await modelFor(server, { maxRetries: 0 })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/ended after 3 chunk\(s\) without a finish_reason/);
  });

  it("aborts a stream through the signal and closes the connection", async () => {
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text", { delayMs: 200 }) },
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const error = await (async () => {
      for await (const chunk of modelFor(server).stream(messages, { signal: controller.signal })) {
        seen.push(chunk.content.length);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(seen).toHaveLength(1);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("requires an API key and checks tool schemas", async () => {
    const saved = process.env.DASHSCOPE_API_KEY;
    delete process.env.DASHSCOPE_API_KEY;
    try {
      expect(() => new DashScopeChatModel({ modelName: "qwen-plus" })).toThrow(ValidationError);
      expect(() => new DashScopeChatModel({ modelName: "qwen-plus" })).toThrow(/DASHSCOPE_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.DASHSCOPE_API_KEY = saved;
    }
    await using server = await createTestServer({
      [TEXT]: { response: dashscopeStream("qwen-text") },
    });
    const bad = [{ name: "x" }] as never;
    await expect(modelFor(server).call(messages, { tools: bad })).rejects.toThrow(ValidationError);
    expect(server.calls).toHaveLength(0);
  });
});

describe("DashScopeChatModel transport", () => {
  it("sends over node:http by default (core's nodeHttpFetch), streamed or not; else the fetch given", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: [
          dashscopeStream("qwen-text"),
          { type: "json", body: wireJson("qwen-text") },
          { type: "json", body: wireJson("qwen-text") },
        ],
      },
    });
    const chunks: unknown[] = [];
    for await (const chunk of modelFor(server).stream(messages)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const answer = await modelFor(server, { stream: false }).call(messages);
    expect(answer.content[0]).toMatchObject({ type: "text" });
    await modelFor(server, { stream: false, fetch: globalThis.fetch }).call(messages);
    expect(server.calls.map((c) => sentBy(c.headers))).toEqual(["node:http", "node:http", "fetch"]);
    expect(server.calls[0]?.headers.authorization).toBe("Bearer test-key");
  });
});
