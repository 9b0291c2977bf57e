// Time per model call of a ReActAgent on AnthropicChatModel, next to a loop on the raw
// `@anthropic-ai/sdk` making the same calls, both against the replay test server on 127.0.0.1.

import { AnthropicChatFormatter, AnthropicChatModel } from "@agentscope-ts/anthropic";
import { createTestServer } from "@agentscope-ts/test-server";
import Anthropic from "@anthropic-ai/sdk";
import { compareAgentToRawLoop } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "ReActAgent + AnthropicChatModel vs a raw @anthropic-ai/sdk loop: ms per streamed model call (thinking + tool call, then a 200-delta answer), median of 5 runs";

const REPLIES = 100; // each reply = 2 model calls
const RUNS = 5;
const words = Array.from({ length: 200 }, (_, i) => `word${i} `);
const MODEL = "claude-sonnet-5-5";

function start(id, inputTokens) {
  return {
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      content: [],
      model: MODEL,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  };
}

function stop(reason, outputTokens) {
  return [
    {
      type: "message_delta",
      delta: { stop_reason: reason },
      usage: { output_tokens: outputTokens },
    },
    { type: "message_stop" },
  ];
}

function toolCallEvents() {
  const args = ['{"loca', 'tion": ', '"San ', "Fran", 'cisco"}'];
  return [
    start("msg_b1", 50),
    { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
    ...["I should ", "check the ", "weather."].map((thinking) => ({
      type: "content_block_delta",
      index: 0,
      delta: { type: "thinking_delta", thinking },
    })),
    {
      type: "content_block_delta",
      index: 0,
      delta: { type: "signature_delta", signature: "sig==" },
    },
    { type: "content_block_stop", index: 0 },
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: "toolu_1", name: "weather", input: {} },
    },
    ...args.map((partial_json) => ({
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json },
    })),
    { type: "content_block_stop", index: 1 },
    ...stop("tool_use", 10),
  ];
}

function textEvents() {
  return [
    start("msg_b2", 80),
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ...words.map((text) => ({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text },
    })),
    { type: "content_block_stop", index: 0 },
    ...stop("end_turn", 200),
  ];
}

const weather = ({ location }) => `Cloudy, 7 degrees in ${location}`;
const parameters = {
  type: "object",
  properties: { location: { type: "string" } },
  required: ["location"],
};
const tools = [
  { name: "weather", description: "Get the weather in a location.", input_schema: parameters },
];

async function rawLoop(client) {
  const messages = [
    { role: "user", content: [{ type: "text", text: "Weather in San Francisco?" }] },
  ];
  for (let step = 0; step < 2; step++) {
    const stream = await client.messages.create({
      model: MODEL,
      max_tokens: 2048,
      system: "You are a helpful assistant.",
      thinking: { type: "enabled", budget_tokens: 1024 },
      messages,
      tools,
      stream: true,
    });
    const blocks = [];
    for await (const event of stream) {
      if (event.type === "content_block_start") {
        blocks[event.index] = { ...event.content_block, json: "" };
      } else if (event.type === "content_block_delta") {
        const block = blocks[event.index];
        const d = event.delta;
        if (d.type === "text_delta") block.text += d.text;
        else if (d.type === "thinking_delta") block.thinking += d.thinking;
        else if (d.type === "signature_delta") block.signature = d.signature;
        else if (d.type === "input_json_delta") block.json += d.partial_json;
      }
    }
    const calls = blocks.filter((b) => b.type === "tool_use");
    if (calls.length === 0) return blocks.map((b) => b.text ?? "").join("");
    messages.push({
      role: "assistant",
      content: blocks.map(({ json, ...b }) =>
        b.type === "tool_use" ? { ...b, input: JSON.parse(json) } : b,
      ),
    });
    messages.push({
      role: "user",
      content: calls.map((c) => ({
        type: "tool_result",
        tool_use_id: c.id,
        content: [{ type: "text", text: weather(JSON.parse(c.json)) }],
      })),
    });
  }
}

export async function run(core) {
  const server = await createTestServer({
    "/v1/messages": {
      response: ({ callNumber }) => ({
        type: "stream",
        format: "anthropic",
        chunks: callNumber % 2 === 0 ? toolCallEvents() : textEvents(),
      }),
    },
  });
  try {
    const client = new Anthropic({ apiKey: "bench", baseURL: server.url, maxRetries: 0 });
    const toolkit = new core.Toolkit();
    toolkit.registerToolFunction(
      core.tool({
        name: "weather",
        description: "Get the weather in a location.",
        parameters,
        execute: weather,
      }),
    );
    const agent = new core.ReActAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model: new AnthropicChatModel({
        modelName: MODEL,
        apiKey: "bench",
        baseURL: server.url,
        thinking: { type: "enabled", budget_tokens: 1024 },
      }),
      formatter: new AnthropicChatFormatter(),
      toolkit,
    });
    agent.setConsoleOutputEnabled(false);

    await compareAgentToRawLoop({
      core,
      server,
      agent,
      rawLoop,
      client,
      rawLabel: "raw @anthropic-ai/sdk loop",
      agentLabel: "ReActAgent + AnthropicChatModel",
      replies: REPLIES,
      runs: RUNS,
    });
  } finally {
    await server.close();
  }
}
