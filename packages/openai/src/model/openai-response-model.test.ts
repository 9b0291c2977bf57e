import { type ChatResponse, ModelError, Msg, ValidationError } from "@agentscope-ts/core";
import { expectRefusedConnectionNamesHost } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  joinEventDeltas,
  responsesChunks,
  responsesJson,
  splitStreams,
} from "../__fixtures__/responses-fixtures.js";
import { OpenAIResponseChatFormatter } from "../formatter/openai-response-chat-formatter.js";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { OpenAIResponseModel, type OpenAIResponseModelOptions } from "./openai-response-model.js";

const PATH = "/v1/responses";
const input: OpenAIResponseInputItem[] = [
  { role: "user", content: [{ type: "input_text", text: "Hi" }] },
];
const calculatorTool = {
  type: "function" as const,
  function: {
    name: "calculator",
    description: "A minimal calculator for basic arithmetic.",
    parameters: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" }, op: { type: "string" } },
      required: ["a", "b", "op"],
    },
  },
};
const Weather = z.object({ city: z.string(), temperature: z.number() }).meta({ title: "Weather" });

function modelFor(server: TestServer, options: Partial<OpenAIResponseModelOptions> = {}) {
  return new OpenAIResponseModel({
    modelName: "gpt-4.1-mini",
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

const stream = (chunks: readonly unknown[], extra: Record<string, unknown> = {}) => ({
  type: "stream" as const,
  format: "openai-responses" as const,
  chunks,
  ...extra,
});
const recorded = splitStreams(responsesChunks("openai-reasoning-encrypted-content.1"));
const reasoningCall = recorded[0] as string[];

function toolUse(response: ChatResponse) {
  return response.content.find((b) => b.type === "tool_use") as
    | { id: string; name: string; input: Record<string, unknown>; raw_input?: string }
    | undefined;
}

describe("OpenAIResponseModel streaming (real SDK against the test server)", () => {
  it("streams text as cumulative chunks with usage; sends model, input and stream", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream(responsesChunks("text")) },
    });
    const chunks = await collect(modelFor(server).stream(input));
    const texts = chunks.map((c) => (c.content[0] as { text: string }).text);
    expect(texts.slice(0, 5)).toEqual([
      "Hello",
      "Hello!",
      "Hello! How can I",
      "Hello! How can I help you",
      "Hello! How can I help you today?",
    ]);
    const last = chunks.at(-1)!;
    expect(last.id).toBe("resp_text_01");
    expect(last.content).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    expect(last.usage).toMatchObject({ inputTokens: 36, outputTokens: 11 });
    expect(server.calls[0]?.path).toBe(PATH);
    expect(server.calls[0]?.body).toEqual({ model: "gpt-4.1-mini", input, stream: true });
  });

  it("assembles recorded reasoning and a function call split over deltas (id = call_id)", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream(reasoningCall) } });
    const model = modelFor(server, {
      modelName: "gpt-5.1-codex-max",
      reasoningEffort: "high",
      reasoningSummary: "detailed",
      generateKwargs: { store: false },
    });
    const chunks = await collect(
      model.stream(input, { tools: [calculatorTool], toolChoice: "calculator" }),
    );
    const last = chunks.at(-1)!;
    const thinking = last.content[0] as unknown as Record<string, unknown>;
    expect(thinking).toMatchObject({
      type: "thinking",
      thinking: joinEventDeltas(reasoningCall, "response.reasoning_summary_text.delta"),
    });
    const encrypted = (
      JSON.parse(
        reasoningCall.find(
          (l) => l.includes('"response.output_item.done"') && l.includes('"reasoning"'),
        ) as string,
      ) as { item: { id: string; encrypted_content: string } }
    ).item;
    expect(thinking.reasoning_items).toEqual([
      { id: encrypted.id, encrypted_content: encrypted.encrypted_content },
    ]);
    expect(toolUse(last)).toEqual({
      type: "tool_use",
      id: "call_AB6AaRZ1FYZB2RwS6A5vbdqn",
      name: "calculator",
      input: { a: 12, b: 7, op: "add" },
      raw_input: '{"a":12,"b":7,"op":"add"}',
    });
    expect(last.id).toBe("resp_01830d662ab3856501693c321345c88190b0de00f3b9975691");
    expect(last.usage).toMatchObject({ inputTokens: 134, outputTokens: 28 });
    expect(last.usage?.metadata).toMatchObject({
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
    // While the arguments stream, chunks carry the repaired partial input.
    const partial = chunks.map(toolUse).filter((b) => b?.raw_input && b.raw_input.length < 25);
    expect(partial.length).toBeGreaterThan(3);
    expect(partial.at(-1)?.input).toMatchObject({ a: 12, b: 7 });
    expect(server.calls[0]?.body).toMatchObject({
      model: "gpt-5.1-codex-max",
      stream: true,
      store: false,
      include: ["reasoning.encrypted_content"],
      reasoning: { effort: "high", summary: "detailed" },
      tools: [{ type: "function", ...calculatorTool.function }],
      tool_choice: { type: "function", name: "calculator" },
    });
  });

  it("keeps tool input empty until the last chunk with streamToolParsing: false", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream(reasoningCall) } });
    const chunks = await collect(modelFor(server, { streamToolParsing: false }).stream(input));
    const inputs = chunks.map(toolUse).filter((b) => b !== undefined);
    expect(inputs.slice(0, -1).every((b) => Object.keys(b.input).length === 0)).toBe(true);
    expect(inputs.at(-1)?.input).toEqual({ a: 12, b: 7, op: "add" });
  });

  it("streams structured output through text.format, the parsed object in metadata", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream(responsesChunks("structured")) },
    });
    const chunks = await collect(
      modelFor(server).stream(input, { structuredModel: Weather, tools: [calculatorTool] }),
    );
    const last = chunks.at(-1)!;
    expect(last.metadata).toEqual({ city: "Paris", temperature: 18.5 });
    expect(last.usage?.metadata).toMatchObject({ input_tokens_details: { cached_tokens: 1920 } });
    const body = server.calls[0]?.body as Record<string, unknown>;
    expect(body.text).toMatchObject({
      format: { type: "json_schema", name: "Weather", strict: true },
    });
    expect((body.text as { format: { schema: unknown } }).format.schema).toMatchObject({
      type: "object",
      required: ["city", "temperature"],
    });
    expect(body).not.toHaveProperty("tools");
    expect(server.calls).toHaveLength(1);
  });

  it("turns a recorded error event into a non-retryable ModelError with the provider's message", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream(responsesChunks("openai-error.1")) },
    });
    const error = await collect(modelFor(server).stream(input)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: false, provider: "openai" });
    expect((error as Error).message).toMatch(/exceeded your current quota/);
    expect(server.calls).toHaveLength(1);
  });

  it("retries a server fault sent as type server_error with code null (error event, then response.failed)", async () => {
    const fault = responsesChunks("server-error");
    await using server = await createTestServer({
      [PATH]: {
        response: [
          stream(fault),
          // The same fault without the error event: response.failed alone decides.
          stream(fault.filter((line) => !line.startsWith('{"type":"error"'))),
          stream(responsesChunks("text")),
        ],
      },
    });
    const last = (await collect(modelFor(server).stream(input))).at(-1)!;
    expect(last.content).toEqual([
      {
        type: "text",
        text: joinEventDeltas(responsesChunks("text"), "response.output_text.delta"),
      },
    ]);
    expect(server.calls).toHaveLength(3);

    server.reset();
    const error = await collect(modelFor(server, { maxRetries: 0 }).stream(input)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "openai" });
    expect((error as Error).message).toMatch(/The server had an error processing your request/);
  });

  it("turns response.failed with a server error into a retryable ModelError, and retries", async () => {
    const failed = {
      type: "response.failed",
      sequence_number: 2,
      response: {
        id: "resp_f",
        status: "failed",
        output: [],
        error: { code: "server_error", message: "The server had an error" },
      },
    };
    await using server = await createTestServer({
      [PATH]: {
        response: [stream([...reasoningCall.slice(0, 2), failed]), stream(responsesChunks("text"))],
      },
    });
    const last = (await collect(modelFor(server).stream(input))).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    expect(server.calls).toHaveLength(2);

    server.reset();
    server.routes[PATH]!.response = stream([failed]);
    const error = await collect(modelFor(server, { maxRetries: 0 }).stream(input)).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/The server had an error \(server_error\)/);
  });

  it("fails a stream cut before response.completed with a retryable ModelError", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream(reasoningCall, { cutAfter: 45, cutMode: "end" }) },
    });
    const seen: ChatResponse[] = [];
    const error = await (async () => {
      for await (const chunk of modelFor(server, { maxRetries: 0 }).stream(input)) seen.push(chunk);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/ended before response\.completed/);
    expect(seen.length).toBeGreaterThan(0);
  });

  it("types malformed event data and skips keep-alives", async () => {
    const lines = responsesChunks("text");
    const frame = (line: string) =>
      `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`;
    await using server = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "stream",
            format: "raw",
            chunks: [
              ": keep-alive\n\n",
              ...lines.slice(0, 5).map(frame),
              "event: ping\ndata: \n\n",
              ...lines.slice(5).map(frame),
            ],
          },
          { type: "stream", format: "raw", chunks: [frame(lines[0]!), "event: x\ndata: {bad\n\n"] },
        ],
      },
    });
    const model = modelFor(server, { maxRetries: 0 });
    const last = (await collect(model.stream(input))).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    const error = await collect(model.stream(input)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/not valid JSON/);
  });
});

describe("OpenAIResponseModel without streaming", () => {
  it("names the base URL's host when nothing listens there", () =>
    expectRefusedConnectionNamesHost("openai", "Connection error.", (closed) =>
      modelFor(closed, { stream: false, maxRetries: 0 }).call(input),
    ));

  it("reads a recorded reasoning answer: thinking with its reasoning item, text, usage", async () => {
    const body = responsesJson<{ output: { id: string; encrypted_content?: string }[] }>(
      "openai-reasoning-encrypted-content.1",
    );
    await using server = await createTestServer({ [PATH]: { response: { type: "json", body } } });
    const response = await modelFor(server, { stream: false }).call(input);
    expect(response.content.map((b) => b.type)).toEqual(["thinking", "text"]);
    expect(response.content[0]).toMatchObject({
      thinking: expect.stringMatching(/^\*\*Reporting final result\*\*/),
      reasoning_items: [
        { id: body.output[0]?.id, encrypted_content: body.output[0]?.encrypted_content },
      ],
    });
    expect(response.content[1]).toEqual({
      type: "text",
      text: "12 + 7 = 19\n19 × 3 = 57\n57 × 10 = 570\n\nFinal result: 570",
    });
    expect(response.id).toBe("resp_0f35ed53160b395301693cc957829881909359e7f80cdd20b5");
    expect(response.usage?.outputTokens).toBeGreaterThan(0);
    expect(server.calls[0]?.body).toEqual({ model: "gpt-4.1-mini", input, stream: false });
  });

  it("reads structured output, and falls back to a forced tool call when text.format is refused", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: responsesJson("structured") } },
    });
    const response = await modelFor(server, { stream: false }).call(input, {
      structuredModel: Weather,
    });
    expect(response.metadata).toEqual({ city: "Paris", temperature: 18.5 });

    const toolAnswer = {
      id: "resp_tool",
      status: "completed",
      output: [
        {
          id: "fc_1",
          type: "function_call",
          call_id: "call_1",
          name: "generate_structured_output",
          arguments: '{"city":"Oslo","temperature":3}',
        },
      ],
      usage: { input_tokens: 10, output_tokens: 5 },
    };
    await using refusing = await createTestServer({
      [PATH]: {
        response: [
          {
            type: "error",
            status: 400,
            body: { error: { message: "Invalid parameter: 'text.format'.", type: "invalid" } },
          },
          { type: "json", body: toolAnswer },
        ],
      },
    });
    const model = modelFor(refusing, { stream: false });
    const fallback = await model.call(input, { structuredModel: Weather });
    expect(fallback.metadata).toEqual({ city: "Oslo", temperature: 3 });
    expect(model.structuredOutputFallback).toBe(true);
    const second = refusing.calls[1]?.body as Record<string, unknown>;
    expect(second).not.toHaveProperty("text");
    expect(second.tool_choice).toEqual({ type: "function", name: "generate_structured_output" });
    expect((second.tools as { name: string }[])[0]?.name).toBe("generate_structured_output");
  });

  it("maps an HTTP error to a ModelError with status", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "error", status: 429, body: responsesJson("openai-error.1") } },
    });
    const error = await modelFor(server, { stream: false, maxRetries: 0 })
      .call(input)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect((error as Error).message).toMatch(/exceeded your current quota/);
  });

  it("rejects input items that are neither messages nor typed items", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: responsesJson("text") } },
    });
    const error = await modelFor(server, { stream: false })
      // @ts-expect-error an item with neither role nor type does not type-check; rejected at run time too
      .call([{ content: "no role" }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/\[0\]/);
    expect(server.calls).toHaveLength(0);
  });

  it("talks to Azure OpenAI through AzureOpenAI with clientType: 'azure'", async () => {
    await using server = await createTestServer({
      "*": { response: { type: "json", body: responsesJson("text") } },
    });
    const model = new OpenAIResponseModel({
      modelName: "my-deployment",
      stream: false,
      clientType: "azure",
      clientKwargs: { endpoint: server.url, apiKey: "azure-key", apiVersion: "2025-04-01-preview" },
    });
    const response = await model.call(input);
    expect(response.content).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    const call = server.calls[0]!;
    expect(call.path).toMatch(/\/openai\/.*responses$/);
    expect(call.searchParams.get("api-version")).toBe("2025-04-01-preview");
    expect(call.headers["api-key"]).toBe("azure-key");
  });
});

describe("OpenAIResponseModel with several reasoning items in one answer", () => {
  it("joins their summaries into one thinking block that sends each item back, in order", async () => {
    const response = { id: "resp_two_rs", status: "in_progress", output: [] };
    const reasoning = (n: number, index: number) => [
      {
        type: "response.output_item.added",
        output_index: index,
        item: { id: `rs_${n}`, type: "reasoning", summary: [] },
      },
      {
        type: "response.reasoning_summary_text.delta",
        item_id: `rs_${n}`,
        output_index: index,
        summary_index: 0,
        delta: `Step ${n}.`,
      },
      {
        type: "response.output_item.done",
        output_index: index,
        item: {
          id: `rs_${n}`,
          type: "reasoning",
          summary: [{ type: "summary_text", text: `Step ${n}.` }],
          encrypted_content: `gAAA-${n}`,
        },
      },
    ];
    const events = [
      { type: "response.created", response },
      ...reasoning(1, 0),
      ...reasoning(2, 1),
      { type: "response.output_text.delta", item_id: "msg_1", output_index: 2, delta: "Done." },
      {
        type: "response.completed",
        response: {
          ...response,
          status: "completed",
          usage: { input_tokens: 5, output_tokens: 9 },
        },
      },
    ];
    await using server = await createTestServer({ [PATH]: { response: stream(events) } });
    const chunks = await collect(modelFor(server).stream(input));
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([
      {
        type: "thinking",
        thinking: "Step 1.Step 2.",
        reasoning_items: [
          { id: "rs_1", encrypted_content: "gAAA-1" },
          { id: "rs_2", encrypted_content: "gAAA-2" },
        ],
      },
      { type: "text", text: "Done." },
    ]);
    // A chunk yielded before the second item was not changed by it.
    const early = chunks.find(
      (c) => (c.content[0] as { thinking?: string }).thinking === "Step 1.",
    );
    expect((early!.content[0] as { reasoning_items?: unknown[] }).reasoning_items).toHaveLength(1);

    const formatted = await new OpenAIResponseChatFormatter().format([
      new Msg("Friday", last.content, "assistant"),
    ]);
    expect(formatted.slice(0, 2)).toEqual([
      { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAA-1" },
      { type: "reasoning", id: "rs_2", summary: [], encrypted_content: "gAAA-2" },
    ]);
  });
});
