import { InterruptedError, ModelError, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { geminiPath, wireChunks, wireJson, wireParts } from "../__fixtures__/wire-fixtures.js";
import { GeminiChatModel, type GeminiChatModelOptions } from "./gemini-chat-model.js";
import { geminiBaseUrl } from "./gemini-errors.js";

const MODEL = "gemini-3-pro-preview";
const STREAM = geminiPath(MODEL, "streamGenerateContent");
const UNARY = geminiPath(MODEL, "generateContent");
const messages = [{ role: "user", parts: [{ text: "What is the weather in San Francisco?" }] }];
const sdkMessages = messages;
/** The declaration the SDK sends for `weatherTool` (it rewrites JSON Schema types as Gemini's). */
const weatherDeclaration = {
  name: "weather",
  description: "Get the weather in a location",
  parameters: {
    type: "OBJECT",
    properties: { location: { type: "STRING" } },
    required: ["location"],
  },
};
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

function modelFor(server: TestServer, options: Partial<GeminiChatModelOptions> = {}) {
  return new GeminiChatModel({
    modelName: MODEL,
    apiKey: "test-key",
    baseURL: server.url,
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
  format: "gemini" as const,
  chunks: wireChunks(name),
});

function signatureIn(name: string, index: number): string {
  return wireParts(name).filter((p) => typeof p.thoughtSignature === "string")[index]
    ?.thoughtSignature as string;
}

describe("GeminiChatModel streaming against recorded responses", () => {
  it("streams text as cumulative chunks, keeps the closing part's signature on the text block", async () => {
    await using server = await createTestServer({ [STREAM]: { response: stream("google-text") } });
    const chunks = await collect(modelFor(server).stream(messages));
    expect(chunks).toHaveLength(3);
    const text = wireParts("google-text")
      .map((p) => p.text ?? "")
      .join("");
    expect(chunks[0]?.content).toEqual([{ type: "text", text: "There are **3**" }]);
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([
      { type: "text", text, thought_signature: signatureIn("google-text", 0) },
    ]);
    expect(last.id).toBe("bH6LaZW8Fp_3nsEPqtaSwQ4");
    // output = total − prompt, as AgentScope computes it (thinking tokens included).
    expect(last.usage).toMatchObject({ inputTokens: 9, outputTokens: 208 });
    expect(last.metadata).toEqual({ finish_reason: "STOP" });

    const call = server.calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.searchParams.get("alt")).toBe("sse");
    expect(call.headers["x-goog-api-key"]).toBe("test-key");
    expect(call.body).toEqual({ contents: sdkMessages, generationConfig: {} });
  });

  it("sends thinkingConfig and generateKwargs; a thinking model's usage counts its thoughts", async () => {
    await using server = await createTestServer({
      [STREAM]: { response: stream("google-reasoning") },
    });
    const model = modelFor(server, {
      thinkingConfig: { include_thoughts: true, thinking_budget: 1024 },
      generateKwargs: { temperature: 0.2 },
    });
    const last = (
      await collect(model.stream(messages, { generateKwargs: { maxOutputTokens: 512 } }))
    ).at(-1)!;
    expect(last.content).toEqual([
      {
        type: "text",
        text: 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.',
        thought_signature: signatureIn("google-reasoning", 0),
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 9, outputTokens: 285 });
    expect(last.usage?.metadata).toMatchObject({ thoughtsTokenCount: 256 });
    expect(server.calls[0]?.body).toEqual({
      contents: sdkMessages,
      generationConfig: {
        temperature: 0.2,
        maxOutputTokens: 512,
        thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
      },
    });
  });

  it("reads a whole streamed function call: id and thought_signature are the call's signature", async () => {
    await using server = await createTestServer({
      [STREAM]: { response: stream("google-tool-call") },
    });
    const last = (
      await collect(
        modelFor(server).stream(messages, { tools: [weatherTool], toolChoice: "weather" }),
      )
    ).at(-1)!;
    const sig = signatureIn("google-tool-call", 0);
    expect(last.content).toEqual([
      {
        type: "tool_use",
        id: sig,
        name: "weather",
        input: { location: "San Francisco" },
        raw_input: '{"location": "San Francisco"}',
        thought_signature: sig,
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 29, outputTokens: 60 });
    expect(server.calls[0]?.body).toMatchObject({
      tools: [{ functionDeclarations: [weatherDeclaration] }],
      toolConfig: {
        functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["weather"] },
      },
    });
  });

  it("assembles streamed partial function-call arguments (Gemini 3 partialArgs) into two calls", async () => {
    await using server = await createTestServer({
      [geminiPath("gemini-3.1-pro-preview", "streamGenerateContent")]: {
        response: stream("google-stream-tool-call-arguments"),
      },
    });
    const model = modelFor(server, { modelName: "gemini-3.1-pro-preview" });
    const chunks = await collect(model.stream(messages, { tools: [weatherTool] }));
    const sig = signatureIn("google-stream-tool-call-arguments", 0);
    expect(chunks.at(-1)!.content).toEqual([
      {
        type: "tool_use",
        id: sig,
        name: "getWeather",
        input: { location: "Boston" },
        raw_input: '{"location":"Boston"}',
        thought_signature: sig,
      },
      {
        type: "tool_use",
        id: "call_1",
        name: "getWeather",
        input: { location: "San Francisco" },
        raw_input: '{"location":"San Francisco"}',
      },
    ]);
    // While the string streams, the chunk already holds the repaired partial input.
    expect(chunks[1]?.content).toEqual([
      expect.objectContaining({ raw_input: '{"location":"Boston', input: { location: "Boston" } }),
    ]);
    expect(chunks.at(-1)!.usage).toMatchObject({ inputTokens: 26, outputTokens: 155 });
    expect(server.calls[0]?.body).toMatchObject({
      tools: [{ functionDeclarations: [weatherDeclaration] }],
    });
  });

  it("reads a thought part, a call without arguments and three streamed calls", async () => {
    await using server = await createTestServer({
      [geminiPath("gemini-3-flash-preview", "streamGenerateContent")]: {
        response: stream("google-stream-no-args-tool-call"),
      },
    });
    const model = modelFor(server, { modelName: "gemini-3-flash-preview" });
    const last = (await collect(model.stream(messages))).at(-1)!;
    const thought = wireParts("google-stream-no-args-tool-call")[0]?.text as string;
    const sig = signatureIn("google-stream-no-args-tool-call", 0);
    expect(last.content).toEqual([
      { type: "thinking", thinking: thought },
      {
        type: "tool_use",
        id: sig,
        name: "read_theme",
        input: {},
        raw_input: "{}",
        thought_signature: sig,
      },
      ...["A", "B", "C"].map((id, i) => ({
        type: "tool_use",
        id: `call_${i + 1}`,
        name: "read_screen",
        input: { id },
        raw_input: `{"id":"${id}"}`,
      })),
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 249, outputTokens: 241 });
  });

  it("parses structured output from the repaired partial JSON on every chunk", async () => {
    const pieces = ['{"city": "Par', 'is", "temp', 'erature": 21}'];
    const chunks = pieces.map((text, i) => ({
      candidates: [
        {
          content: { role: "model", parts: [{ text }] },
          ...(i === pieces.length - 1 ? { finishReason: "STOP" } : {}),
        },
      ],
      responseId: "so-1",
    }));
    await using server = await createTestServer({
      [STREAM]: { response: { type: "stream", format: "gemini", chunks } },
    });
    const Weather = z.object({
      city: z.string(),
      temperature: z.number(),
      home: z.object({ lat: z.number() }).meta({ id: "Geo" }),
    });
    const out = await collect(
      modelFor(server).stream(messages, { structuredModel: Weather, tools: [weatherTool] }),
    );
    expect(out.map((c) => c.metadata)).toEqual([
      { city: "Par" },
      { city: "Paris" },
      { city: "Paris", temperature: 21 },
    ]);
    const body = server.calls[0]?.body as { generationConfig: Record<string, unknown> };
    expect(body).not.toHaveProperty("tools");
    expect(body.generationConfig.responseMimeType).toBe("application/json");
    expect(body.generationConfig.responseJsonSchema).toMatchObject({
      type: "object",
      properties: { city: { type: "string" }, home: { type: "object" } },
      required: ["city", "temperature", "home"],
    });
    expect(JSON.stringify(body.generationConfig.responseJsonSchema)).not.toMatch(
      /\$ref|\$defs|\$schema/,
    );
  });
});

describe("GeminiChatModel non-streaming against recorded responses", () => {
  it("parses a text response: text with its signature, usage, id, finish reason", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: { type: "json", body: wireJson("google-text") } },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    expect(response.content).toEqual([
      {
        type: "text",
        text: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
        thought_signature:
          "EtoFCtcFAb4+9vtfe4MXRxQjw48U1WKrR/7lYsgFkVi/bepqsSPjY0VU7HEzkeCBIfy1fu5t9aUZ4IZ65aWagqbBrV45fc97olcg",
      },
    ]);
    expect(response.id).toBe("Un6LacrVMcjUxs0PmJfWoQc");
    expect(response.usage).toMatchObject({ inputTokens: 9, outputTokens: 272 });
    expect(response.metadata).toEqual({ finish_reason: "STOP" });
    expect(server.calls[0]?.path).toBe(UNARY);
    expect(server.calls[0]?.body).toEqual({ contents: sdkMessages, generationConfig: {} });
  });

  it("parses a tool call with its signature, toolChoice modes and $defs-free declarations", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: { type: "json", body: wireJson("google-tool-call") } },
    });
    const model = modelFor(server, { stream: false });
    const nested = {
      type: "function" as const,
      function: {
        name: "plan",
        description: "Plan a trip",
        parameters: {
          type: "object",
          properties: { stop: { $ref: "#/$defs/Stop" } },
          $defs: { Stop: { type: "object", properties: { city: { type: "string" } } } },
        },
      },
    };
    const response = await model.call(messages, {
      tools: [weatherTool, nested],
      toolChoice: "required",
    });
    const sig = wireJson<{ candidates: { content: { parts: { thoughtSignature: string }[] } }[] }>(
      "google-tool-call",
    ).candidates[0]!.content.parts[0]!.thoughtSignature;
    expect(response.content).toEqual([
      {
        type: "tool_use",
        id: sig,
        name: "weather",
        input: { location: "San Francisco" },
        raw_input: '{"location": "San Francisco"}',
        thought_signature: sig,
      },
    ]);
    // The SDK keeps finishReason (and safety ratings) but not finishMessage.
    expect(response.metadata).toEqual({ finish_reason: "STOP" });
    expect(server.calls[0]?.body).toMatchObject({
      tools: [
        {
          functionDeclarations: [
            weatherDeclaration,
            {
              name: "plan",
              description: "Plan a trip",
              parameters: {
                type: "OBJECT",
                properties: { stop: { type: "OBJECT", properties: { city: { type: "STRING" } } } },
              },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: "ANY" } },
    });
    for (const [choice, mode] of [
      ["auto", "AUTO"],
      ["none", "NONE"],
    ] as const) {
      await model.call(messages, { tools: [weatherTool], toolChoice: choice });
      expect(server.calls.at(-1)?.body).toMatchObject({
        toolConfig: { functionCallingConfig: { mode } },
      });
    }
  });

  it("sends formatted parts as the SDK's camelCase, signatures unchanged", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: { type: "json", body: wireJson("google-text") } },
    });
    await modelFor(server, { stream: false }).call([
      {
        role: "user",
        parts: [{ text: "hi" }, { inline_data: { data: "AAAA", mime_type: "image/png" } }],
      },
      {
        role: "model",
        parts: [
          {
            function_call: { id: null, name: "weather", args: { snake_key: 1 } },
            thought_signature: "c2lnXzE=",
          },
        ],
      },
      {
        role: "user",
        parts: [
          { function_response: { id: "c2lnXzE=", name: "weather", response: { output: "sunny" } } },
        ],
      },
    ]);
    expect((server.calls[0]!.body as { contents: unknown }).contents).toEqual([
      {
        role: "user",
        parts: [{ text: "hi" }, { inlineData: { data: "AAAA", mimeType: "image/png" } }],
      },
      {
        role: "model",
        parts: [
          {
            functionCall: { name: "weather", args: { snake_key: 1 } },
            thoughtSignature: "c2lnXzE=",
          },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { id: "c2lnXzE=", name: "weather", response: { output: "sunny" } } },
        ],
      },
    ]);
  });

  it("rejects messages that are not formatted Gemini contents, naming the fix", async () => {
    await using server = await createTestServer({});
    const error = await modelFor(server, { stream: false })
      // @ts-expect-error an OpenAI-shaped message is no Gemini content (JavaScript callers can pass one)
      .call([{ role: "user", content: "hi" }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/parts/);
    expect(server.calls).toHaveLength(0);
  });
});

describe("GeminiChatModel faults", () => {
  it("reads the SDK client's base URL: the default Gemini API host or a custom one", () => {
    const defaults = new GeminiChatModel({ modelName: MODEL, apiKey: "k" });
    expect(new URL(geminiBaseUrl(defaults.client) ?? "").host).toBe(
      "generativelanguage.googleapis.com",
    );
    const custom = new GeminiChatModel({ modelName: MODEL, apiKey: "k", baseURL: "http://h:1" });
    expect(geminiBaseUrl(custom.client)).toMatch(/^http:\/\/h:1/);
    expect(geminiBaseUrl({})).toBeUndefined();
  });

  it.each([true, false])(
    "names the base URL's host when nothing listens there (stream: %s)",
    (streaming) =>
      expectRefusedConnectionNamesHost("gemini", /./, (closed) =>
        modelFor(closed, { stream: streaming, maxRetries: 0 }).call(messages),
      ),
  );

  it("reads the recorded 429's RetryInfo into retryAfterMs when it gives up", async () => {
    await using server = await createTestServer({
      [UNARY]: {
        response: { type: "error", status: 429, body: wireJson("google-429-retry-info") },
      },
    });
    const error = await modelFor(server, { stream: false, maxRetries: 0 })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 34_400,
      provider: "gemini",
    });
    expect((error as Error).message).toMatch(/RESOURCE_EXHAUSTED: You exceeded your current quota/);
  });

  it("waits the RetryInfo delay before retrying a 429, then succeeds", async () => {
    const body = wireJson<{ error: { details: Record<string, unknown>[] } }>(
      "google-429-retry-info",
    );
    body.error.details[1] = { ...body.error.details[1], retryDelay: "0.05s" };
    await using server = await createTestServer({
      [STREAM]: { response: [{ type: "error", status: 429, body }, stream("google-text")] },
    });
    const delays: number[] = [];
    const model = modelFor(server, {
      retry: { initialDelayMs: 1, maxDelayMs: 5, onRetry: (info) => delays.push(info.delayMs) },
    });
    const last = (await collect(model.stream(messages))).at(-1)!;
    expect(last.id).toBe("bH6LaZW8Fp_3nsEPqtaSwQ4");
    expect(delays).toEqual([50]);
    expect(server.calls).toHaveLength(2);
  });

  it("does not retry a 400 and shows the API's message", async () => {
    await using server = await createTestServer({
      [UNARY]: {
        response: {
          type: "error",
          status: 400,
          body: { error: { code: 400, message: "API key not valid", status: "INVALID_ARGUMENT" } },
        },
      },
    });
    const error = await modelFor(server, { stream: false })
      .call(messages)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect((error as Error).message).toMatch(/INVALID_ARGUMENT: API key not valid/);
    expect(server.calls).toHaveLength(1);
  });

  it("surfaces a stream cut mid-way as a clear error, whether reset or ended early", async () => {
    for (const cutMode of ["destroy", "end"] as const) {
      await using server = await createTestServer({
        [STREAM]: {
          response: {
            ...stream("google-stream-tool-call-arguments"),
            cutAfter: 3,
            cutMode,
            delayMs: 5,
          },
        },
      });
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const chunk of modelFor(server, { maxRetries: 0 }).stream(messages))
          seen.push(chunk);
      })().catch((e: unknown) => e);
      expect(error, cutMode).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(
        cutMode === "destroy"
          ? /stream broke off after \d+ chunk/
          : /ended before the model finished/,
      );
      expect((error as ModelError).retryable).toBe(true);
      expect(seen.length).toBeGreaterThan(0);
    }
  });

  it("stops the HTTP request when aborted during a stream", async () => {
    const line = wireChunks("google-text")[0] as string;
    await using server = await createTestServer({
      [STREAM]: {
        response: { type: "stream", format: "gemini", chunks: Array(200).fill(line), delayMs: 10 },
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
  });

  it("times out a stalled server and retries", async () => {
    await using server = await createTestServer({
      [UNARY]: { response: [{ type: "stall" }, { type: "json", body: wireJson("google-text") }] },
    });
    const response = await modelFor(server, { stream: false, timeout: 200 }).call(messages);
    expect(response.id).toBe("Un6LacrVMcjUxs0PmJfWoQc");
    expect(server.calls).toHaveLength(2);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
  });
});

describe("GeminiChatModel safety information", () => {
  it("puts the finish reason, safety ratings and prompt feedback in metadata", async () => {
    const ratings = [
      { category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "HIGH", blocked: true },
    ];
    await using server = await createTestServer({
      [UNARY]: {
        response: {
          type: "json",
          body: {
            candidates: [{ finishReason: "SAFETY", safetyRatings: ratings, index: 0 }],
            promptFeedback: { safetyRatings: ratings },
            usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
            responseId: "safety-1",
          },
        },
      },
    });
    const response = await modelFor(server, { stream: false }).call(messages);
    expect(response.content).toEqual([]);
    expect(response.metadata).toEqual({
      finish_reason: "SAFETY",
      safety_ratings: ratings,
      prompt_feedback: { safetyRatings: ratings },
    });
    expect(response.usage).toMatchObject({ inputTokens: 5, outputTokens: 0 });
  });
});

describe("GeminiChatModel options", () => {
  it("rejects a thinkingConfig that is not an object and a toolChoice naming no given tool", async () => {
    expect(
      () =>
        new GeminiChatModel({
          modelName: MODEL,
          apiKey: "k",
          thinkingConfig: true as unknown as Record<string, unknown>,
        }),
    ).toThrow(/thinkingConfig/);
    await using server = await createTestServer({});
    const error = await modelFor(server)
      .call(messages, { tools: [weatherTool], toolChoice: "time" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(server.calls).toHaveLength(0);
  });
});

describe("GeminiChatModel structured output, not streaming", () => {
  it("parses the JSON text into metadata (repairing a cut-off end) instead of finish information", async () => {
    await using server = await createTestServer({
      [UNARY]: {
        response: {
          type: "json",
          body: {
            candidates: [
              {
                content: {
                  role: "model",
                  parts: [{ text: '{"city": "Paris", "temperature": 21' }],
                },
                finishReason: "MAX_TOKENS",
              },
            ],
            usageMetadata: { promptTokenCount: 10, totalTokenCount: 22 },
          },
        },
      },
    });
    const Weather = z.object({ city: z.string(), temperature: z.number() });
    const response = await modelFor(server, { stream: false }).call(messages, {
      structuredModel: Weather,
      toolChoice: "auto",
      tools: [weatherTool],
    });
    expect(response.metadata).toEqual({ city: "Paris", temperature: 21 });
    expect(response.content).toEqual([
      { type: "text", text: '{"city": "Paris", "temperature": 21' },
    ]);
    const body = server.calls[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("toolConfig");
    expect(body.generationConfig).toMatchObject({ responseMimeType: "application/json" });
  });
});
