import type { ModelEvent } from "@agentscope-ts/core";

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * Translates DashScope omni realtime server events (`session.created`, `response.audio.delta`,
 * `response.audio_transcript.delta`, `input_audio_buffer.speech_started`, `error`, …) into
 * AgentScope model events, as `DashScopeRealtimeModel.parse_api_message` does.
 */
export class DashScopeRealtimeTranslator {
  #responseId = "";

  constructor(private readonly outputSampleRate: number) {}

  /** The model events of one server event. */
  translate(raw: unknown): ModelEvent[] {
    const data = obj(raw);
    const item = str(data.item_id);
    switch (data.type) {
      case "session.created":
        return [{ type: "model_session_created", session_id: str(obj(data.session).id) }];
      case "response.created":
        this.#responseId = str(obj(data.response).id);
        return [{ type: "model_response_created", response_id: this.#responseId }];
      case "response.done": {
        const response = obj(data.response);
        const usage = obj(response.usage);
        const id = str(response.id) || this.#responseId;
        this.#responseId = "";
        const status = str(response.status);
        return [
          {
            type: "model_response_done",
            response_id: id,
            input_tokens: num(usage.input_tokens),
            output_tokens: num(usage.output_tokens),
            metadata: status ? { status } : {},
          },
        ];
      }
      case "response.audio.delta":
        return str(data.delta)
          ? [
              {
                type: "model_response_audio_delta",
                response_id: this.#responseId,
                item_id: item,
                delta: str(data.delta),
                format: { type: "audio/pcm", rate: this.outputSampleRate },
              },
            ]
          : [];
      case "response.audio.done":
        return [
          { type: "model_response_audio_done", response_id: this.#responseId, item_id: item },
        ];
      case "response.audio_transcript.delta":
        return str(data.delta)
          ? [
              {
                type: "model_response_audio_transcript_delta",
                response_id: this.#responseId,
                item_id: item,
                delta: str(data.delta),
              },
            ]
          : [];
      case "response.audio_transcript.done":
        return [
          {
            type: "model_response_audio_transcript_done",
            response_id: this.#responseId,
            item_id: item,
          },
        ];
      case "conversation.item.input_audio_transcription.completed":
        return str(data.transcript)
          ? [
              {
                type: "model_input_transcription_done",
                item_id: item,
                transcript: str(data.transcript),
              },
            ]
          : [];
      case "input_audio_buffer.speech_started":
        return [
          { type: "model_input_started", item_id: item, audio_start_ms: num(data.audio_start_ms) },
        ];
      case "input_audio_buffer.speech_stopped":
        return [{ type: "model_input_done", item_id: item, audio_end_ms: num(data.audio_end_ms) }];
      case "error": {
        const error = obj(data.error);
        return [
          {
            type: "model_error",
            error_type: str(error.type) || "unknown",
            code: str(error.code) || "unknown",
            message: str(error.message) || "An unknown error occurred.",
          },
        ];
      }
      default:
        return [];
    }
  }
}
