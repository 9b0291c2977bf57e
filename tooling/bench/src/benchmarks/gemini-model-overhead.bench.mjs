// Time per model call of a ReActAgent on GeminiChatModel, next to a loop on the raw
// `@google/genai` SDK making the same calls, both against the replay test server on 127.0.0.1.
import { GeminiChatFormatter, GeminiChatModel } from "@agentscope-ts/gemini";
import { createTestServer } from "@agentscope-ts/test-server";
import { GoogleGenAI } from "@google/genai";
import { compareAgentToRawLoop } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "ReActAgent + GeminiChatModel vs a raw @google/genai SDK loop: ms per streamed model call (a signed tool call, then a 200-chunk answer), median of 5 runs";

const MODEL = "gemini-bench";
const REPLIES = 100; // each reply = 2 model calls
const RUNS = 5;
const words = Array.from({ length: 200 }, (_, i) => `word${i} `);
const usageMetadata = { promptTokenCount: 50, totalTokenCount: 60 };

const chunk = (parts, extra = {}) => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  usageMetadata,
  responseId: "bench",
});

function toolCallChunks() {
  return [
    chunk([
      {
        functionCall: { name: "weather", args: { location: "San Francisco" } },
        thoughtSignature: "c2lnbmF0dXJlLW9mLWEtY2FsbA==",
      },
    ]),
    chunk([{ text: "" }], { finishReason: "STOP" }),
  ];
}

function textChunks() {
  return [
    ...words.map((w) => chunk([{ text: w }])),
    chunk([{ text: "", thoughtSignature: "c2lnbmF0dXJl" }], { finishReason: "STOP" }),
  ];
}

const weather = ({ location }) => `Cloudy, 7 degrees in ${location}`;
const parameters = {
  type: "object",
  properties: { location: { type: "string" } },
  required: ["location"],
};

async function rawLoop(client) {
  const contents = [
    { role: "user", parts: [{ text: "You are a helpful assistant." }] },
    { role: "user", parts: [{ text: "Weather in San Francisco?" }] },
  ];
  const config = {
    tools: [
      { functionDeclarations: [{ name: "weather", description: "Get the weather.", parameters }] },
    ],
  };
  for (let step = 0; step < 2; step++) {
    const stream = await client.models.generateContentStream({ model: MODEL, contents, config });
    let text = "";
    const calls = [];
    for await (const response of stream) {
      for (const part of response.candidates?.[0]?.content?.parts ?? []) {
        if (part.text) text += part.text;
        if (part.functionCall) calls.push(part);
      }
    }
    if (calls.length === 0) return text;
    contents.push({ role: "model", parts: calls });
    contents.push({
      role: "user",
      parts: calls.map((p) => ({
        functionResponse: {
          name: p.functionCall.name,
          response: { output: weather(p.functionCall.args) },
        },
      })),
    });
  }
}

export async function run(core) {
  const server = await createTestServer({
    [`/v1/models/${MODEL}:streamGenerateContent`]: {
      response: ({ callNumber }) => ({
        type: "stream",
        format: "gemini",
        chunks: callNumber % 2 === 0 ? toolCallChunks() : textChunks(),
      }),
    },
  });
  try {
    const client = new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: server.url } });
    const toolkit = new core.Toolkit();
    toolkit.registerToolFunction(
      core.tool({ name: "weather", description: "Get the weather.", parameters, execute: weather }),
    );
    const agent = new core.ReActAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model: new GeminiChatModel({ modelName: MODEL, apiKey: "bench", baseURL: server.url }),
      formatter: new GeminiChatFormatter(),
      toolkit,
    });
    agent.setConsoleOutputEnabled(false);

    await compareAgentToRawLoop({
      core,
      server,
      agent,
      rawLoop,
      client,
      rawLabel: "raw @google/genai SDK loop",
      agentLabel: "ReActAgent + GeminiChatModel",
      replies: REPLIES,
      runs: RUNS,
    });
  } finally {
    await server.close();
  }
}
