// Time per model call of a ReActAgent on OpenAIChatModel, next to a loop on the raw `openai` SDK
// making the same calls, both against the replay test server on 127.0.0.1.
import { OpenAIChatFormatter, OpenAIChatModel } from "@agentscope-ts/openai";
import { createTestServer } from "@agentscope-ts/test-server";
import OpenAI from "openai";
import { compareAgentToRawLoop } from "../measure.mjs";
import { readStreamedTurn } from "../table/loops.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "ReActAgent + OpenAIChatModel vs a raw openai SDK loop: ms per streamed model call (tool call, then a 200-chunk answer), median of 5 runs";

const REPLIES = 100; // each reply = 2 model calls
const RUNS = 5;
const words = Array.from({ length: 200 }, (_, i) => `word${i} `);

function toolCallChunks() {
  const args = ['{"loca', 'tion": ', '"San ', "Fran", 'cisco"}'];
  return [
    {
      id: "b1",
      object: "chat.completion.chunk",
      choices: [
        {
          index: 0,
          delta: {
            role: "assistant",
            tool_calls: [
              {
                index: 0,
                id: "call_1",
                type: "function",
                function: { name: "weather", arguments: "" },
              },
            ],
          },
        },
      ],
    },
    ...args.map((a) => ({
      id: "b1",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: a } }] } }],
    })),
    {
      id: "b1",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }],
    },
    {
      id: "b1",
      object: "chat.completion.chunk",
      choices: [],
      usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
    },
  ];
}

function textChunks() {
  return [
    ...words.map((w) => ({
      id: "b2",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { content: w } }],
    })),
    {
      id: "b2",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    },
    {
      id: "b2",
      object: "chat.completion.chunk",
      choices: [],
      usage: { prompt_tokens: 80, completion_tokens: 200, total_tokens: 280 },
    },
  ];
}

const weather = ({ location }) => `Cloudy, 7 degrees in ${location}`;
const weatherSchema = {
  type: "function",
  function: {
    name: "weather",
    description: "Get the weather in a location.",
    parameters: {
      type: "object",
      properties: { location: { type: "string" } },
      required: ["location"],
    },
  },
};

async function rawLoop(client) {
  const messages = [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "Weather in San Francisco?" },
  ];
  for (let step = 0; step < 2; step++) {
    const stream = await client.chat.completions.create({
      model: "gpt-4.1",
      messages,
      tools: [weatherSchema],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, calls } = await readStreamedTurn(stream);
    if (calls.length === 0) return text;
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.args },
      })),
    });
    for (const c of calls) {
      messages.push({ role: "tool", tool_call_id: c.id, content: weather(JSON.parse(c.args)) });
    }
  }
}

export async function run(core) {
  const server = await createTestServer({
    "/v1/chat/completions": {
      response: ({ callNumber }) => ({
        type: "stream",
        format: "openai",
        chunks: callNumber % 2 === 0 ? toolCallChunks() : textChunks(),
      }),
    },
  });
  try {
    const baseURL = `${server.url}/v1`;
    const client = new OpenAI({ apiKey: "bench", baseURL, maxRetries: 0 });
    const toolkit = new core.Toolkit();
    toolkit.registerToolFunction(
      core.tool({
        name: "weather",
        description: "Get the weather in a location.",
        parameters: weatherSchema.function.parameters,
        execute: weather,
      }),
    );
    const agent = new core.ReActAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model: new OpenAIChatModel({ modelName: "gpt-4.1", apiKey: "bench", baseURL }),
      formatter: new OpenAIChatFormatter(),
      toolkit,
    });
    agent.setConsoleOutputEnabled(false);

    await compareAgentToRawLoop({
      core,
      server,
      agent,
      rawLoop,
      client,
      rawLabel: "raw openai SDK loop",
      agentLabel: "ReActAgent + OpenAIChatModel",
      replies: REPLIES,
      runs: RUNS,
    });
  } finally {
    await server.close();
  }
}
