import type { ModelEvent, ToolUseBlock } from "@agentscope-ts/core";
import { OpenAIStyleRealtimeTranslator, parsePartialJson } from "@agentscope-ts/core";
import type { RealtimeServerEvent } from "openai/resources/realtime/realtime";

/**
 * A server event of the OpenAI Realtime API: the `openai` SDK's own union (what its realtime
 * client hands to `event` listeners). Beta names the SDK no longer lists (`response.audio.delta`…)
 * arrive as well and are translated by core's shared cases.
 */
export type OpenAIServerEvent = RealtimeServerEvent;

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
        const { item } = data;
        if (item.type === "function_call") this.#names.set(item.id ?? "", item.name);
        return [];
      }
      case "response.function_call_arguments.delta": {
        const soFar = (this.#args.get(data.call_id) ?? "") + data.delta;
        this.#args.set(data.call_id, soFar);
        return [
          {
            type: "model_response_tool_use_delta",
            response_id: responseId(),
            item_id: data.item_id,
            tool_use: this.#toolUse(data.call_id, this.#names.get(data.item_id), soFar),
          },
        ];
      }
      case "response.function_call_arguments.done": {
        const raw = data.arguments ?? this.#args.get(data.call_id) ?? "";
        this.#args.delete(data.call_id);
        const name = data.name || this.#names.get(data.item_id);
        this.#names.delete(data.item_id);
        return [
          {
            type: "model_response_tool_use_done",
            response_id: responseId(),
            item_id: data.item_id,
            tool_use: this.#toolUse(data.call_id, name, raw, true),
          },
        ];
      }
      case "conversation.item.input_audio_transcription.delta":
        return data.delta
          ? [{ type: "model_input_transcription_delta", item_id: data.item_id, delta: data.delta }]
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
