import {
  type ChatResponse,
  ChatResponseAccumulator,
  ModelError,
  parsePartialJson,
} from "@agentscope-ts/core";
import type { DashScopeStreamEvent } from "./dashscope-http.js";

/** How a response is read. */
export interface ParseSettings {
  provider: string;
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** Repair tool arguments while streaming (`streamToolParsing`). */
  streamToolParsing: boolean;
  /** True when a `structuredModel` was asked for: the last tool call's input is the metadata. */
  structured: boolean;
}

/** What a stream parse reports back (for error messages). */
export interface StreamOutcome {
  /** Chunks yielded so far. */
  yielded: number;
}

/**
 * A generation response (or one stream event's `data`) is read field by field as untyped JSON:
 * DashScope's answers vary by API, model and `result_format`, and compatible gateways drop fields.
 * The fields read, from DashScope's API reference: `request_id`; `output.choices[0]` with
 * `message` (`content` a string or `{text}` parts, `reasoning_content`, `tool_calls` streamed by
 * `index`) and `finish_reason`; or, with `result_format: "text"`, `output.text` and
 * `output.finish_reason`; `usage` (`input_tokens`, `output_tokens`, more kept as metadata).
 */
type Json = Record<string, unknown>;

/** `value` when it is a JSON object, else `undefined`. */
function objectOf(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? { ...value }
    : undefined;
}

/** The first choice of a response: its message and finish reason. */
interface Choice {
  message: Json | undefined;
  finishReason: unknown;
}

/**
 * The first choice of a response. With `result_format: "text"` (a `generateKwargs` override)
 * DashScope answers `output.text` and `output.finish_reason` instead; that is read as a choice too.
 */
function choiceOf(data: Json): Choice | undefined {
  const output = objectOf(data.output);
  if (Array.isArray(output?.choices)) {
    const choice = objectOf(output.choices[0]);
    return choice && { message: objectOf(choice.message), finishReason: choice.finish_reason };
  }
  if (typeof output?.text === "string") {
    return { message: { content: output.text }, finishReason: output.finish_reason };
  }
  return undefined;
}

/** A tool call (or a streamed piece of one) of a response message. */
interface ToolCallOut {
  index: unknown;
  id: unknown;
  name: unknown;
  arguments: unknown;
}

/** The tool calls of a response message, each read defensively. */
function toolCallsOf(message: Json): ToolCallOut[] {
  if (!Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.map((raw: unknown) => {
    const call = objectOf(raw) ?? {};
    const fn = objectOf(call.function) ?? {};
    return { index: call.index, id: call.id, name: fn.name, arguments: fn.arguments };
  });
}

/** DashScope writes `"null"` (a string) as the finish reason of chunks that do not finish. */
function finishReasonOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value !== "null" ? value : undefined;
}

/** Text of a message content: a string, or the `text` of each `{text}` part (multimodal API). */
function forEachText(content: unknown, add: (text: string) => void): void {
  if (typeof content === "string") {
    add(content);
  } else if (Array.isArray(content)) {
    for (const item of content) {
      const text = objectOf(item)?.text;
      if (typeof text === "string") add(text);
    }
  }
}

function setUsage(acc: ChatResponseAccumulator, usage: unknown): void {
  const u = objectOf(usage);
  if (!u) return;
  acc.setUsage({
    inputTokens: typeof u.input_tokens === "number" ? u.input_tokens : 0,
    outputTokens: typeof u.output_tokens === "number" ? u.output_tokens : 0,
    metadata: { ...u },
  });
}

function responseMetadata(requestId: string | undefined, finishReason: string | undefined) {
  const metadata: Record<string, unknown> = {};
  if (requestId !== undefined) metadata.request_id = requestId;
  if (finishReason !== undefined) metadata.finish_reason = finishReason;
  return metadata;
}

/**
 * Parses DashScope's incremental stream (`incremental_output: true`, `result_format: "message"`)
 * into cumulative ChatResponses at O(delta) per event: `reasoning_content` as thinking, text
 * (string or `{text}` parts), tool calls assembled by `index` across events, usage, and the
 * `request_id` as response id. Without a structured model, `metadata` holds `request_id` and (once
 * known) `finish_reason`. A stream that ends before any finish reason fails with a retryable
 * `ModelError` rather than passing a half answer as complete.
 */
export async function* parseGenerationStream(
  events: AsyncIterable<DashScopeStreamEvent>,
  settings: ParseSettings,
  outcome: StreamOutcome,
): AsyncGenerator<ChatResponse, void, undefined> {
  const acc = new ChatResponseAccumulator({
    startTime: settings.startTime,
    parseToolInput: settings.streamToolParsing ? "stream" : "final",
    ...(settings.structured ? { structuredOutput: "tool_use" as const } : {}),
  });
  let requestId: string | undefined;
  let finishReason: string | undefined;
  for await (const { data } of events) {
    if (requestId === undefined && typeof data.request_id === "string") {
      requestId = data.request_id;
      acc.setId(requestId);
    }
    const choice = choiceOf(data);
    const message = choice?.message;
    if (message) {
      if (typeof message.reasoning_content === "string") acc.addThinking(message.reasoning_content);
      forEachText(message.content, (text) => acc.addText(text));
      for (const call of toolCallsOf(message)) {
        acc.addToolCallDelta({
          index: typeof call.index === "number" ? call.index : 0,
          ...(typeof call.id === "string" && call.id !== "" ? { id: call.id } : {}),
          ...(typeof call.name === "string" && call.name !== "" ? { name: call.name } : {}),
          ...(typeof call.arguments === "string" ? { arguments: call.arguments } : {}),
        });
      }
    }
    setUsage(acc, data.usage);
    finishReason = finishReasonOf(choice?.finishReason) ?? finishReason;
    if (!settings.structured) acc.setMetadata(responseMetadata(requestId, finishReason));
    if (acc.hasContent) {
      outcome.yielded++;
      yield acc.snapshot();
    }
  }
  if (finishReason === undefined) {
    throw new ModelError(
      `${settings.provider}: the response stream ended after ${outcome.yielded} chunk(s) without a finish_reason. The partial answer was discarded.`,
      { provider: settings.provider, retryable: true },
    );
  }
  const last = acc.finish();
  if (last) {
    outcome.yielded++;
    yield last;
  }
}

/**
 * Parses a non-streaming DashScope response (`result_format: "message"`): text, thinking, tool
 * calls (arguments repaired), usage, `request_id` as id; `metadata` as in
 * {@link parseGenerationStream}.
 */
export function parseGeneration(
  data: Record<string, unknown>,
  settings: ParseSettings,
): ChatResponse {
  const acc = new ChatResponseAccumulator({
    startTime: settings.startTime,
    ...(settings.structured ? { structuredOutput: "tool_use" as const } : {}),
  });
  const requestId = typeof data.request_id === "string" ? data.request_id : undefined;
  if (requestId !== undefined) acc.setId(requestId);
  const choice = choiceOf(data);
  const message = choice?.message;
  if (message) {
    if (typeof message.reasoning_content === "string") acc.addThinking(message.reasoning_content);
    forEachText(message.content, (text) => acc.addText(text));
    for (const call of toolCallsOf(message)) {
      const args = typeof call.arguments === "string" && call.arguments ? call.arguments : "{}";
      acc.setToolCall({
        id: typeof call.id === "string" ? call.id : "",
        name: typeof call.name === "string" ? call.name : "",
        input: parsePartialJson(args),
      });
    }
  }
  setUsage(acc, data.usage);
  if (!settings.structured) {
    acc.setMetadata(responseMetadata(requestId, finishReasonOf(choice?.finishReason)));
  }
  return acc.response();
}
