import type { ModelEvent, ToolUseBlock } from "@agentscope-ts/core";
import { parsePartialJson } from "@agentscope-ts/core";

/** The OpenAI Realtime server event fields this translation reads (a loose view of the SDK's union). */
export interface OpenAIServerEvent {
  type: string;
  [key: string]: unknown;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * Translates OpenAI Realtime server events (GA names; the beta `response.audio*` aliases too) into
 * AgentScope model events, as `OpenAIRealtimeModel.parse_api_message` does. Keeps what a session
 * needs across events: the current response id, function names by item, and arguments so far.
 */
export class OpenAIRealtimeTranslator {
  #responseId = "";
  readonly #names = new Map<string, string>();
  readonly #args = new Map<string, string>();

  constructor(private readonly outputSampleRate: number) {}

  /** The model events of one server event (none for events AgentScope does not surface). */
  translate(data: OpenAIServerEvent): ModelEvent[] {
    const responseId = () => str(data.response_id) || this.#responseId;
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
      case "response.output_item.added": {
        const item = obj(data.item);
        if (item.type === "function_call") this.#names.set(str(item.id), str(item.name));
        return [];
      }
      case "response.output_audio.delta":
      case "response.audio.delta":
        return str(data.delta)
          ? [
              {
                type: "model_response_audio_delta",
                response_id: responseId(),
                item_id: str(data.item_id),
                delta: str(data.delta),
                format: { type: "audio/pcm", rate: this.outputSampleRate },
              },
            ]
          : [];
      case "response.output_audio.done":
      case "response.audio.done":
        return [
          {
            type: "model_response_audio_done",
            response_id: responseId(),
            item_id: str(data.item_id),
          },
        ];
      case "response.output_audio_transcript.delta":
      case "response.audio_transcript.delta":
        return str(data.delta)
          ? [
              {
                type: "model_response_audio_transcript_delta",
                response_id: responseId(),
                item_id: str(data.item_id),
                delta: str(data.delta),
              },
            ]
          : [];
      case "response.output_audio_transcript.done":
      case "response.audio_transcript.done":
        return [
          {
            type: "model_response_audio_transcript_done",
            response_id: responseId(),
            item_id: str(data.item_id),
          },
        ];
      case "response.function_call_arguments.delta": {
        const callId = str(data.call_id);
        const soFar = (this.#args.get(callId) ?? "") + str(data.delta);
        this.#args.set(callId, soFar);
        return [
          {
            type: "model_response_tool_use_delta",
            response_id: responseId(),
            item_id: str(data.item_id),
            tool_use: this.#toolUse(
              callId,
              str(data.name) || this.#names.get(str(data.item_id)),
              soFar,
            ),
          },
        ];
      }
      case "response.function_call_arguments.done": {
        const callId = str(data.call_id);
        const raw =
          typeof data.arguments === "string" ? data.arguments : (this.#args.get(callId) ?? "");
        this.#args.delete(callId);
        const name = str(data.name) || this.#names.get(str(data.item_id));
        this.#names.delete(str(data.item_id));
        return [
          {
            type: "model_response_tool_use_done",
            response_id: responseId(),
            item_id: str(data.item_id),
            tool_use: this.#toolUse(callId, name, raw, true),
          },
        ];
      }
      case "conversation.item.input_audio_transcription.delta":
        return str(data.delta)
          ? [
              {
                type: "model_input_transcription_delta",
                item_id: str(data.item_id),
                delta: str(data.delta),
              },
            ]
          : [];
      case "conversation.item.input_audio_transcription.completed":
        return str(data.transcript)
          ? [
              {
                type: "model_input_transcription_done",
                item_id: str(data.item_id),
                transcript: str(data.transcript),
              },
            ]
          : [];
      case "input_audio_buffer.speech_started":
        return [
          {
            type: "model_input_started",
            item_id: str(data.item_id),
            audio_start_ms: num(data.audio_start_ms),
          },
        ];
      case "input_audio_buffer.speech_stopped":
        return [
          {
            type: "model_input_done",
            item_id: str(data.item_id),
            audio_end_ms: num(data.audio_end_ms),
          },
        ];
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

  #toolUse(id: string, name: string | undefined, raw: string, done = false): ToolUseBlock {
    return {
      type: "tool_use",
      id,
      name: name ?? "",
      input: done ? parsePartialJson(raw) : {},
      raw_input: raw,
    };
  }
}
