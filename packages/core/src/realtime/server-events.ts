import type { ToolResultBlock } from "../message/index.js";
import type { ModelEvent, ModelEventOf } from "./model-events.js";

/** Who sent an agent event: every `agent_*` event names its agent. */
export interface AgentEventSource {
  /** The agent's id. */
  agent_id: string;
  /** The agent's name. */
  agent_name: string;
}

/** The model events an agent forwards as they are, renamed `model_*` → `agent_*`. */
export type ForwardedModelEventType =
  | "model_response_created"
  | "model_response_done"
  | "model_response_audio_delta"
  | "model_response_audio_done"
  | "model_response_audio_transcript_delta"
  | "model_response_audio_transcript_done"
  | "model_response_tool_use_delta"
  | "model_response_tool_use_done"
  | "model_input_transcription_delta"
  | "model_input_transcription_done"
  | "model_input_started"
  | "model_input_done"
  | "model_error";

type Renamed<E> = E extends { type: `model_${infer Rest}` }
  ? Omit<E, "type"> & { type: `agent_${Rest}` } & AgentEventSource
  : never;

/** The agent event a forwarded model event becomes. */
export type AgentEventFrom<T extends ForwardedModelEventType> = Renamed<ModelEventOf<T>>;

/**
 * What the backend sends to a front end and to other agents (AgentScope's `ServerEvents`): session
 * lifecycle, agent lifecycle, and each agent's response, transcripts, tool calls and errors.
 */
export type ServerEvent =
  | { type: "server_session_created"; session_id: string }
  | { type: "server_session_updated"; session_id: string }
  | { type: "server_session_ended"; session_id: string }
  | ({ type: "agent_ready" } & AgentEventSource)
  | ({ type: "agent_ended" } & AgentEventSource)
  | ({ type: "agent_response_tool_result"; tool_result: ToolResultBlock } & AgentEventSource)
  | AgentEventFrom<ForwardedModelEventType>;

/** The `type` names of {@link ServerEvent}. */
export type ServerEventType = ServerEvent["type"];

/** The server event of type `T`. */
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

const FORWARDED = new Set<string>([
  "model_response_created",
  "model_response_done",
  "model_response_audio_delta",
  "model_response_audio_done",
  "model_response_audio_transcript_delta",
  "model_response_audio_transcript_done",
  "model_response_tool_use_delta",
  "model_response_tool_use_done",
  "model_input_transcription_delta",
  "model_input_transcription_done",
  "model_input_started",
  "model_input_done",
  "model_error",
]);

/** Whether `event` is one an agent forwards as it is (see {@link serverEventFromModelEvent}). */
export function isForwardedModelEvent(
  event: ModelEvent,
): event is ModelEventOf<ForwardedModelEventType> {
  return FORWARDED.has(event.type);
}

/**
 * The agent event for a forwarded model event: AgentScope's `ServerEvents.from_model_event`
 * (`model_` becomes `agent_`, and the agent's id and name are added).
 */
export function serverEventFromModelEvent(
  event: ModelEventOf<ForwardedModelEventType>,
  source: AgentEventSource,
): ServerEvent {
  return {
    ...event,
    type: event.type.replace(/^model_/, "agent_"),
    ...source,
  } as ServerEvent;
}
