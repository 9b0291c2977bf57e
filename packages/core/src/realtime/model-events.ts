import type { ToolUseBlock } from "../message/index.js";

/** The format of a piece of audio on the wire: AgentScope's `AudioFormat` (`type` e.g. `"audio/pcm"`, `rate` in Hz). */
export interface AudioFormat {
  /** The media type, e.g. `"audio/pcm"`. */
  type: string;
  /** The sample rate in Hz, e.g. `24000`. */
  rate: number;
}

/**
 * What a realtime model reports, in AgentScope's provider-neutral form (`ModelEvents` of
 * `agentscope.realtime`, snake_case on the wire). Providers translate their own events into these.
 */
export type ModelEvent =
  | { type: "model_session_created"; session_id: string }
  | { type: "model_session_ended"; session_id: string; reason: string }
  | { type: "model_response_created"; response_id: string }
  | {
      type: "model_response_done";
      response_id: string;
      input_tokens: number;
      output_tokens: number;
      metadata: Record<string, string>;
    }
  | {
      type: "model_response_audio_delta";
      response_id: string;
      item_id: string;
      delta: string;
      format: AudioFormat;
    }
  | { type: "model_response_audio_done"; response_id: string; item_id: string }
  | {
      type: "model_response_audio_transcript_delta";
      response_id: string;
      item_id: string;
      delta: string;
    }
  | { type: "model_response_audio_transcript_done"; response_id: string; item_id: string }
  | {
      type: "model_response_tool_use_delta";
      response_id: string;
      item_id: string;
      tool_use: ToolUseBlock;
    }
  | {
      type: "model_response_tool_use_done";
      response_id: string;
      item_id: string;
      tool_use: ToolUseBlock;
    }
  | { type: "model_input_transcription_delta"; item_id: string; delta: string }
  | {
      type: "model_input_transcription_done";
      item_id: string;
      transcript: string;
      input_tokens?: number | null;
      output_tokens?: number | null;
    }
  | { type: "model_input_started"; item_id: string; audio_start_ms: number }
  | { type: "model_input_done"; item_id: string; audio_end_ms: number }
  | { type: "model_error"; error_type: string; code: string; message: string }
  | { type: "model_websocket_connect" }
  | { type: "model_websocket_disconnect" };

/** The `type` names of {@link ModelEvent}. */
export type ModelEventType = ModelEvent["type"];

/** The model event of type `T`. */
export type ModelEventOf<T extends ModelEventType> = Extract<ModelEvent, { type: T }>;
