import { InterruptedError, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { joinDeltas, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-chat-model.js";

const PATH = "/v1/chat/completions";
const messages: OpenAIChatMessage[] = [
  { role: "user", content: "What is the weather in San Francisco?" },
];
const weatherTool = {
  type: "function" as const,
  function: {
    name: "weather",
    description: "Get the weather in a location",
    parameters: {
      type: "object",
      properties: { location: { type: "string" } },
      required: ["location"],
    },
  },
};

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

const stream = (name: string) => ({
  type: "stream" as const,
  format: "openai" as const,
  chunks: wireChunks(name),
});

describe("OpenAIChatModel streaming against recorded responses", () => {
  it("streams OpenAI text as cumulative chunks with usage, asking for usage in the request", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream("openai-text") } });
    const model = modelFor(server);
    const chunks = await collect(model.stream(messages));
    const expectedText = joinDeltas(wireChunks("openai-text"), "content");
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: expectedText }]);
    expect(last.id).toBe("chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0");
    expect(last.usage).toMatchObject({ inputTokens: 16, outputTokens: 300 });
    expect(last.usage?.metadata).toMatchObject({ total_tokens: 316 });
    const lengths = chunks.map(
      (c) => (c.content[0] as { text: string } | undefined)?.text.length ?? 0,
    );
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(chunks.length).toBeGreaterThan(100);

    const call = server.calls[0]!;
    expect(call.headers.authorization).toBe("Bearer test-key");
    expect(call.body).toEqual({
      model: "gpt-4.1-nano",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("assembles a DeepSeek tool call split across chunks, with reasoning as a thinking block", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("deepseek-tool-call") },
    });
    const model = modelFor(server, { modelName: "deepseek-reasoner" });
    const chunks = await collect(
      model.stream(messages, { tools: [weatherTool], toolChoice: "weather" }),
    );
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([
      {
        type: "thinking",
        thinking: joinDeltas(wireChunks("deepseek-tool-call"), "reasoning_content"),
      },
      {
        type: "tool_use",
        id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
        name: "weather",
        input: { location: "San Francisco" },
        raw_input: '{"location": "San Francisco"}',
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 339, outputTokens: 83 });
    // While the arguments stream, chunks carry the repaired partial input.
    const partial = chunks
      .map(
        (c) =>
          c.content.find((b) => b.type === "tool_use") as
            | { input: unknown; raw_input: string }
            | undefined,
      )
      .filter((b) => b && b.raw_input.length > 0 && b.raw_input.length < 29);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.at(-1)!.input).toEqual({ location: "San Francisco" });
    expect(server.calls[0]?.body).toMatchObject({
      tools: [weatherTool],
      tool_choice: { type: "function", function: { name: "weather" } },
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("reads xAI's whole tool call and its usage-only last chunk", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream("xai-tool-call") } });
    const last = (
      await collect(modelFor(server).stream(messages, { tools: [weatherTool], toolChoice: "auto" }))
    ).at(-1)!;
    expect(last.content.map((b) => b.type)).toEqual(["thinking", "tool_use"]);
    expect(last.content[1]).toMatchObject({
      id: "call_79382389",
      name: "weather",
      input: { location: "San Francisco" },
    });
    expect(last.usage).toMatchObject({ inputTokens: 307, outputTokens: 26 });
    expect(server.calls[0]?.body).toMatchObject({ tool_choice: "auto" });
  });

  it("keeps the first id when later pieces carry empty ids (DashScope compatible mode)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("alibaba-tool-call") },
    });
    const last = (await collect(modelFor(server, { modelName: "qwen3-max" }).stream(messages))).at(
      -1,
    )!;
    expect(last.content).toEqual([
      {
        type: "tool_use",
        id: "call_eee11723464a4b9eb8cee71d",
        name: "weather",
        input: { location: "San Francisco" },
        raw_input: '{"location": "San Francisco"}',
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 295, outputTokens: 22 });
  });

  it("assembles several interleaved tool calls and keeps input {} until the end without streamToolParsing", async () => {
    const piece = (index: number, fn: Record<string, string>, id?: string) => ({
      id: "c1",
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index, ...(id ? { id, type: "function" } : {}), function: fn }] },
        },
      ],
    });
    const chunks = [
      piece(0, { name: "weather", arguments: "" }, "call_a"),
      piece(1, { name: "time", arguments: '{"zone": ' }, "call_b"),
      piece(0, { arguments: '{"location": "Par' }),
      piece(1, { arguments: '"CET"}' }),
      piece(0, { arguments: 'is"}' }),
      { id: "c1", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "openai", chunks } },
    });
    const model = modelFor(server, { streamToolParsing: false });
    const out = await collect(model.stream(messages));
    for (const chunk of out.slice(0, -1)) {
      for (const block of chunk.content) expect((block as { input: unknown }).input).toEqual({});
    }
    expect(out.at(-1)!.content).toEqual([
      {
        type: "tool_use",
        id: "call_a",
        name: "weather",
        input: { location: "Paris" },
        raw_input: '{"location": "Paris"}',
      },
      {
        type: "tool_use",
        id: "call_b",
        name: "time",
        input: { zone: "CET" },
        raw_input: '{"zone": "CET"}',
      },
    ]);
  });
});

describe("OpenAIChatModel non-streaming against recorded responses", () => {
  it("reads a cut JSON body as a retryable malformed-response ModelError", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "binary",
          body: new TextEncoder().encode('{"id": "chatcmpl-1", "choi'),
          contentType: "application/json",
        },
      },
    });
    const error: unknown = await modelFor(server, { stream: false, maxRetries: 0 })
      .call(messages)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toContain("malformed response");
    expect((error as ModelError).retryable).toBe(true);
  });

  it("parses a completion: text, usage and id; the request says stream: false", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("openai-text") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    const body = wireJson<{ choices: { message: { content: string } }[] }>("openai-text");
    expect(response.content).toEqual([{ type: "text", text: body.choices[0]!.message.content }]);
    expect(response.id).toBe("chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU");
    expect(response.usage).toMatchObject({
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
    });
    expect(server.calls[0]?.body).toEqual({ model: "gpt-4.1-nano", messages, stream: false });
  });

  it("parses DeepSeek reasoning and a tool call (no raw_input, as AgentScope)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("deepseek-tool-call") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages, {
      tools: [weatherTool],
    });
    expect(response.content).toEqual([
      { type: "thinking", thinking: expect.stringMatching(/^The user is asking for the weather/) },
      {
        type: "tool_use",
        id: "call_00_9V0vrf86Pc9aelHCJMZqnJBo",
        name: "weather",
        input: { location: "San Francisco" },
      },
    ]);
    expect(response.usage).toMatchObject({ inputTokens: 339, outputTokens: 92 });
  });

  it("sends reasoningEffort, generateKwargs and per-call kwargs, letting kwargs win", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("openai-text") } },
    });
    const model = modelFor(server, {
      stream: false,
      reasoningEffort: "high",
      generateKwargs: { temperature: 0.2, seed: 7 },
    });
    await model.call(messages, { generateKwargs: { temperature: 0.5 } });
    expect(server.calls[0]?.body).toMatchObject({
      reasoning_effort: "high",
      temperature: 0.5,
      seed: 7,
    });
    await model.call(messages, { generateKwargs: { reasoning_effort: "low" } });
    expect(server.calls[1]?.body).toMatchObject({ reasoning_effort: "low" });
  });
});

describe("OpenAIChatModel structured output", () => {
  const Weather = z
    .object({ location: z.string(), condition: z.string(), temperature: z.number() })
    .meta({ title: "Weather" });

  it("asks for a JSON schema response_format and puts the parsed object in metadata", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("deepseek-json") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages, {
      structuredModel: Weather,
      tools: [weatherTool],
      toolChoice: "auto",
    });
    expect(response.metadata).toEqual({
      location: "San Francisco",
      condition: "cloudy",
      temperature: 7,
    });
    const body = server.calls[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("stream");
    expect(body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: {
        name: "Weather",
        strict: true,
        schema: {
          type: "object",
          required: ["location", "condition", "temperature"],
          additionalProperties: false,
        },
      },
    });
  });

  it("streams JSON output with the partial object in each chunk's metadata", async () => {
    const text = '{"location": "San Francisco", "condition": "cloudy", "temperature": 7}';
    const pieces = text.match(/.{1,9}/g)!;
    const chunks = [
      ...pieces.map((p) => ({ id: "s1", choices: [{ index: 0, delta: { content: p } }] })),
      { id: "s1", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
      { id: "s1", choices: [], usage: { prompt_tokens: 5, completion_tokens: 9 } },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "openai", chunks } },
    });
    const out = await collect(modelFor(server).stream(messages, { structuredModel: Weather }));
    expect(out[1]?.metadata).toEqual({ location: expect.stringMatching(/^San/) });
    expect(out.at(-1)?.metadata).toEqual({
      location: "San Francisco",
      condition: "cloudy",
      temperature: 7,
    });
    expect(out.at(-1)?.usage).toMatchObject({ inputTokens: 5, outputTokens: 9 });
    expect(server.calls[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: "json_schema" },
    });
  });

  it("falls back to a forced tool call when the endpoint refuses response_format, and stays there", async () => {
    const toolAnswer = {
      id: "x",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "",
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: {
                  name: "generate_structured_output",
                  arguments: '{"location": "Paris", "condition": "sunny", "temperature": 21}',
                },
              },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
    };
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "error",
            status: 400,
            body: {
              error: {
                message: "This response_format type is unavailable now",
                type: "invalid_request_error",
              },
            },
          },
          { type: "json", body: toolAnswer },
          { type: "json", body: toolAnswer },
        ],
      },
    });
    const model = modelFor(server, { stream: false });
    const response = await model.call(messages, { structuredModel: Weather });
    expect(response.metadata).toEqual({ location: "Paris", condition: "sunny", temperature: 21 });
    expect(model.structuredOutputFallback).toBe(true);
    const second = server.calls[1]?.body as Record<string, unknown>;
    expect(second).not.toHaveProperty("response_format");
    expect(second.tool_choice).toEqual({
      type: "function",
      function: { name: "generate_structured_output" },
    });
    expect(second.tools).toMatchObject([
      {
        type: "function",
        function: {
          name: "generate_structured_output",
          description: "Generate the required structured output with this function",
          parameters: { type: "object", required: ["location", "condition", "temperature"] },
        },
      },
    ]);
    await model.call(messages, { structuredModel: Weather });
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2]?.body).not.toHaveProperty("response_format");
  });
});

describe("OpenAIChatModel clients", () => {
  it("sends the organization and extra client options (headers) to the server", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("openai-text") } },
    });
    const model = modelFor(server, {
      stream: false,
      organization: "org-1",
      clientKwargs: { defaultHeaders: { "x-extra": "yes" } },
    });
    await model.call(messages);
    expect(server.calls[0]?.headers).toMatchObject({
      "openai-organization": "org-1",
      "x-extra": "yes",
    });
  });

  it("builds an Azure client from clientKwargs (deployment path, api-version, api-key header)", async () => {
    await using server = await createTestServer({
      "*": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const model = new OpenAIChatModel({
      modelName: "gpt-4o",
      stream: false,
      clientType: "azure",
      apiKey: "azure-key",
      clientKwargs: { endpoint: server.url, apiVersion: "2024-10-21", deployment: "my-deploy" },
    });
    await model.call(messages);
    const call = server.calls[0]!;
    expect(call.path).toBe("/openai/deployments/my-deploy/chat/completions");
    expect(call.searchParams.get("api-version")).toBe("2024-10-21");
    expect(call.headers["api-key"]).toBe("azure-key");
  });

  it("rejects an unknown clientType and messages without role/content", async () => {
    expect(
      () => new OpenAIChatModel({ modelName: "m", apiKey: "k", clientType: "x" as never }),
    ).toThrow(/clientType/);
    await using server = await createTestServer({});
    // @ts-expect-error a message without a role does not type-check; it is rejected at run time too
    const call = modelFor(server).call([{ content: "hi" }]);
    await expect(call).rejects.toBeInstanceOf(ValidationError);
    expect(server.calls).toHaveLength(0);
  });
});

describe("OpenAIChatModel audio output", () => {
  it("returns audio and its transcript from a non-streaming audio answer", async () => {
    const body = {
      id: "a1",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            audio: { id: "au", data: "UklGRg==", transcript: "Hello!" },
          },
          finish_reason: "stop",
        },
      ],
    };
    await using server = await createTestServer({ [PATH]: { response: { type: "json", body } } });
    const model = modelFor(server, {
      modelName: "gpt-4o-audio-preview",
      stream: false,
      generateKwargs: { modalities: ["text", "audio"], audio: { voice: "alloy", format: "wav" } },
    });
    const response = await model.call(messages);
    expect(response.content).toEqual([
      { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "UklGRg==" } },
      { type: "text", text: "Hello!" },
    ]);
    expect(server.calls[0]?.body).toMatchObject({
      modalities: ["text", "audio"],
      audio: { format: "wav" },
    });
  });

  it("streams audio data and appends the transcript to the text", async () => {
    const chunks = [
      {
        id: "a2",
        choices: [{ index: 0, delta: { audio: { id: "au", data: "AAA", transcript: "He" } } }],
      },
      { id: "a2", choices: [{ index: 0, delta: { audio: { data: "BBB", transcript: "llo" } } }] },
      { id: "a2", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "openai", chunks } },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.content).toEqual([
      { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "AAABBB" } },
      { type: "text", text: "Hello" },
    ]);
  });

  it("prefixes base64 input audio for Qwen-Omni models", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("openai-text") } },
    });
    const audio = { data: "QUJD", format: "wav" as const };
    const input: OpenAIChatMessage[] = [
      { role: "user", content: [{ type: "input_audio", input_audio: audio }] },
    ];
    await modelFor(server, { modelName: "qwen-omni-turbo", stream: false }).call(input);
    expect(server.calls[0]?.body).toMatchObject({
      messages: [{ content: [{ input_audio: { data: "data:;base64,QUJD" } }] }],
    });
    expect(audio.data).toBe("QUJD");
  });
});

describe("OpenAIChatModel faults", () => {
  it.each([true, false])(
    "names the base URL's host when nothing listens there (stream: %s)",
    (streaming) =>
      expectRefusedConnectionNamesHost("openai", "Connection error.", (closed) =>
        modelFor(closed, { stream: streaming, maxRetries: 0 }).call(messages),
      ),
  );

  it("maps a 400 to a non-retryable ModelError with the API's message", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "error",
          status: 400,
          body: wireJson("reasoning-model-legacy-parameter-error"),
        },
      },
    });
    const error = await modelFor(server, { stream: false })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 400, retryable: false, provider: "openai" });
    expect((error as Error).message).toMatch(/Unsupported parameter: 'max_tokens'/);
    expect(server.calls).toHaveLength(1);
  });

  it("retries a 429 after the Retry-After delay it states", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "error",
            status: 429,
            retryAfter: 1,
            body: { error: { message: "Rate limit reached", type: "requests" } },
          },
          stream("openai-text"),
        ],
      },
    });
    const retries: { attempt: number; delayMs: number; status: unknown }[] = [];
    const model = modelFor(server, {
      retry: {
        initialDelayMs: 1,
        maxDelayMs: 5,
        onRetry: ({ attempt, delayMs, error }) =>
          retries.push({ attempt, delayMs, status: (error as { status?: unknown }).status }),
      },
    });
    const response = await model.call(messages);
    expect(response.content[0]).toMatchObject({ type: "text" });
    expect(server.calls).toHaveLength(2);
    // The wait is the server's Retry-After (1 s), not the 1-5 ms backoff configured.
    expect(retries).toEqual([{ attempt: 1, delayMs: 1000, status: 429 }]);
  });

  it("carries Retry-After and retry-after-ms into retryAfterMs when it gives up", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 429, retryAfter: 3, body: { error: { message: "slow" } } },
          {
            type: "error",
            status: 503,
            headers: { "retry-after-ms": "250" },
            body: { error: { message: "busy" } },
          },
        ],
      },
    });
    const model = modelFor(server, { stream: false, maxRetries: 0 });
    await expect(model.call(messages)).rejects.toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 3000,
    });
    await expect(model.call(messages)).rejects.toMatchObject({
      status: 503,
      retryable: true,
      retryAfterMs: 250,
    });
  });

  it("retries a 500 and then succeeds; gives up with status after maxRetries", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "error", status: 500, body: { error: { message: "boom" } } },
          { type: "json", body: wireJson("openai-text") },
        ],
      },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    expect(response.id).toBe("chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU");
    expect(server.calls).toHaveLength(2);

    await using failing = await createTestServer({
      [PATH]: { response: { type: "error", status: 503, body: "down" } },
    });
    const error = await modelFor(failing, { stream: false, maxRetries: 1 })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect((error as Error).message).toMatch(/gave up after 2 attempts/);
  });

  it("retries a connection reset before the first chunk", async () => {
    await using server = await createTestServer({
      [PATH]: { response: [{ type: "reset" }, stream("deepseek-text")] },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.usage).toMatchObject({ outputTokens: 400 });
    expect(server.calls).toHaveLength(2);
  });

  it("surfaces a stream cut mid-tool-call as a clear error, whether reset or ended early", async () => {
    for (const cutMode of ["destroy", "end"] as const) {
      await using server = await createTestServer({
        [PATH]: {
          response: {
            type: "stream",
            format: "openai",
            chunks: wireChunks("deepseek-tool-call"),
            cutAfter: 46,
            cutMode,
          },
        },
      });
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const chunk of modelFor(server).stream(messages, { tools: [weatherTool] }))
          seen.push(chunk);
      })().catch((e: unknown) => e);
      expect(error, cutMode).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(
        cutMode === "destroy"
          ? /stream broke off after \d+ chunk/
          : /ended before the model finished/,
      );
      expect((error as Error).message).toMatch(/partial answer was discarded/);
      expect(seen.length).toBeGreaterThan(0);
      expect(server.calls).toHaveLength(1);
    }
  });

  it("turns an error event inside a stream into a ModelError carrying the provider's message", async () => {
    const chunks = [
      { id: "e1", choices: [{ index: 0, delta: { content: "Hel" } }] },
      { error: { message: "The server is overloaded", type: "server_error" } },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "openai", chunks } },
    });
    const error = await collect(modelFor(server).stream(messages)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/broke off after 1 chunk.*The server is overloaded/);
  });

  it("times out a stalled server and retries", async () => {
    await using server = await createTestServer({
      [PATH]: { response: [{ type: "stall" }, { type: "json", body: wireJson("openai-text") }] },
    });
    const response = await modelFor(server, { stream: false, timeout: 200 }).call(messages);
    expect(response.id).toBe("chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU");
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });

  it("stops the HTTP request when aborted during a stream", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "openai",
          chunks: wireChunks("openai-text"),
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
          format: "openai",
          chunks: wireChunks("openai-text"),
          delayMs: 10,
        },
      },
    });
    for await (const _ of modelFor(server).stream(messages)) break;
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });
});
