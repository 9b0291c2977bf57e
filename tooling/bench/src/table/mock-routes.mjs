// The zero-latency OpenAI mock behind the table: one route, answering by the request's `model`
// (which names the workload) and, for tool rounds, by how many tool results the request carries.
import { createTestServer } from "@agentscope-ts/test-server";

/** A text of `n` tokens (one word per token), cut into its per-token deltas. */
export function tokens(n) {
  return Array.from({ length: n }, (_, i) => `w${i % 1000} `);
}

/** Tool-call arguments of about `bytes` characters, cut into fragments of 4 characters (about a token each). */
export function argumentFragments(bytes) {
  const body = "x".repeat(Math.max(0, bytes - 16));
  const json = JSON.stringify({ location: "Paris", note: body });
  const out = [];
  for (let i = 0; i < json.length; i += 4) out.push(json.slice(i, i + 4));
  return out;
}

const chunk = (delta, extra = {}) => ({
  id: "chatcmpl-bench",
  object: "chat.completion.chunk",
  created: 1,
  model: "bench",
  choices: [{ index: 0, delta, finish_reason: null, ...extra }],
});

const usageChunk = (completion) => ({
  id: "chatcmpl-bench",
  object: "chat.completion.chunk",
  created: 1,
  model: "bench",
  choices: [],
  usage: { prompt_tokens: 50, completion_tokens: completion, total_tokens: 50 + completion },
});

function streamedText(n) {
  return [
    chunk({ role: "assistant", content: "" }),
    ...tokens(n).map((t) => chunk({ content: t })),
    chunk({}, { finish_reason: "stop" }),
    usageChunk(n),
  ];
}

function streamedToolCall(round, fragments) {
  return [
    chunk({
      role: "assistant",
      tool_calls: [
        {
          index: 0,
          id: `call_${round}`,
          type: "function",
          function: { name: "weather", arguments: "" },
        },
      ],
    }),
    ...fragments.map((a) => chunk({ tool_calls: [{ index: 0, function: { arguments: a } }] })),
    chunk({}, { finish_reason: "tool_calls" }),
    usageChunk(fragments.length),
  ];
}

function completion(message, finish, completionTokens) {
  return {
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 1,
    model: "bench",
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
    usage: {
      prompt_tokens: 50,
      completion_tokens: completionTokens,
      total_tokens: 50 + completionTokens,
    },
  };
}

const cache = new Map();
function memo(key, make) {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

const SMALL_ARGS = ['{"loca', 'tion": ', '"Par', 'is"}'];

/**
 * Answers a chat-completions request. `model` is `<kind>:<size>`: `tools:10` (tool calls until
 * the request carries 10 tool results, then a short answer), `answer:N` (an N-token answer),
 * `args:BYTES` (one streamed tool call of that many argument bytes, then a short answer).
 */
export function answer(body) {
  const [kind, sizeText] = String(body.model).split(":");
  const size = Number(sizeText);
  const results = (body.messages ?? []).filter((m) => m.role === "tool").length;
  const streaming = body.stream === true;
  let wantTool = false;
  let fragments = SMALL_ARGS;
  let textTokens = 20;
  if (kind === "tools") wantTool = results < size;
  else if (kind === "answer") textTokens = size;
  else if (kind === "args") {
    wantTool = results === 0;
    fragments = memo(`args${size}`, () => argumentFragments(size));
  }
  if (streaming) {
    const chunks = wantTool
      ? memo(`st${results}:${fragments.length}`, () => streamedToolCall(results, fragments))
      : memo(`sa${textTokens}`, () => streamedText(textTokens));
    return { type: "stream", format: "openai", chunks };
  }
  const message = wantTool
    ? {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: `call_${results}`,
            type: "function",
            function: { name: "weather", arguments: fragments.join("") },
          },
        ],
      }
    : { role: "assistant", content: tokens(textTokens).join("") };
  return {
    type: "json",
    body: completion(message, wantTool ? "tool_calls" : "stop", textTokens),
  };
}

const responseTexts = new Map();

/**
 * The mock's answer to a request `body` as a fetch `Response`, built in the calling process (for
 * `BENCH_TRANSPORT=memory`: no sockets, no server). The wire text is built once per kind of answer.
 */
export function answerResponse(body) {
  const results = (body.messages ?? []).filter((m) => m.role === "tool").length;
  const key = `${body.model}|${body.stream === true}|${results}`;
  let cached = responseTexts.get(key);
  if (cached === undefined) {
    const a = answer(body);
    cached =
      a.type === "json"
        ? { text: JSON.stringify(a.body), type: "application/json" }
        : {
            text: `${a.chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`,
            type: "text/event-stream",
          };
    responseTexts.set(key, cached);
  }
  return new Response(cached.text, { headers: { "content-type": cached.type } });
}

/** Starts the mock on 127.0.0.1; the caller closes it. */
export async function startMock() {
  const keepAliveTimeoutMs = Number(process.env.BENCH_KEEPALIVE_MS ?? 60_000);
  const server = await createTestServer(
    { "/v1/chat/completions": { response: ({ call }) => answer(call.body) } },
    { keepAliveTimeoutMs },
  );
  return server;
}
