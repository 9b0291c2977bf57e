import type { ModelEvent } from "./model-events.js";

/** A string field, `""` when absent or not a string. */
export const wireString = (value: unknown): string => (typeof value === "string" ? value : "");
/** A number field, `0` when absent or not a number. */
export const wireNumber = (value: unknown): number => (typeof value === "number" ? value : 0);
/** An object field, `{}` when absent or not an object. */
export const wireObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** Options of {@link OpenAIStyleRealtimeTranslator}. */
export interface OpenAIStyleRealtimeTranslatorOptions {
  /** The sample rate of the PCM16 audio the model sends, in Hz. */
  outputSampleRate: number;
  /** Take an event's own `response_id` over the current response's (OpenAI sends one). Default false. */
  responseIdFromEvents?: boolean;
}

/**
 * Translates the server events that OpenAI-style realtime APIs share (OpenAI Realtime, DashScope
 * omni realtime) into AgentScope model events: `session.created`, `response.created` / `done`,
 * audio and transcript deltas (GA and beta names), input transcription, speech started / stopped
 * and `error`. Keeps the current response id. Providers extend `translate` for their own events.
 * Browser-safe.
 */
export class OpenAIStyleRealtimeTranslator {
  #responseId = "";
  readonly #rate: number;
  readonly #fromEvents: boolean;

  constructor(options: OpenAIStyleRealtimeTranslatorOptions) {
    this.#rate = options.outputSampleRate;
    this.#fromEvents = options.responseIdFromEvents ?? false;
  }

  /** The response an event belongs to: its own `response_id` (when enabled), else the current one. */
  protected responseIdOf(data: object): string {
    return (this.#fromEvents && wireString(wireObject(data).response_id)) || this.#responseId;
  }

  /** The model events of one server event (none for events AgentScope does not surface). */
  translate(raw: unknown): ModelEvent[] {
    const data = wireObject(raw);
    const item = wireString(data.item_id);
    switch (data.type) {
      case "session.created":
        return [
          { type: "model_session_created", session_id: wireString(wireObject(data.session).id) },
        ];
      case "response.created":
        this.#responseId = wireString(wireObject(data.response).id);
        return [{ type: "model_response_created", response_id: this.#responseId }];
      case "response.done": {
        const response = wireObject(data.response);
        const usage = wireObject(response.usage);
        const id = wireString(response.id) || this.#responseId;
        this.#responseId = "";
        const status = wireString(response.status);
        return [
          {
            type: "model_response_done",
            response_id: id,
            input_tokens: wireNumber(usage.input_tokens),
            output_tokens: wireNumber(usage.output_tokens),
            metadata: status ? { status } : {},
          },
        ];
      }
      case "response.output_audio.delta":
      case "response.audio.delta":
        return wireString(data.delta)
          ? [
              {
                type: "model_response_audio_delta",
                response_id: this.responseIdOf(data),
                item_id: item,
                delta: wireString(data.delta),
                format: { type: "audio/pcm", rate: this.#rate },
              },
            ]
          : [];
      case "response.output_audio.done":
      case "response.audio.done":
        return [
          {
            type: "model_response_audio_done",
            response_id: this.responseIdOf(data),
            item_id: item,
          },
        ];
      case "response.output_audio_transcript.delta":
      case "response.audio_transcript.delta":
        return wireString(data.delta)
          ? [
              {
                type: "model_response_audio_transcript_delta",
                response_id: this.responseIdOf(data),
                item_id: item,
                delta: wireString(data.delta),
              },
            ]
          : [];
      case "response.output_audio_transcript.done":
      case "response.audio_transcript.done":
        return [
          {
            type: "model_response_audio_transcript_done",
            response_id: this.responseIdOf(data),
            item_id: item,
          },
        ];
      case "conversation.item.input_audio_transcription.completed":
        return wireString(data.transcript)
          ? [
              {
                type: "model_input_transcription_done",
                item_id: item,
                transcript: wireString(data.transcript),
              },
            ]
          : [];
      case "input_audio_buffer.speech_started":
        return [
          {
            type: "model_input_started",
            item_id: item,
            audio_start_ms: wireNumber(data.audio_start_ms),
          },
        ];
      case "input_audio_buffer.speech_stopped":
        return [
          { type: "model_input_done", item_id: item, audio_end_ms: wireNumber(data.audio_end_ms) },
        ];
      case "error": {
        const error = wireObject(data.error);
        return [
          {
            type: "model_error",
            error_type: wireString(error.type) || "unknown",
            code: wireString(error.code) || "unknown",
            message: wireString(error.message) || "An unknown error occurred.",
          },
        ];
      }
      default:
        return [];
    }
  }
}
