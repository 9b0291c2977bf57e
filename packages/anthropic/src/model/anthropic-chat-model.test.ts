import { Msg, ValidationError } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { collect, modelFor } from "../__fixtures__/test-model.js";
import { joinDeltas, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import { AnthropicChatFormatter } from "../formatter/anthropic-chat-formatter.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";
import { AnthropicChatModel } from "./anthropic-chat-model.js";

const PATH = "/v1/messages";
const messages: AnthropicMessage[] = [
  { role: "system", content: [{ type: "text", text: "You are terse." }] },
  { role: "user", content: [{ type: "text", text: "Hello!" }] },
];
const sent = [{ role: "user", content: [{ type: "text", text: "Hello!" }] }];
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
const updateTool = {
  type: "function" as const,
  function: {
    name: "updateIssueList",
    description: "Refresh the issue list",
    parameters: { type: "object", properties: {} },
  },
};

const stream = (name: string) => ({
  type: "stream" as const,
  format: "anthropic" as const,
  chunks: wireChunks(name),
});

describe("AnthropicChatModel streaming against recorded responses", () => {
  it("streams text as cumulative chunks with usage (cache tokens kept) and stop_reason", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream("anthropic-text") } });
    const chunks = await collect(modelFor(server).stream(messages));
    const text = joinDeltas(wireChunks("anthropic-text"));
    const last = chunks.at(-1)!;
    expect(last.id).toBe("msg_01QC4g3HwBThD4BaNtBckFDJ");
    expect(last.content).toEqual([{ type: "text", text }]);
    expect(last.usage).toMatchObject({ inputTokens: 12, outputTokens: 30 });
    expect(last.usage?.metadata).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      service_tier: "standard",
    });
    expect(last.metadata).toEqual({ stop_reason: "end_turn" });
    // One chunk per text delta, each a prefix of the next, then the final one with stop_reason.
    const texts = chunks.map((c) => (c.content[0] as { text: string }).text);
    expect(chunks).toHaveLength(7);
    for (let i = 1; i < texts.length; i++) expect(texts[i]!.startsWith(texts[i - 1]!)).toBe(true);
    expect(chunks[0]!.metadata).toBeUndefined();

    const call = server.calls[0]!;
    expect(call.headers.authorization).toBe("Bearer test-key");
    expect(call.headers["anthropic-version"]).toBeDefined();
    expect(call.body).toEqual({
      model: "claude-sonnet-5-5",
      max_tokens: 2048,
      stream: true,
      system: [{ type: "text", text: "You are terse." }],
      messages: sent,
    });
  });

  it("assembles text then a tool call without arguments, sending tools and tool_choice", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("anthropic-tool-no-args") },
    });
    const last = (
      await collect(
        modelFor(server).stream(messages, {
          tools: [weatherTool, updateTool],
          toolChoice: "updateIssueList",
        }),
      )
    ).at(-1)!;
    expect(last.content).toEqual([
      { type: "text", text: "I'll update the issue list for you." },
      {
        type: "tool_use",
        id: "toolu_01QE1WLsSVp5hy5Q3GmGTmjP",
        name: "updateIssueList",
        input: {},
        raw_input: "",
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 565, outputTokens: 48 });
    expect(last.metadata).toEqual({ stop_reason: "tool_use" });
    expect(server.calls[0]?.body).toMatchObject({
      tools: [
        {
          name: "weather",
          description: "Get the weather in a location",
          input_schema: weatherTool.function.parameters,
        },
        {
          name: "updateIssueList",
          description: "Refresh the issue list",
          input_schema: { type: "object", properties: {} },
        },
      ],
      tool_choice: { type: "tool", name: "updateIssueList" },
    });
  });

  it("maps toolChoice modes as AgentScope does", async () => {
    await using server = await createTestServer({ [PATH]: { response: stream("anthropic-text") } });
    const model = modelFor(server);
    for (const choice of ["auto", "none", "required"] as const) {
      await model.call(messages, { tools: [weatherTool], toolChoice: choice });
    }
    expect(server.calls.map((c) => (c.body as { tool_choice: unknown }).tool_choice)).toEqual([
      { type: "auto" },
      { type: "none" },
      { type: "any" },
    ]);
    await expect(
      model.call(messages, { tools: [weatherTool], toolChoice: "nope" }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("repairs partial JSON tool input while it streams, or keeps {} until the end", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("anthropic-json-tool.1") },
    });
    const expected = {
      elements: [{ location: "San Francisco", temperature: 58, condition: "sunny" }],
    };
    const streamed = await collect(modelFor(server).stream(messages));
    const inputs = streamed.map((c) => (c.content[0] as { input: unknown }).input);
    // Chunks: tool start, the whole array without its closing brace (already repaired), the brace.
    expect(inputs).toEqual([{}, expected, expected, expected]);
    expect(streamed.at(-1)!.content[0]).toMatchObject({
      id: "toolu_01KFbKqPYSuAKujiL6mTfzYA",
      name: "json",
    });

    const lazy = await collect(modelFor(server, { streamToolParsing: false }).stream(messages));
    expect(lazy.slice(0, -1).map((c) => (c.content[0] as { input: unknown }).input)).toEqual([
      {},
      {},
      {},
    ]);
    expect((lazy.at(-1)!.content[0] as { input: unknown }).input).toEqual(expected);
  });

  it("gives structured output through the forced tool, its input as metadata", async () => {
    const schema = z.object({
      elements: z.array(
        z.object({ location: z.string(), temperature: z.number(), condition: z.string() }),
      ),
    });
    await using server = await createTestServer({
      [PATH]: {
        response: [
          stream("anthropic-json-tool.1"),
          { type: "json", body: wireJson("anthropic-json-tool.1") },
        ],
      },
    });
    const streamed = await modelFor(server).call(messages, {
      tools: [weatherTool],
      toolChoice: "weather",
      structuredModel: schema,
    });
    expect(streamed.metadata).toEqual({
      elements: [{ location: "San Francisco", temperature: 58, condition: "sunny" }],
    });
    const body = server.calls[0]!.body as Record<string, unknown>;
    expect(body.tools).toEqual([
      {
        name: "generate_structured_output",
        description: "Generate the required structured output with this function",
        input_schema: expect.objectContaining({ type: "object", required: ["elements"] }),
      },
    ]);
    expect(body.tool_choice).toEqual({ type: "tool", name: "generate_structured_output" });

    const whole = await modelFor(server, { stream: false }).call(messages, {
      structuredModel: schema,
    });
    expect((whole.metadata as z.infer<typeof schema>).elements).toHaveLength(4);
    expect(server.calls[1]!.body).toMatchObject({ stream: false, tool_choice: { type: "tool" } });
    // Claude refuses a forced tool while thinking: the structured request goes without it.
    expect(server.calls[1]!.body).not.toHaveProperty("thinking");
  });

  it("reports a refusal: no content, stop_reason and stop_details in metadata", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          stream("anthropic-refusal"),
          { type: "json", body: wireJson("anthropic-refusal") },
        ],
      },
    });
    const chunks = await collect(modelFor(server).stream(messages));
    expect(chunks).toHaveLength(1);
    const details = wireJson<{ stop_details: unknown }>("anthropic-refusal").stop_details;
    expect(chunks[0]).toMatchObject({
      id: "msg_01RefusalStreamAbcdefghijk",
      content: [],
      metadata: { stop_reason: "refusal", stop_details: details },
      usage: { inputTokens: 18, outputTokens: 5 },
    });
    const whole = await modelFor(server, { stream: false }).call(messages);
    expect(whole).toMatchObject({
      id: "msg_01RefusalExampleAbcdefghijk",
      content: [],
      metadata: { stop_reason: "refusal", stop_details: details },
    });
  });

  it("ignores a duplicated message_start", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("duplicate-message-start") },
    });
    const chunks = await collect(modelFor(server).stream(messages));
    expect(chunks.at(-1)).toMatchObject({
      id: "msg_dup",
      content: [{ type: "text", text: "Hello, World!" }],
      usage: { inputTokens: 17, outputTokens: 227 },
    });
  });

  it("restarts on a spliced message_start: only the second message's blocks remain", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("spliced-message-start") },
    });
    const chunks = await collect(modelFor(server).stream(messages));
    expect(chunks[0]!.id).toBe("msg_first");
    const last = chunks.at(-1)!;
    expect(last.id).toBe("msg_second");
    expect(last.content).toEqual([
      { type: "thinking", thinking: "Let me call the tool.", signature: "sig-second" },
      {
        type: "tool_use",
        id: "toolu_second",
        name: "test-tool",
        input: { value: "Sparkle Day" },
        raw_input: '{"value":"Sparkle Day"}',
      },
    ]);
    expect(last.usage).toMatchObject({ inputTokens: 17, outputTokens: 65 });
  });

  it("takes the larger input token count from message_delta (compatible servers)", async () => {
    await using server = await createTestServer({
      [PATH]: { response: stream("anthropic-message-delta-input-tokens") },
    });
    const last = (await collect(modelFor(server).stream(messages))).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "pong" }]);
    expect(last.usage).toMatchObject({ inputTokens: 61, outputTokens: 2 });
  });
});

describe("AnthropicChatModel non-streaming", () => {
  it("parses a message: text, id, usage; the request says stream: false and carries options", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("anthropic-text") } },
    });
    const model = modelFor(server, {
      stream: false,
      maxTokens: 512,
      thinking: { type: "enabled", budget_tokens: 1024 },
      generateKwargs: { temperature: 1, top_k: 5 },
      clientKwargs: { defaultHeaders: { "x-extra": "yes" } },
    });
    const response = await model.call(messages, { generateKwargs: { top_k: 7 } });
    expect(response).toMatchObject({
      id: "msg_01VdEjxAP5ahtHKrrRdNBteQ",
      content: [
        {
          type: "text",
          text: wireJson<{ content: { text: string }[] }>("anthropic-text").content[0]!.text,
        },
      ],
      usage: { inputTokens: 12, outputTokens: 29 },
      metadata: { stop_reason: "end_turn" },
    });
    expect(response.usage?.metadata).toMatchObject({ cache_read_input_tokens: 0 });
    expect(server.calls[0]!.headers["x-extra"]).toBe("yes");
    expect(server.calls[0]!.body).toEqual({
      model: "claude-sonnet-5-5",
      max_tokens: 512,
      stream: false,
      temperature: 1,
      top_k: 7,
      thinking: { type: "enabled", budget_tokens: 1024 },
      system: [{ type: "text", text: "You are terse." }],
      messages: sent,
    });
  });

  it("keeps thinking signatures and redacted thinking, and cache write/read tokens", async () => {
    const body = {
      id: "msg_think",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5-5",
      content: [
        { type: "thinking", thinking: "Let me think.", signature: "EqQBCgIYAhIM==" },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va==" },
        { type: "text", text: "Done." },
      ],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: 5,
        output_tokens: 9,
        cache_creation_input_tokens: 1200,
        cache_read_input_tokens: 3400,
      },
    };
    await using server = await createTestServer({ [PATH]: { response: { type: "json", body } } });
    const response = await modelFor(server, { stream: false }).call(messages);
    expect(response.content).toEqual([
      { type: "thinking", thinking: "Let me think.", signature: "EqQBCgIYAhIM==" },
      { type: "thinking", thinking: "", redacted_data: "EmwKAhgBEgy3va==" },
      { type: "text", text: "Done." },
    ]);
    expect(response.usage?.metadata).toMatchObject({
      cache_creation_input_tokens: 1200,
      cache_read_input_tokens: 3400,
    });
  });

  it("rejects a bad maxTokens, naming the option", () => {
    for (const maxTokens of [0, -5, 1.5]) {
      expect(() => new AnthropicChatModel({ modelName: "m", apiKey: "k", maxTokens })).toThrow(
        /maxTokens: expected a positive integer/,
      );
    }
  });

  it("rejects messages without role/content before sending anything", async () => {
    await using server = await createTestServer({});
    // @ts-expect-error a message without a role does not type-check, and is refused at run time
    await expect(modelFor(server).call([{ content: "hi" }])).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(server.calls).toHaveLength(0);
  });
});

describe("AnthropicChatModel streamed thinking", () => {
  it("streams thinking deltas and the signature, and redacted thinking", async () => {
    const chunks = [
      {
        type: "message_start",
        message: { id: "msg_t", usage: { input_tokens: 9, output_tokens: 1 } },
      },
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Hm" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "m." } },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "signature_delta", signature: "sig==" },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "redacted_thinking", data: "xyz" },
      },
      { type: "content_block_stop", index: 1 },
      { type: "content_block_start", index: 2, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "Hi" } },
      { type: "content_block_stop", index: 2 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 20 } },
      { type: "message_stop" },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "anthropic", chunks } },
    });
    const out = await collect(
      modelFor(server, { thinking: { type: "enabled", budget_tokens: 1024 } }).stream(messages),
    );
    expect(out[0]!.content).toEqual([{ type: "thinking", thinking: "Hm" }]);
    expect(out.at(-1)!.content).toEqual([
      { type: "thinking", thinking: "Hmm.", signature: "sig==" },
      { type: "thinking", thinking: "", redacted_data: "xyz" },
      { type: "text", text: "Hi" },
    ]);
    expect(out.at(-1)!.usage).toMatchObject({ inputTokens: 9, outputTokens: 20 });
    expect(server.calls[0]!.body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 1024 },
    });
  });

  it("gives the same separately signed thinking blocks streamed (through core's accumulator) and not", async () => {
    // Interleaved thinking around a redacted block and a tool call, as one Messages answer.
    const content = [
      { type: "thinking", thinking: "Weather first.", signature: "sigA==" },
      { type: "redacted_thinking", data: "EmwKAhgBEgy3va==" },
      { type: "thinking", thinking: "Then the call.", signature: "sigB==" },
      { type: "tool_use", id: "toolu_9", name: "weather", input: { location: "Paris" } },
    ];
    const body = {
      id: "msg_two",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5-5",
      content,
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 30 },
    };
    const delta = (index: number, d: Record<string, unknown>) => ({
      type: "content_block_delta",
      index,
      delta: d,
    });
    const events = [
      { type: "message_start", message: { ...body, content: [], stop_reason: null } },
      ...content.flatMap((block, index) => {
        const start = { type: "content_block_start", index };
        const stop = { type: "content_block_stop", index };
        if (block.type === "redacted_thinking") return [{ ...start, content_block: block }, stop];
        if (block.type === "tool_use") {
          const partial_json = JSON.stringify(block.input);
          return [
            { ...start, content_block: { ...block, input: {} } },
            delta(index, { type: "input_json_delta", partial_json }),
            stop,
          ];
        }
        // Thinking in two deltas, then its signature.
        const text = block.thinking as string;
        return [
          { ...start, content_block: { type: "thinking", thinking: "" } },
          delta(index, { type: "thinking_delta", thinking: text.slice(0, 5) }),
          delta(index, { type: "thinking_delta", thinking: text.slice(5) }),
          delta(index, { type: "signature_delta", signature: block.signature }),
          stop,
        ];
      }),
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 30 } },
      { type: "message_stop" },
    ];
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "anthropic", chunks: events },
          { type: "json", body },
        ],
      },
    });
    const expected = [
      { type: "thinking", thinking: "Weather first.", signature: "sigA==" },
      { type: "thinking", thinking: "", redacted_data: "EmwKAhgBEgy3va==" },
      { type: "thinking", thinking: "Then the call.", signature: "sigB==" },
      { type: "tool_use", id: "toolu_9", name: "weather", input: { location: "Paris" } },
    ];
    const streamed = await collect(modelFor(server).stream(messages, { tools: [weatherTool] }));
    expect(streamed.at(-1)?.content).toEqual([
      ...expected.slice(0, 3),
      { ...expected[3], raw_input: '{"location":"Paris"}' },
    ]);
    const whole = await modelFor(server, { stream: false }).call(messages, {
      tools: [weatherTool],
    });
    expect(whole.content).toEqual(expected);
  });

  it("keeps each of several thinking blocks with its own signature (interleaved thinking)", async () => {
    const thinking = (index: number, text: string, signature: string) => [
      { type: "content_block_start", index, content_block: { type: "thinking", thinking: "" } },
      { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: text } },
      { type: "content_block_delta", index, delta: { type: "signature_delta", signature } },
      { type: "content_block_stop", index },
    ];
    const chunks = [
      { type: "message_start", message: { id: "msg_i", usage: { input_tokens: 9 } } },
      ...thinking(0, "First, the weather.", "sigA=="),
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Checking." } },
      { type: "content_block_stop", index: 1 },
      ...thinking(2, "Now the tool.", "sigB=="),
      {
        type: "content_block_start",
        index: 3,
        content_block: { type: "tool_use", id: "toolu_1", name: "weather", input: {} },
      },
      {
        type: "content_block_delta",
        index: 3,
        delta: { type: "input_json_delta", partial_json: '{"location":"Paris"}' },
      },
      { type: "content_block_stop", index: 3 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 30 } },
      { type: "message_stop" },
    ];
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "anthropic", chunks } },
    });
    const out = await collect(
      modelFor(server, { thinking: { type: "enabled", budget_tokens: 1024 } }).stream(messages, {
        tools: [weatherTool],
      }),
    );
    const final = out.at(-1)!;
    expect(final.content.filter((b) => b.type === "thinking")).toEqual([
      { type: "thinking", thinking: "First, the weather.", signature: "sigA==" },
      { type: "thinking", thinking: "Now the tool.", signature: "sigB==" },
    ]);
    expect(final.content.map((b) => b.type)).toEqual(["thinking", "thinking", "text", "tool_use"]);
    // An earlier chunk is not changed by later deltas.
    const early = out.find((c) => c.content.some((b) => b.type === "text"))!;
    expect(early.content.filter((b) => b.type === "thinking")).toEqual([
      { type: "thinking", thinking: "First, the weather.", signature: "sigA==" },
    ]);

    // Sent back, each block keeps its own signature (what the API checks).
    const msg = new Msg("assistant", final.content as never, "assistant");
    const formatted = await new AnthropicChatFormatter().format([msg]);
    expect((formatted[0]?.content as unknown[] | undefined)?.slice(0, 2)).toEqual([
      { type: "thinking", thinking: "First, the weather.", signature: "sigA==" },
      { type: "thinking", thinking: "Now the tool.", signature: "sigB==" },
    ]);
  });
});
