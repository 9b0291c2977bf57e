import type { ModelEvent, ToolUseBlock } from "@agentscope-ts/core";
import {
  OpenAIStyleRealtimeTranslator,
  wireObject as obj,
  parsePartialJson,
  wireString as str,
} from "@agentscope-ts/core";

/** The OpenAI Realtime server event fields this translation reads (a loose view of the SDK's union). */
export interface OpenAIServerEvent {
  type: string;
  [key: string]: unknown;
}

/**
 * Translates OpenAI Realtime server events (GA names; the beta `response.audio*` aliases too) into
 * AgentScope model events, as `OpenAIRealtimeModel.parse_api_message` does: core's OpenAI-style
 * events, plus function calls and input transcription deltas. Keeps what a session needs across
 * events: the current response id, function names by item, and arguments so far.
 */
export class OpenAIRealtimeTranslator extends OpenAIStyleRealtimeTranslator {
  readonly #names = new Map<string, string>();
  readonly #args = new Map<string, string>();

  constructor(outputSampleRate: number) {
    super({ outputSampleRate, responseIdFromEvents: true });
  }

  /** The model events of one server event (none for events AgentScope does not surface). */
  override translate(data: OpenAIServerEvent): ModelEvent[] {
    const responseId = () => this.responseIdOf(data);
    switch (data.type) {
      case "response.output_item.added": {
        const item = obj(data.item);
        if (item.type === "function_call") this.#names.set(str(item.id), str(item.name));
        return [];
      }
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
      default:
        return super.translate(data);
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
