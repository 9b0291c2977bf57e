import {
  type ChatResponse,
  ChatResponseAccumulator,
  type ChatResponseBlock,
  type ChatUsage,
  createChatResponse,
  ModelError,
  parsePartialJson,
  pythonJsonDumps,
  type TextBlock,
  type ToolUseBlock,
} from "@agentscope-ts/core";
import type {
  Candidate,
  FunctionCall,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  Part,
} from "@google/genai";
import { PartialArgsWriter } from "./partial-args.js";

/**
 * The fields of a `generateContent` response (or stream chunk) the parser reads: the SDK's
 * `GenerateContentResponse` without its getters, so plain response objects parse too.
 */
export type GeminiResponseData = Pick<
  GenerateContentResponse,
  "candidates" | "usageMetadata" | "promptFeedback" | "responseId"
>;

/** A text block carrying the Gemini thought signature it came with. */
type SignedTextBlock = TextBlock & { thought_signature?: string };

/** A tool_use block carrying the Gemini thought signature of its call. */
type SignedToolUseBlock = ToolUseBlock & { thought_signature?: string };

/** How a response is read into a `ChatResponse`. */
export interface GeminiParseSettings {
  /** The provider id, for errors. */
  provider: string;
  /** When the request started (`Date.now()`), for `usage.time`. */
  startTime: number;
  /** True for structured output: the JSON text is parsed (repaired) into `metadata`. */
  structuredOutput: boolean;
}

/**
 * AgentScope's `_extract_usage`: input = `promptTokenCount`, output = `totalTokenCount −
 * promptTokenCount` (thinking tokens count as output), or nothing when either is missing. The
 * raw `usageMetadata` is kept as `metadata`.
 */
export function geminiUsage(
  u: GenerateContentResponseUsageMetadata | undefined,
  startTime: number,
): ChatUsage | undefined {
  if (!u || typeof u.promptTokenCount !== "number" || typeof u.totalTokenCount !== "number") {
    return undefined;
  }
  return {
    inputTokens: u.promptTokenCount,
    outputTokens: u.totalTokenCount - u.promptTokenCount,
    time: (Date.now() - startTime) / 1000,
    metadata: { ...u },
  };
}

/**
 * Why the model stopped and what safety filters said, for `metadata` of responses without
 * structured output: `finish_reason`, `finish_message`, `safety_ratings`, `prompt_feedback`
 * (snake_case, as data on the wire), each only when the API sent it.
 */
export function geminiFinishInfo(
  candidate: Candidate | undefined,
  promptFeedback: GenerateContentResponse["promptFeedback"] | null,
): Record<string, unknown> | undefined {
  const info: Record<string, unknown> = {};
  if (candidate?.finishReason !== undefined) info.finish_reason = candidate.finishReason;
  if (candidate?.finishMessage !== undefined) info.finish_message = candidate.finishMessage;
  if (candidate?.safetyRatings !== undefined) info.safety_ratings = candidate.safetyRatings;
  if (promptFeedback !== undefined && promptFeedback !== null) {
    info.prompt_feedback = promptFeedback;
  }
  return Object.keys(info).length > 0 ? info : undefined;
}

function partsOf(candidate: Candidate | undefined): Part[] {
  const parts = candidate?.content?.parts;
  return Array.isArray(parts) ? parts : [];
}

/** The signature of a part as the blocks hold it: the base64 string the API sent. */
function signatureOf(part: Part): string | undefined {
  const sig = part.thoughtSignature;
  return typeof sig === "string" && sig !== "" ? sig : undefined;
}

/**
 * AgentScope's tool call id on Gemini: the call's thought signature when there is one (Gemini
 * sends no call ids), else the call's `id`, else `call_<n>` (n = calls before it).
 */
function callId(part: Part, call: FunctionCall, index: number): string {
  return signatureOf(part) ?? (typeof call.id === "string" && call.id ? call.id : `call_${index}`);
}

/** Adds `thought_signature` to the text block and the tool_use blocks that had one. */
function withSignatures(
  content: ChatResponseBlock[],
  textSignature: string | undefined,
  callSignatures: ReadonlyMap<number, string>,
): ChatResponseBlock[] {
  if (textSignature === undefined && callSignatures.size === 0) return content;
  let call = 0;
  return content.map((block) => {
    if (block.type === "text" && textSignature !== undefined) {
      const signed: SignedTextBlock = { ...block, thought_signature: textSignature };
      return signed;
    }
    if (block.type === "tool_use") {
      const sig = callSignatures.get(call++);
      if (sig !== undefined) {
        const signed: SignedToolUseBlock = { ...block, thought_signature: sig };
        return signed;
      }
    }
    return block;
  });
}

function finishMetadata(
  response: ChatResponse,
  settings: GeminiParseSettings,
  info: Record<string, unknown> | undefined,
): ChatResponse {
  if (settings.structuredOutput || info === undefined) return response;
  return { ...response, metadata: info };
}

/**
 * AgentScope's `_parse_gemini_generation_response`: a `generateContent` response as a ChatResponse.
 * Thought parts become thinking blocks, other text parts text blocks, function calls tool_use blocks
 * after them (id per {@link callId}, `thought_signature` kept on the block); the signature of a
 * non-call part goes on the last text block. Structured output: the text parsed (repaired) into
 * `metadata`; otherwise `metadata` holds the finish reason and safety information.
 */
export function parseGenerateContentResponse(
  r: GeminiResponseData,
  settings: GeminiParseSettings,
): ChatResponse {
  const candidate = Array.isArray(r.candidates) ? r.candidates[0] : undefined;
  const blocks: ChatResponseBlock[] = [];
  const toolUses: ChatResponseBlock[] = [];
  let textSignature: string | undefined;
  let jsonText = "";
  for (const part of partsOf(candidate)) {
    if (typeof part.text === "string" && part.text) {
      if (part.thought) blocks.push({ type: "thinking", thinking: part.text });
      else {
        blocks.push({ type: "text", text: part.text });
        jsonText += part.text;
      }
    }
    const call = part.functionCall;
    if (call) {
      const args = call.args ?? {};
      const block: SignedToolUseBlock = {
        type: "tool_use",
        id: callId(part, call, toolUses.length),
        name: String(call.name ?? ""),
        input: args,
        raw_input: pythonJsonDumps(args),
      };
      const sig = signatureOf(part);
      if (sig !== undefined) block.thought_signature = sig;
      toolUses.push(block);
    } else if (signatureOf(part) !== undefined) {
      textSignature = signatureOf(part);
    }
  }
  if (textSignature !== undefined) {
    const last = blocks.findLastIndex((b) => b.type === "text");
    const lastText = blocks[last];
    if (lastText?.type === "text") {
      const signed: SignedTextBlock = { ...lastText, thought_signature: textSignature };
      blocks[last] = signed;
    }
  }
  const usage = geminiUsage(r.usageMetadata, settings.startTime);
  const metadata = settings.structuredOutput
    ? jsonText
      ? parsePartialJson(jsonText)
      : undefined
    : geminiFinishInfo(candidate, r.promptFeedback);
  return createChatResponse({
    content: [...blocks, ...toolUses],
    ...(typeof r.responseId === "string" && r.responseId ? { id: r.responseId } : {}),
    usage,
    metadata,
  });
}

/** What a parsed stream reports besides its chunks. */
export interface GeminiStreamOutcome {
  /** Chunks yielded. */
  yielded: number;
}

/** A function call whose arguments are still streaming (`willContinue`). */
interface PendingCall {
  index: number;
  writer: PartialArgsWriter;
}

/**
 * AgentScope's `_parse_gemini_stream_generation_response` on core's accumulator (O(delta) per
 * chunk): thought text as thinking, text, whole function calls as tool calls, and Gemini 3's
 * streamed function-call arguments (`willContinue` + `partialArgs`, ended by an empty
 * `functionCall`) assembled into one call whose input is repaired on every chunk (a call not ended
 * when the answer finishes keeps its arguments open: core rejects it as truncated). The last
 * non-call signature goes on the text block, each call's on its tool_use block. Structured output:
 * the repaired JSON text in `metadata` on every chunk. A stream that ends without a finish reason
 * was cut off: a retryable {@link ModelError}, so a half-parsed answer is never taken for a whole.
 */
export async function* parseGenerateContentStream(
  stream: AsyncIterable<GeminiResponseData>,
  settings: GeminiParseSettings,
  outcome: GeminiStreamOutcome,
): AsyncGenerator<ChatResponse, void, undefined> {
  const acc = new ChatResponseAccumulator({
    startTime: settings.startTime,
    ...(settings.structuredOutput ? { structuredOutput: "text" as const } : {}),
  });
  let idSet = false;
  let calls = 0;
  let pending: PendingCall | undefined;
  let textSignature: string | undefined;
  const callSignatures = new Map<number, string>();
  let finishInfo: Record<string, unknown> | undefined;
  let finished = false;
  let sawCandidates = false;

  const endPending = () => {
    if (!pending) return;
    acc.addToolCallDelta({ index: pending.index, arguments: pending.writer.end() });
    pending = undefined;
  };
  const addPieces = (pieces: FunctionCall["partialArgs"]) => {
    if (!pending || !Array.isArray(pieces)) return;
    let text = "";
    for (const piece of pieces) text += pending.writer.add(piece);
    if (text) acc.addToolCallDelta({ index: pending.index, arguments: text });
  };

  const emit = (response: ChatResponse): ChatResponse => {
    outcome.yielded++;
    const content = withSignatures(response.content, textSignature, callSignatures);
    return finishMetadata({ ...response, content }, settings, finishInfo);
  };

  for await (const chunk of stream) {
    if (!idSet && typeof chunk.responseId === "string" && chunk.responseId) {
      acc.setId(chunk.responseId);
      idSet = true;
    }
    const candidate = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
    if (candidate) sawCandidates = true;
    for (const part of partsOf(candidate)) {
      if (typeof part.text === "string" && part.text) {
        if (part.thought) acc.addThinking(part.text);
        else acc.addText(part.text);
      }
      const call = part.functionCall;
      if (call) {
        const hasName = typeof call.name === "string" && call.name !== "";
        if (pending && !hasName) {
          addPieces(call.partialArgs);
          if (!call.willContinue) endPending();
        } else if (hasName) {
          endPending();
          const index = calls++;
          const sig = signatureOf(part);
          if (sig !== undefined) callSignatures.set(index, sig);
          const id = callId(part, call, index);
          if (call.willContinue) {
            pending = { index, writer: new PartialArgsWriter() };
            acc.addToolCallDelta({
              index,
              id,
              name: String(call.name),
              arguments: pending.writer.begin(),
            });
            addPieces(call.partialArgs);
          } else {
            const args = call.args ?? {};
            acc.setToolCall({
              id,
              name: String(call.name),
              input: args,
              rawInput: pythonJsonDumps(args),
            });
          }
        }
      } else if (signatureOf(part) !== undefined) {
        textSignature = signatureOf(part);
      }
    }
    const usage = geminiUsage(chunk.usageMetadata, settings.startTime);
    if (usage) acc.setUsage(usage);
    // A call still streaming its arguments when the answer finishes (MAX_TOKENS, say) was cut:
    // its arguments stay open, and core's check rejects the answer instead of running it.
    if (candidate?.finishReason) finished = true;
    const info = geminiFinishInfo(candidate, chunk.promptFeedback);
    if (info) finishInfo = { ...finishInfo, ...info };
    if (acc.hasContent) yield emit(acc.snapshot());
  }
  if (sawCandidates && !finished) {
    throw new ModelError(
      `${settings.provider}: the response stream ended before the model finished (no finishReason after ${outcome.yielded} chunk(s)); the connection was probably cut. The partial answer was discarded.`,
      { provider: settings.provider, retryable: true },
    );
  }
  const last = acc.finish();
  if (last) yield emit(last);
}
