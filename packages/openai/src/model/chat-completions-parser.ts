import {
  type ChatResponse,
  ChatResponseAccumulator,
  type ChatResponseBlock,
  createChatResponse,
  ModelError,
  parsePartialJson,
} from "@agentscope-ts/core";

/** Loosely typed Chat Completions objects: compatible servers add fields the SDK types lack. */
type Loose = Record<string, unknown>;

/** How a response is read into a `ChatResponse`. */
export interface ParseSettings {
  /** The provider id, for errors. */
  provider: string;
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** The `audio.format` asked for in `generateKwargs`, for the audio block's media type. */
  audioFormat: string | undefined;
  /** Repair tool arguments while streaming (AgentScope's `stream_tool_parsing`). */
  streamToolParsing: boolean;
  /** Where structured output is read from: the JSON text, or the forced tool call. */
  structuredOutput: "text" | "tool_use" | undefined;
}

function isObject(value: unknown): value is Loose {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `reasoning_content` (DeepSeek, xAI, vLLM…) or `reasoning` (OpenRouter, Ollama), when a string. */
function reasoningOf(part: Loose | undefined): string | undefined {
  if (!part) return undefined;
  if (typeof part.reasoning_content === "string") return part.reasoning_content;
  if (typeof part.reasoning === "string") return part.reasoning;
  return undefined;
}

function usageOf(usage: unknown, startTime: number) {
  const u = usage as Loose;
  return {
    inputTokens: Number(u.prompt_tokens ?? 0),
    outputTokens: Number(u.completion_tokens ?? 0),
    time: (Date.now() - startTime) / 1000,
    metadata: u,
  };
}

/**
 * AgentScope's `_parse_openai_completion_response`: a non-streaming completion as a ChatResponse,
 * blocks in AgentScope's order: thinking, text, audio (and its transcript as text), tool calls.
 * Structured output goes in `metadata` (the parsed JSON text, or the first tool call's input).
 */
export function parseChatCompletion(completion: unknown, settings: ParseSettings): ChatResponse {
  if (!isObject(completion) || !Array.isArray(completion.choices)) {
    throw new ModelError(
      `${settings.provider}: the Chat Completions response has no \`choices\` array; check that \`baseURL\` points at a Chat Completions endpoint.`,
      { provider: settings.provider, retryable: false },
    );
  }
  const response = completion;
  const choices = response.choices as unknown[];
  const content: ChatResponseBlock[] = [];
  let metadata: Record<string, unknown> | undefined;
  const first = choices[0];
  const message = isObject(first) && isObject(first.message) ? first.message : undefined;
  if (message) {
    const reasoning = reasoningOf(message);
    if (reasoning !== undefined) content.push({ type: "thinking", thinking: reasoning });
    if (typeof message.content === "string" && message.content) {
      content.push({ type: "text", text: message.content });
    }
    const audio = message.audio as Loose | null | undefined;
    if (audio) {
      content.push({
        type: "audio",
        source: {
          type: "base64",
          media_type: `audio/${settings.audioFormat ?? "mp3"}`,
          data: String(audio.data ?? ""),
        },
      });
      if (typeof audio.transcript === "string" && audio.transcript) {
        content.push({ type: "text", text: audio.transcript });
      }
    }
    const toolCalls = Array.isArray(message.tool_calls)
      ? (message.tool_calls as unknown[]).filter(isObject)
      : [];
    for (const call of toolCalls) {
      const fn = isObject(call.function) ? call.function : {};
      content.push({
        type: "tool_use",
        id: String(call.id ?? ""),
        name: String(fn.name ?? ""),
        input: parsePartialJson(String(fn.arguments ?? "")),
      });
    }
    if (settings.structuredOutput === "text" && typeof message.content === "string") {
      metadata = parsePartialJson(message.content);
    } else if (settings.structuredOutput && toolCalls[0]) {
      metadata = parsePartialJson(String((toolCalls[0].function as Loose)?.arguments ?? ""));
    }
  }
  return createChatResponse({
    content,
    ...(typeof response.id === "string" && response.id ? { id: response.id } : {}),
    usage: response.usage ? usageOf(response.usage, settings.startTime) : undefined,
    metadata,
  });
}

/** What a parsed stream reports besides its chunks. */
export interface StreamOutcome {
  /** The text so far (for checking structured output at the end). */
  text: string;
  /** Chunks yielded. */
  yielded: number;
}

function malformed(settings: ParseSettings, what: string, fix: string): ModelError {
  return new ModelError(
    `${settings.provider}: a Chat Completions stream chunk has ${what}; ${fix}`,
    { provider: settings.provider, retryable: false },
  );
}

/**
 * AgentScope's `_parse_openai_stream_response`: turns Chat Completions stream chunks into cumulative
 * ChatResponses with core's accumulator (O(delta) per chunk): reasoning as thinking, text, audio
 * (with its transcript appended to the text), tool calls assembled from deltas across chunks (by
 * index; several at once), usage from the final usage chunk. A chunk of the wrong shape (no
 * `choices` array and no usage, a `delta` or tool call that is not an object) is a typed
 * {@link ModelError} naming the field. A stream that ends with neither a `finish_reason` nor the
 * `[DONE]` sentinel (`completed` false) was cut off: that is a retryable {@link ModelError}, so a
 * half-parsed answer is never taken for a complete one; one that ends with `[DONE]` but without
 * `finish_reason` is accepted, as the reference accepts it, when otherwise complete: a tool call
 * whose arguments stop mid-JSON fails the stream in `ChatModelBase` (core's shared check).
 */
export async function* parseChatCompletionStream(
  stream: AsyncIterable<unknown>,
  settings: ParseSettings,
  outcome: StreamOutcome,
  completed: () => boolean = () => false,
): AsyncGenerator<ChatResponse, void, undefined> {
  const acc = new ChatResponseAccumulator({
    parseToolInput: settings.streamToolParsing ? "stream" : "final",
    startTime: settings.startTime,
    ...(settings.structuredOutput ? { structuredOutput: settings.structuredOutput } : {}),
  });
  const audioType = `audio/${settings.audioFormat ?? "wav"}`;
  let idSet = false;
  let sawChoices = false;
  let finished = false;
  let text = "";
  for await (const item of stream) {
    if (!isObject(item)) {
      throw malformed(
        settings,
        `the value ${String(item)} instead of an object`,
        "the server does not speak the Chat Completions streaming protocol.",
      );
    }
    const chunk = item;
    if (!idSet && typeof chunk.id === "string" && chunk.id) {
      acc.setId(chunk.id);
      idSet = true;
    }
    if (isObject(chunk.usage)) acc.setUsage(usageOf(chunk.usage, settings.startTime));
    if (!Array.isArray(chunk.choices)) {
      if (!isObject(chunk.usage)) {
        throw malformed(
          settings,
          "no `choices` array (and no `usage`)",
          "every chunk needs `choices: [...]`; check that `baseURL` points at a Chat Completions endpoint.",
        );
      }
      if (acc.hasContent) {
        outcome.yielded++;
        yield acc.snapshot();
      }
      continue;
    }
    const choice = chunk.choices[0] as unknown;
    if (choice === undefined) {
      if (chunk.usage && acc.hasContent) {
        outcome.yielded++;
        yield acc.snapshot();
      }
      continue;
    }
    if (!isObject(choice)) {
      throw malformed(
        settings,
        "`choices[0]` that is not an object",
        "the server does not speak the Chat Completions streaming protocol.",
      );
    }
    sawChoices = true;
    if (choice.finish_reason) finished = true;
    const delta = choice.delta ?? {};
    if (!isObject(delta)) {
      throw malformed(
        settings,
        "`choices[0].delta` that is not an object",
        "the server does not speak the Chat Completions streaming protocol.",
      );
    }
    acc.addThinking(reasoningOf(delta));
    if (typeof delta.content === "string") {
      acc.addText(delta.content);
      text += delta.content;
    }
    const audio = delta.audio as Loose | undefined;
    if (audio && typeof audio === "object") {
      if (typeof audio.data === "string") acc.addAudio(audio.data, audioType);
      if (typeof audio.transcript === "string") {
        acc.addText(audio.transcript);
        text += audio.transcript;
      }
    }
    const toolCalls = Array.isArray(delta.tool_calls) ? (delta.tool_calls as unknown[]) : [];
    for (let i = 0; i < toolCalls.length; i++) {
      const call = toolCalls[i];
      if (!isObject(call)) {
        throw malformed(
          settings,
          `\`choices[0].delta.tool_calls[${i}]\` that is not an object`,
          "each streamed tool call needs `{index, id?, function: {name?, arguments?}}`.",
        );
      }
      const fn = isObject(call.function) ? call.function : {};
      acc.addToolCallDelta({
        ...(typeof call.index === "number" ? { index: call.index } : {}),
        ...(typeof call.id === "string" && call.id ? { id: call.id } : {}),
        ...(typeof fn.name === "string" && fn.name ? { name: fn.name } : {}),
        ...(typeof fn.arguments === "string" ? { arguments: fn.arguments } : {}),
      });
    }
    if (acc.hasContent) {
      outcome.yielded++;
      yield acc.snapshot();
    }
  }
  outcome.text = text;
  if (sawChoices && !finished && !completed()) {
    throw new ModelError(
      `${settings.provider}: the response stream ended before the model finished (no finish_reason and no [DONE] after ${outcome.yielded} chunk(s)); the connection was probably cut. The partial answer was discarded.`,
      { provider: settings.provider, retryable: true },
    );
  }
  const last = acc.finish();
  if (last) {
    outcome.yielded++;
    yield last;
  }
}
