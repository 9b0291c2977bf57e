import {
  type ChatResponse,
  ChatResponseAccumulator,
  parsePartialJson,
  pythonJsonDumps,
} from "@agentscope-ts/core";

/**
 * The part of one `/api/chat` response object (or stream line) the parser reads: the fields of the
 * `ollama` library's `ChatResponse`, each optional or `null` as a server may send them (the
 * library's `ChatResponse` is assignable to it; tool call arguments may also arrive as a string).
 */
export interface OllamaChatChunk {
  message?: {
    content?: string | null;
    thinking?: string | null;
    tool_calls?: { function?: { name?: string; arguments?: unknown } }[] | null;
  } | null;
  done?: boolean;
  prompt_eval_count?: number | null;
  eval_count?: number | null;
}

/** How a response is parsed. */
export interface OllamaParseSettings {
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** Whether the text is structured output (JSON), parsed into `metadata`. */
  structuredOutput: boolean;
}

/** The counter of chunks yielded so far, so a broken stream can say how far it got. */
export interface OllamaStreamOutcome {
  yielded: number;
}

function accumulator(settings: OllamaParseSettings): ChatResponseAccumulator {
  return new ChatResponseAccumulator({
    startTime: settings.startTime,
    ...(settings.structuredOutput ? { structuredOutput: "text" as const } : {}),
  });
}

/**
 * Adds one response object to `acc`: thinking, text, and tool calls, which Ollama sends whole,
 * with ids `{idx}_{name}` (AgentScope's: the index within the message; a later call with the same
 * id replaces the earlier one) and `raw_input` the arguments as AgentScope writes them (Python's
 * `json.dumps`: `{"expression": "2 + 2"}`), or the string the server sent.
 */
function addChunk(acc: ChatResponseAccumulator, chunk: OllamaChatChunk): void {
  const message = chunk.message;
  if (message) {
    acc.addThinking(message.thinking);
    acc.addText(message.content);
    const calls = message.tool_calls ?? [];
    for (let idx = 0; idx < calls.length; idx++) {
      const fn = calls[idx]?.function ?? {};
      const name = fn.name ?? "";
      const args = fn.arguments;
      const input =
        typeof args === "string"
          ? parsePartialJson(args)
          : args && typeof args === "object"
            ? (args as Record<string, unknown>)
            : {};
      acc.setToolCall({
        id: `${idx}_${name}`,
        name,
        input,
        rawInput: typeof args === "string" ? args : pythonJsonDumps(args ?? {}),
      });
    }
  }
}

/** Usage from `prompt_eval_count` / `eval_count`, when the object carries them. */
function addUsage(acc: ChatResponseAccumulator, chunk: OllamaChatChunk, both: boolean): void {
  const input = chunk.prompt_eval_count;
  const output = chunk.eval_count;
  const has = both ? input != null && output != null : input != null || output != null;
  if (has) acc.setUsage({ inputTokens: input ?? 0, outputTokens: output ?? 0 });
}

/**
 * AgentScope's `_parse_ollama_completion_response`: a non-streaming `/api/chat` answer as a
 * {@link ChatResponse} (thinking, text, tool calls; usage when both counts are present; with
 * structured output, the parsed JSON in `metadata`).
 */
export function parseChatResponse(
  response: OllamaChatChunk,
  settings: OllamaParseSettings,
): ChatResponse {
  const acc = accumulator(settings);
  addChunk(acc, response);
  addUsage(acc, response, true);
  return acc.response();
}

/**
 * AgentScope's `_parse_ollama_stream_completion_response`: NDJSON objects as cumulative
 * {@link ChatResponse} chunks, one per object that brought content, and one for the final
 * (`done`) object with the usage. Each chunk costs O(delta) (core's accumulator).
 */
export async function* parseChatStream(
  stream: AsyncIterable<OllamaChatChunk>,
  settings: OllamaParseSettings,
  outcome: OllamaStreamOutcome,
): AsyncGenerator<ChatResponse, void, undefined> {
  const acc = accumulator(settings);
  for await (const chunk of stream) {
    addChunk(acc, chunk);
    if (chunk.done) addUsage(acc, chunk, false);
    if (chunk.done || acc.hasContent) {
      outcome.yielded++;
      yield acc.snapshot();
    }
  }
  const last = acc.finish();
  if (last) {
    outcome.yielded++;
    yield last;
  }
}
