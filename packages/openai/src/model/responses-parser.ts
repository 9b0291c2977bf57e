import {
  type ChatResponse,
  ChatResponseAccumulator,
  type ChatUsage,
  ModelError,
  parsePartialJson,
} from "@agentscope-ts/core";
import {
  REASONING_ITEMS_KEY,
  type ReasoningItemRef,
} from "../formatter/openai-response-reasoning-items.js";
import type { JsonEvent } from "./sse-json-events.js";

type Loose = Record<string, unknown>;

/** How a Responses API answer is read into a `ChatResponse`. */
export interface ResponsesParseSettings {
  /** The provider id, for errors. */
  provider: string;
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** Repair tool arguments while streaming (AgentScope's `stream_tool_parsing`). */
  streamToolParsing: boolean;
  /** Where structured output is read from: the JSON text, or the forced tool call. */
  structuredOutput: "text" | "tool_use" | undefined;
}

function isObject(value: unknown): value is Loose {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Usage of a Responses API answer; `metadata` keeps the details (cached and reasoning tokens). */
export function responsesUsage(usage: unknown, startTime: number): ChatUsage | undefined {
  if (!isObject(usage)) return undefined;
  return {
    inputTokens: Number(usage.input_tokens ?? 0),
    outputTokens: Number(usage.output_tokens ?? 0),
    time: (Date.now() - startTime) / 1000,
    metadata: usage,
  };
}

/** A reasoning item's reference (id, encrypted content), kept so it can be sent back. */
function reasoningRef(item: Loose): ReasoningItemRef | undefined {
  if (typeof item.id !== "string" || !item.id) return undefined;
  return {
    id: item.id,
    ...(typeof item.encrypted_content === "string"
      ? { encrypted_content: item.encrypted_content }
      : {}),
  };
}

/**
 * Puts the reasoning item references on the response's thinking block (adding an empty one when
 * the model reasoned without a summary), so a formatter can pass the reasoning back.
 */
function withReasoning(response: ChatResponse, refs: readonly ReasoningItemRef[]): ChatResponse {
  if (refs.length === 0) return response;
  const first = response.content[0];
  const items = refs.map((ref) => ({ ...ref }));
  const refsField = { [REASONING_ITEMS_KEY]: items };
  if (first?.type === "thinking") {
    Object.assign(first, refsField);
  } else {
    response.content.unshift(Object.assign({ type: "thinking" as const, thinking: "" }, refsField));
  }
  return response;
}

/** Error codes and types of the Responses API that a new request may get past. */
const RETRYABLE_KINDS = new Set(["server_error", "rate_limit_exceeded"]);

/**
 * Whether a Responses API error (an `error` event, or a failed response's `error`) is worth
 * retrying: its `code` or its `type` says a server error or a rate limit. OpenAI sends a server
 * fault as `type: "server_error"` with `code: null`, so both are read.
 */
export function isRetryableResponsesError(error: { code?: unknown; type?: unknown }): boolean {
  return (
    (typeof error.code === "string" && RETRYABLE_KINDS.has(error.code)) ||
    (typeof error.type === "string" && RETRYABLE_KINDS.has(error.type))
  );
}

function failure(settings: ResponsesParseSettings, response: unknown): ModelError {
  const error = isObject(response) && isObject(response.error) ? response.error : {};
  const code = typeof error.code === "string" ? error.code : undefined;
  const kind = code ?? (typeof error.type === "string" ? error.type : undefined);
  const message = typeof error.message === "string" ? error.message : "the response failed";
  return new ModelError(`${settings.provider}: ${message}${kind ? ` (${kind})` : ""}`, {
    provider: settings.provider,
    retryable: isRetryableResponsesError(error),
  });
}

function malformed(settings: ResponsesParseSettings, what: string): ModelError {
  return new ModelError(
    `${settings.provider}: a Responses API ${what}; the server does not speak the Responses API (check \`baseURL\`).`,
    { provider: settings.provider, retryable: false },
  );
}

/**
 * AgentScope's `OpenAIResponseModel._parse_response`: a non-streaming `Response` as a
 * ChatResponse: reasoning summaries as one thinking block (carrying the reasoning item ids and
 * encrypted content, to be sent back), `output_text` parts as text, `function_call` items as
 * tool calls (id = `call_id`), usage with its details. A `failed` response is a
 * {@link ModelError}; structured output goes in `metadata`.
 */
export function parseResponsesResponse(
  response: unknown,
  settings: ResponsesParseSettings,
): ChatResponse {
  if (!isObject(response) || !Array.isArray(response.output)) {
    throw malformed(settings, "response has no `output` array");
  }
  if (response.status === "failed") throw failure(settings, response);
  const acc = new ChatResponseAccumulator({
    startTime: settings.startTime,
    ...(typeof response.id === "string" && response.id ? { id: response.id } : {}),
    ...(settings.structuredOutput ? { structuredOutput: settings.structuredOutput } : {}),
  });
  const refs: ReasoningItemRef[] = [];
  for (const item of response.output as unknown[]) {
    if (!isObject(item)) throw malformed(settings, "output item is not an object");
    if (item.type === "reasoning") {
      const ref = reasoningRef(item);
      if (ref) refs.push(ref);
      for (const part of Array.isArray(item.summary) ? item.summary : []) {
        if (isObject(part) && typeof part.text === "string") acc.addThinking(part.text);
      }
    } else if (item.type === "message") {
      for (const part of Array.isArray(item.content) ? item.content : []) {
        if (isObject(part) && part.type === "output_text" && typeof part.text === "string") {
          acc.addText(part.text);
        }
      }
    } else if (item.type === "function_call") {
      const raw = typeof item.arguments === "string" ? item.arguments : "";
      acc.setToolCall({
        id: String(item.call_id || item.id || ""),
        name: String(item.name ?? ""),
        input: parsePartialJson(raw || "{}"),
        rawInput: raw,
      });
    }
  }
  const usage = responsesUsage(response.usage, settings.startTime);
  if (usage) acc.setUsage(usage);
  return withReasoning(acc.response(), refs);
}

/** What a parsed Responses stream reports besides its chunks. */
export interface ResponsesStreamOutcome {
  /** The text so far (for checking structured output at the end). */
  text: string;
  /** Chunks yielded. */
  yielded: number;
}

/**
 * AgentScope's `OpenAIResponseModel._parse_stream_response`: turns Responses API stream events
 * into cumulative ChatResponses with core's accumulator (O(delta) per event):
 * `response.reasoning_summary_text.delta` as thinking, `response.output_text.delta` as text,
 * `response.output_item.added` (a `function_call`: id = `call_id`) and
 * `response.function_call_arguments.delta` as tool calls matched by `output_index`,
 * `response.output_item.done` of a reasoning item for its id and encrypted content,
 * `response.completed` / `response.incomplete` for usage. `response.failed` is a
 * {@link ModelError}; a stream that ends before `response.completed` (or `incomplete`) was cut
 * off: a retryable {@link ModelError}, so a half-parsed answer is never taken for a complete one.
 */
export async function* parseResponsesStream(
  events: AsyncIterable<JsonEvent>,
  settings: ResponsesParseSettings,
  outcome: ResponsesStreamOutcome,
): AsyncGenerator<ChatResponse, void, undefined> {
  const acc = new ChatResponseAccumulator({
    parseToolInput: settings.streamToolParsing ? "stream" : "final",
    startTime: settings.startTime,
    ...(settings.structuredOutput ? { structuredOutput: settings.structuredOutput } : {}),
  });
  const refs: ReasoningItemRef[] = [];
  const argumentsSeen = new Set<number>();
  let idSet = false;
  let completed = false;
  let text = "";
  const snapshot = () => {
    outcome.yielded++;
    return withReasoning(acc.snapshot(), refs);
  };
  for await (const { data } of events) {
    const type = data.type;
    if (typeof type !== "string") throw malformed(settings, "stream event has no `type`");
    const response = isObject(data.response) ? data.response : undefined;
    if (!idSet && response && typeof response.id === "string" && response.id) {
      acc.setId(response.id);
      idSet = true;
    }
    const index = typeof data.output_index === "number" ? data.output_index : undefined;
    let changed = false;
    switch (type) {
      case "response.reasoning_summary_text.delta":
        if (typeof data.delta === "string" && data.delta) {
          acc.addThinking(data.delta);
          changed = true;
        }
        break;
      case "response.output_text.delta":
        if (typeof data.delta === "string" && data.delta) {
          acc.addText(data.delta);
          text += data.delta;
          changed = true;
        }
        break;
      case "response.output_item.added":
      case "response.output_item.done": {
        const item = data.item;
        if (!isObject(item)) throw malformed(settings, `${type} event has no \`item\` object`);
        if (item.type === "function_call") {
          const args = typeof item.arguments === "string" ? item.arguments : "";
          const whole = type === "response.output_item.done" && index !== undefined;
          acc.addToolCallDelta({
            ...(index !== undefined ? { index } : {}),
            id: String(item.call_id || item.id || ""),
            ...(typeof item.name === "string" && item.name ? { name: item.name } : {}),
            // Arguments that came whole (no deltas before `done`) are taken from the item.
            ...(whole && !argumentsSeen.has(index) && args ? { arguments: args } : {}),
          });
          if (whole && args) argumentsSeen.add(index);
          changed = true;
        } else if (item.type === "reasoning" && type === "response.output_item.done") {
          const ref = reasoningRef(item);
          if (ref) {
            const at = refs.findIndex((r) => r.id === ref.id);
            if (at >= 0) refs[at] = ref;
            else refs.push(ref);
            // The encrypted content arrives here: the next chunk must carry it.
            changed = true;
          }
        } else if (item.type === "reasoning") {
          const ref = reasoningRef(item);
          if (ref && !refs.some((r) => r.id === ref.id)) refs.push(ref);
        }
        break;
      }
      case "response.function_call_arguments.delta":
        if (typeof data.delta === "string" && index !== undefined) {
          acc.addToolCallDelta({ index, arguments: data.delta });
          argumentsSeen.add(index);
          changed = true;
        }
        break;
      case "response.completed":
      case "response.incomplete": {
        completed = true;
        const usage = responsesUsage(response?.usage, settings.startTime);
        if (usage) {
          acc.setUsage(usage);
          changed = true;
        }
        break;
      }
      case "response.failed":
        throw failure(settings, response);
      default:
        break;
    }
    if (changed && (acc.hasContent || refs.length > 0)) yield snapshot();
  }
  outcome.text = text;
  if (!completed) {
    throw new ModelError(
      `${settings.provider}: the response stream ended before response.completed (after ${outcome.yielded} chunk(s)); the connection was probably cut. The partial answer was discarded.`,
      { provider: settings.provider, retryable: true },
    );
  }
  const last = acc.finish();
  if (last) {
    outcome.yielded++;
    yield withReasoning(last, refs);
  }
}
