import { type ChatResponse, ChatResponseAccumulator, ModelError } from "@agentscope-ts/core";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import {
  type ParseSettings,
  redactedThinkingBlock,
  stopMetadata,
  usageOf,
} from "./messages-response-fields.js";

/** What a parsed stream reports besides its chunks. */
export interface StreamOutcome {
  /** Chunks yielded. */
  yielded: number;
}

/**
 * One message of a stream being assembled. A stream may restart with a new `message_start`
 * (a spliced stream); everything of the message it replaces is dropped.
 */
class MessageState {
  readonly acc: ChatResponseAccumulator;
  /** Content block index → what it is, for routing deltas. */
  readonly kinds = new Map<number, "text" | "thinking" | "tool_use" | "redacted" | "other">();
  usage: Record<string, unknown> = {};
  stop: Record<string, unknown> | undefined;

  constructor(
    readonly id: string | undefined,
    settings: ParseSettings,
  ) {
    this.acc = new ChatResponseAccumulator({
      ...(id ? { id } : {}),
      parseToolInput: settings.streamToolParsing ? "stream" : "final",
      startTime: settings.startTime,
      ...(settings.structured ? { structuredOutput: "tool_use" as const } : {}),
    });
  }

  get hasContent(): boolean {
    return this.acc.hasContent;
  }
}

/**
 * AgentScope's `_parse_anthropic_stream_completion_response`: Messages stream events as
 * cumulative ChatResponses through core's accumulator (O(delta) per event), in AgentScope's block
 * order: thinking (each block with its own `signature`: core's accumulator keeps signed blocks
 * apart), text, tool calls (assembled from `input_json_delta`s by
 * block index). Usage comes from `message_start` and `message_delta` (whose larger input count
 * wins: some compatible servers send it only there), keeping the API's usage (cache tokens) in
 * `usage.metadata`; the final chunk carries `stop_reason` in `metadata` (unless structured). A
 * repeated `message_start` of the same message is ignored; one of a new message restarts the
 * answer. Events are the SDK's `RawMessageStreamEvent`s, read defensively (compatible servers leave
 * fields out). A stream that ends without `message_stop` was cut: that is a retryable
 * {@link ModelError}, so a half-parsed answer is never taken for a complete one.
 */
export async function* parseMessageStream(
  stream: AsyncIterable<RawMessageStreamEvent>,
  settings: ParseSettings,
  outcome: StreamOutcome,
): AsyncGenerator<ChatResponse, void, undefined> {
  let state: MessageState | undefined;
  let stopped = false;
  let dirty = false;
  const yieldChunk = (s: MessageState): ChatResponse => {
    outcome.yielded++;
    dirty = false;
    return s.acc.snapshot();
  };
  for await (const event of stream) {
    switch (event.type) {
      case "message_start": {
        // Optional chaining throughout: compatible servers leave fields the SDK types require out.
        const message = event.message;
        const id = typeof message?.id === "string" ? message.id : undefined;
        if (state && (state.id === id || !state.hasContent)) break;
        state = new MessageState(id, settings);
        const usage = message?.usage;
        if (usage) {
          state.usage = { ...usage };
          state.acc.setUsage(usageOf(state.usage, settings.startTime));
        }
        break;
      }
      case "content_block_start": {
        state ??= new MessageState(undefined, settings);
        const index = Number(event.index);
        const block = event.content_block;
        if (block?.type === "tool_use") {
          state.kinds.set(index, "tool_use");
          state.acc.addToolCallDelta({ index, id: String(block.id), name: String(block.name) });
          yield yieldChunk(state);
        } else if (block?.type === "thinking") {
          state.kinds.set(index, "thinking");
          state.acc.startThinkingBlock();
          state.acc.addThinking(typeof block.thinking === "string" ? block.thinking : "");
        } else if (block?.type === "redacted_thinking") {
          state.kinds.set(index, "redacted");
          state.acc.addThinkingBlock(redactedThinkingBlock(String(block.data ?? "")));
          yield yieldChunk(state);
        } else if (block?.type === "text") {
          state.kinds.set(index, "text");
          if (typeof block.text === "string" && block.text) {
            state.acc.addText(block.text);
            yield yieldChunk(state);
          }
        } else {
          state.kinds.set(index, "other");
        }
        break;
      }
      case "content_block_delta": {
        if (!state) break;
        const index = Number(event.index);
        const delta = event.delta;
        if (delta?.type === "text_delta") {
          state.acc.addText(delta.text);
          yield yieldChunk(state);
        } else if (delta?.type === "thinking_delta") {
          state.acc.addThinking(typeof delta.thinking === "string" ? delta.thinking : "");
          yield yieldChunk(state);
        } else if (delta?.type === "signature_delta") {
          state.acc.setThinkingSignature(String(delta.signature ?? ""));
          dirty = true;
        } else if (delta?.type === "input_json_delta" && state.kinds.get(index) === "tool_use") {
          const fragment = typeof delta.partial_json === "string" ? delta.partial_json : "";
          if (fragment) {
            state.acc.addToolCallDelta({ index, arguments: fragment });
            yield yieldChunk(state);
          }
        }
        break;
      }
      case "message_delta": {
        if (!state) break;
        const usage = event.usage;
        if (usage) {
          const before = Number(state.usage.input_tokens ?? 0);
          const after = Number(usage.input_tokens ?? 0);
          state.usage = { ...state.usage, ...usage, input_tokens: Math.max(before, after) };
          state.acc.setUsage(usageOf(state.usage, settings.startTime));
        }
        const stop = stopMetadata(event.delta ?? {});
        if (stop) state.stop = stop;
        if (!settings.structured) state.acc.setMetadata(state.stop);
        dirty = true;
        break;
      }
      case "message_stop":
        stopped = true;
        break;
    }
  }
  if (!stopped) {
    throw new ModelError(
      `${settings.provider}: the response stream ended before message_stop (after ${outcome.yielded} chunk(s)); the connection was probably cut. The partial answer was discarded.`,
      { provider: settings.provider, retryable: true },
    );
  }
  if (!state) return;
  const finished = state.acc.finish();
  if (finished || dirty || outcome.yielded === 0) {
    outcome.yielded++;
    yield finished ?? state.acc.response();
  }
}
