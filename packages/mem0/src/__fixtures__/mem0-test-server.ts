// Test helpers: a test server answering as OpenAI's Chat Completions API, scripted for mem0's
// fact-extraction requests and for an agent's requests (not part of the build).
import { OpenAIChatModel } from "@agentscope-ts/openai";
import {
  createTestServer,
  readJsonFile,
  type ReplayResponse,
  type TestServer,
  type TestServerCall,
} from "@agentscope-ts/test-server";

const PATH = "/v1/chat/completions";

interface ChatMessage {
  role: string;
  content: string;
}

/** A scripted answer of the agent: text, or tool calls. */
export type AgentAnswer = string | { toolCalls: { name: string; input: unknown }[] };

/** One scripted mem0 answer: a list of facts (sent as mem0's `{"memory": [...]}`) or raw text. */
export type ExtractionAnswer = string[] | { raw: string };

/** The recorded envelope with `message` as the answer. */
function completion(message: Record<string, unknown>, finish: string): Record<string, unknown> {
  const body = readJsonFile<Record<string, unknown> & { choices: Record<string, unknown>[] }>(
    new URL("./wire/openai-text.json", import.meta.url),
  );
  body.choices = [{ ...body.choices[0], message, finish_reason: finish }];
  return body;
}

/** mem0's additive-extraction JSON for these facts. */
export function extractionJson(facts: string[]): string {
  return JSON.stringify({ memory: facts.map((text, i) => ({ id: String(i), text })) });
}

function agentMessage(answer: AgentAnswer, n: number): ReplayResponse {
  if (typeof answer === "string") {
    return {
      type: "json",
      body: completion({ role: "assistant", content: answer, refusal: null }, "stop"),
    };
  }
  const toolCalls = answer.toolCalls.map((c, i) => ({
    id: `call_${n}_${i}`,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.input) },
  }));
  return {
    type: "json",
    body: completion({ role: "assistant", content: null, tool_calls: toolCalls }, "tool_calls"),
  };
}

/** Whether a request is one of mem0's extraction requests. */
export function isExtraction(call: TestServerCall): boolean {
  const messages = (call.body as { messages?: ChatMessage[] } | undefined)?.messages ?? [];
  return messages[0]?.role === "system" && messages[0].content.includes("Memory Extractor");
}

/** The messages of a request. */
export function messagesOf(call: TestServerCall): ChatMessage[] {
  return (call.body as { messages: ChatMessage[] }).messages;
}

/** A scripted server plus the queues of answers it gives. */
export interface Mem0TestServer {
  server: TestServer;
  /** mem0's next extraction answers, in order. */
  extractions: ExtractionAnswer[];
  /** The agent's next answers, in order. */
  agent: AgentAnswer[];
  /** mem0's extraction requests received so far. */
  extractionCalls(): TestServerCall[];
  /** The agent's requests received so far. */
  agentCalls(): TestServerCall[];
  /** A non-streaming `OpenAIChatModel` talking to this server. */
  model(): OpenAIChatModel;
}

/** Starts the server; close it with `await s.server.close()`. */
export async function startMem0TestServer(): Promise<Mem0TestServer> {
  const extractions: ExtractionAnswer[] = [];
  const agent: AgentAnswer[] = [];
  let agentCount = 0;
  const server = await createTestServer({
    [PATH]: {
      response: ({ call }) => {
        if (isExtraction(call)) {
          const next = extractions.shift();
          if (next === undefined) {
            return { type: "error", status: 500, body: { error: { message: "no extraction left" } } };
          }
          const content = Array.isArray(next) ? extractionJson(next) : next.raw;
          return {
            type: "json",
            body: completion({ role: "assistant", content, refusal: null }, "stop"),
          };
        }
        const next = agent.shift();
        if (next === undefined) {
          return { type: "error", status: 500, body: { error: { message: "no agent answer left" } } };
        }
        return agentMessage(next, agentCount++);
      },
    },
  });
  return {
    server,
    extractions,
    agent,
    extractionCalls: () => server.callsTo(PATH).filter(isExtraction),
    agentCalls: () => server.callsTo(PATH).filter((c) => !isExtraction(c)),
    model: () =>
      new OpenAIChatModel({
        modelName: "gpt-4.1-nano",
        apiKey: "test-key",
        baseURL: `${server.url}/v1`,
        stream: false,
        maxRetries: 0,
      }),
  };
}
