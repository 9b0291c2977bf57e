import {
  createTestServer,
  type ReplayResponse,
  type TestServer,
  type TestServerCall,
} from "@agentscope-ts/test-server";
import { offlineSpeech } from "./offline-speech.ts";
import { type JsonSchema, sampleFromSchema } from "./sample-from-schema.ts";

interface RequestMessage {
  role: string;
  content?: unknown;
  name?: string;
  tool_calls?: { function?: { name?: string } }[];
}

interface RequestTool {
  function: { name: string; parameters?: JsonSchema };
}

/**
 * Starts an OpenAI-compatible server on 127.0.0.1 that answers every chat request the way a
 * cooperative model would, so the examples and the docs run with no key and no network:
 * - a user turn with tools: it calls the first tool (arguments sampled from its schema);
 * - when `generate_response` is offered: it calls that, filling the structured-output schema;
 * - otherwise: a short text naming what it read;
 * - `/v1/audio/speech` (text-to-speech): PCM audio of the input (see `offlineSpeech`).
 * The real OpenAI SDK talks to it over HTTP (point `baseURL` or `OPENAI_BASE_URL` at `url/v1`).
 */
export async function startOfflineOpenAI(): Promise<TestServer> {
  return createTestServer({
    "/v1/chat/completions": { response: ({ call, callNumber }) => answer(call, callNumber) },
    "/v1/audio/speech": {
      response: ({ call }) => ({
        type: "binary",
        body: offlineSpeech(String((call.body as { input?: unknown } | undefined)?.input ?? "")),
        contentType: "audio/pcm",
      }),
    },
  });
}

function answer(call: TestServerCall, callNumber: number): ReplayResponse {
  const body = (call.body ?? {}) as {
    messages?: RequestMessage[];
    tools?: RequestTool[];
    tool_choice?: unknown;
    stream?: boolean;
  };
  const messages = body.messages ?? [];
  const tools = body.tools ?? [];
  const last = messages.at(-1);
  const finish = tools.find((t) => t.function.name === "generate_response");
  const others = tools.filter((t) => t.function.name !== "generate_response");
  let toolCall: { name: string; arguments: string } | undefined;
  if (body.tool_choice !== "none") {
    const pick =
      finish && (last?.role === "tool" || others.length === 0 || body.tool_choice === "required")
        ? finish
        : last?.role !== "tool"
          ? others[0]
          : undefined;
    if (pick) {
      const args = sampleFromSchema(pick.function.parameters ?? { type: "object" });
      toolCall = { name: pick.function.name, arguments: JSON.stringify(args) };
    }
  }
  const text = toolCall ? "" : `(offline model) I read ${messages.length} messages: ${gist(last)}`;
  const id = `chatcmpl-offline-${callNumber}`;
  const usage = { prompt_tokens: 10 * messages.length, completion_tokens: 8, total_tokens: 0 };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  const toolCalls = toolCall
    ? [{ index: 0, id: `call_${callNumber}`, type: "function", function: toolCall }]
    : undefined;
  if (!body.stream) {
    return {
      type: "json",
      body: {
        id,
        object: "chat.completion",
        created: 0,
        model: "offline",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: text || null, tool_calls: toolCalls },
            finish_reason: toolCall ? "tool_calls" : "stop",
          },
        ],
        usage,
      },
    };
  }
  const chunk = (delta: object, finishReason: string | null) => ({
    id,
    object: "chat.completion.chunk",
    created: 0,
    model: "offline",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const words = text.split(/(?<= )/);
  return {
    type: "stream",
    format: "openai",
    chunks: [
      chunk({ role: "assistant", content: "" }, null),
      ...words.map((word) => chunk({ content: word }, null)),
      ...(toolCalls ? [chunk({ tool_calls: toolCalls }, null)] : []),
      chunk({}, toolCall ? "tool_calls" : "stop"),
      { id, object: "chat.completion.chunk", created: 0, model: "offline", choices: [], usage },
    ],
  };
}

// The end of a message's text (the newest part of a conversation), for the offline answer.
function gist(msg: RequestMessage | undefined): string {
  if (!msg) return "nothing";
  const content =
    typeof msg.content === "string"
      ? msg.content
      : Array.isArray(msg.content)
        ? msg.content
            .map((part) => (part as { text?: string }).text ?? "")
            .filter(Boolean)
            .join(" ")
        : "";
  const line = content.replace(/\s+/g, " ").trim();
  return `"${line.length > 80 ? `…${line.slice(-80)}` : line}"`;
}
