import type { AudioBlock, ToolResultBlock, ToolUseBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";

/** Fields every {@link AgentEvent} carries: which agent and which reply it belongs to. */
export interface AgentEventBase {
  /** The id of the agent that produced the event. */
  agentId: string;
  /** The name of the agent that produced the event. */
  agentName: string;
  /** The id of the reply (one `call()`/`stream()` run) the event belongs to. */
  replyId: string;
}

/** The reply started; `input` is what the agent was called with. */
export interface ReplyStartEvent extends AgentEventBase {
  type: "reply_start";
  input: Msg | Msg[] | null;
}

/**
 * A streamed chunk of a model response. `msg` is cumulative (all content so far); `delta` holds
 * only the text and thinking added since the previous chunk of the same message, so a UI can
 * append it. `last` marks the final chunk of the message.
 */
export interface ModelChunkEvent extends AgentEventBase {
  type: "model_chunk";
  msgId: string;
  msg: Msg;
  delta: { text: string; thinking: string };
  last: boolean;
}

/**
 * Speech of a message, from the agent's TTS model (`ReActAgent({ ttsModel })`), while the text
 * streams: `speech` holds only the audio new since the previous speech event of the message
 * (deltas, in order; join them with `concatAudioBlocks` or `audioBlocksToWav`). `last` marks the
 * end of the message's speech (its `speech` may be empty).
 */
export interface SpeechEvent extends AgentEventBase {
  type: "speech";
  msgId: string;
  speech: AudioBlock[];
  last: boolean;
}

/** The model asked for a tool call (emitted once its arguments are complete). */
export interface ToolCallEvent extends AgentEventBase {
  type: "tool_call";
  msgId: string;
  toolUse: ToolUseBlock;
}

/** A (cumulative) chunk of a tool's result; `last` marks the final one. */
export interface ToolResultChunkEvent extends AgentEventBase {
  type: "tool_result_chunk";
  msgId: string;
  toolResult: ToolResultBlock;
  last: boolean;
}

/** The final reply. `interrupted` is true when it came from `handleInterrupt()`. */
export interface ReplyEvent extends AgentEventBase {
  type: "reply";
  msgId: string;
  msg: Msg;
  interrupted: boolean;
}

/** The reply failed with `error`; the stream ends after this event. */
export interface ErrorEvent extends AgentEventBase {
  type: "error";
  error: unknown;
}

/**
 * Something failed but the reply goes on (e.g. the long-term memory could not be reached);
 * `source` names what failed, `error` is what it threw.
 */
export interface WarningEvent extends AgentEventBase {
  type: "warning";
  source: string;
  message: string;
  error: unknown;
}

/**
 * What `agent.stream(msg)` yields, for UIs to render: a discriminated union on `type`. A run
 * yields `reply_start`, then any of `model_chunk`, `speech`, `tool_call` and `tool_result_chunk` (emitted by
 * the agent class, e.g. ReActAgent), `warning` for non-fatal failures, and ends with `reply` or `error`.
 */
export type AgentEvent =
  | ReplyStartEvent
  | ModelChunkEvent
  | SpeechEvent
  | ToolCallEvent
  | ToolResultChunkEvent
  | ReplyEvent
  | WarningEvent
  | ErrorEvent;

/** The `type` of an {@link AgentEvent}. */
export type AgentEventType = AgentEvent["type"];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as a subclass emits it: the agent fields are filled in by `emit()`. */
export type AgentEventInput = DistributiveOmit<AgentEvent, keyof AgentEventBase>;
