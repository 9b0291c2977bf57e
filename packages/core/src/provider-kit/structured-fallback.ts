import type { z } from "zod";
import type { ChatResponse } from "../model/chat-response.js";
import { isBadRequest, isToolChoiceRejection } from "./structured-output-fallback.js";

/** Where a structured answer is read: the response text (native structured output) or the forced tool's input. */
export type StructuredMode = "text" | "tool_use";

/** The streamed text and chunk count of one stream read. */
export interface StructuredStreamOutcome {
  text: string;
  yielded: number;
}

/** Reads an opened stream in `mode`, counting into `outcome`. */
export type StructuredStreamReader = (
  mode: StructuredMode,
  outcome: StructuredStreamOutcome,
  startTime: number,
) => AsyncGenerator<ChatResponse, void, undefined>;

/** What a model supplies to {@link callStructured} and {@link streamStructured}. */
export interface StructuredFallback<TBody> {
  /** The model: once `structuredOutputFallback` is set, structured output goes straight to the tool. */
  state: { structuredOutputFallback: boolean };
  /** The body asking the API for the schema natively (`response_format`, `text.format`…). */
  nativeBody(body: TBody, schema: z.ZodType): TBody;
  /** The body forcing AgentScope's structured-output tool; `forced: false` sends `tool_choice: "auto"`. */
  toolBody(body: TBody, schema: z.ZodType, forced: boolean): TBody;
  /** Sends one request and parses its answer in `mode`. */
  call(body: TBody, mode: StructuredMode, startTime: number): Promise<ChatResponse>;
  /** Opens a stream (HTTP errors throw here) and returns its reader. */
  open(body: TBody): Promise<StructuredStreamReader>;
}

/** Whether `value` fits `schema` (AgentScope falls back to the tool when it does not). */
export function fitsSchema(schema: z.ZodType, value: unknown): boolean {
  return value !== undefined && schema.safeParse(value).success;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * AgentScope's structured output with its fallback, for one call: the native request first
 * (unless an endpoint refused it before); on an HTTP 400, or an answer that does not fit the
 * schema, the forced structured-output tool, and `tool_choice: "auto"` where the endpoint refuses
 * a forced choice.
 */
export async function callStructured<TBody>(
  f: StructuredFallback<TBody>,
  body: TBody,
  schema: z.ZodType,
  startTime: number,
): Promise<ChatResponse> {
  if (!f.state.structuredOutputFallback) {
    try {
      const response = await f.call(f.nativeBody(body, schema), "text", startTime);
      if (fitsSchema(schema, response.metadata)) return response;
    } catch (error) {
      if (!isBadRequest(error)) throw error;
    }
  }
  f.state.structuredOutputFallback = true;
  try {
    return await f.call(f.toolBody(body, schema, true), "tool_use", startTime);
  } catch (error) {
    if (!isBadRequest(error) || !isToolChoiceRejection(error)) throw error;
  }
  return f.call(f.toolBody(body, schema, false), "tool_use", startTime);
}

/**
 * {@link callStructured} for a stream: the native stream first; then the forced tool, retried
 * with `tool_choice: "auto"` where the endpoint refuses the forced choice when the stream opens or
 * in an error event before any chunk.
 */
export async function* streamStructured<TBody>(
  f: StructuredFallback<TBody>,
  body: TBody,
  schema: z.ZodType,
  startTime: number,
): AsyncGenerator<ChatResponse, void, undefined> {
  let start = startTime;
  if (!f.state.structuredOutputFallback) {
    let read: StructuredStreamReader | undefined;
    try {
      read = await f.open(f.nativeBody(body, schema));
    } catch (error) {
      if (!isBadRequest(error)) throw error;
    }
    if (read) {
      const outcome: StructuredStreamOutcome = { text: "", yielded: 0 };
      yield* read("text", outcome, start);
      if (fitsSchema(schema, parsedJson(outcome.text))) return;
      // The endpoint answered, but not in the schema: AgentScope then retries through the tool.
      start = Date.now();
    }
  }
  f.state.structuredOutputFallback = true;
  let read: StructuredStreamReader;
  try {
    read = await f.open(f.toolBody(body, schema, true));
  } catch (error) {
    if (!isBadRequest(error) || !isToolChoiceRejection(error)) throw error;
    read = await f.open(f.toolBody(body, schema, false));
  }
  const outcome: StructuredStreamOutcome = { text: "", yielded: 0 };
  try {
    yield* read("tool_use", outcome, start);
    return;
  } catch (error) {
    // Some endpoints refuse the forced tool_choice in an error event before any chunk.
    if (outcome.yielded > 0 || !isToolChoiceRejection(error)) throw error;
  }
  const retry = await f.open(f.toolBody(body, schema, false));
  yield* retry("tool_use", { text: "", yielded: 0 }, start);
}
