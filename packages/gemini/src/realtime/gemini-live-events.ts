import type { ModelEvent } from "@agentscope-ts/core";

/** The parts of a Gemini Live server message this translation reads (the SDK's `LiveServerMessage`). */
export interface GeminiLiveMessage {
  setupComplete?: unknown;
  serverContent?: {
    modelTurn?: { parts?: { inlineData?: { mimeType?: string; data?: string }; text?: string }[] };
    outputTranscription?: { text?: string };
    inputTranscription?: { text?: string };
    generationComplete?: boolean;
    turnComplete?: boolean;
    interrupted?: boolean;
  };
  toolCall?: { functionCalls?: { id?: string; name?: string; args?: Record<string, unknown> }[] };
  toolCallCancellation?: { ids?: string[] };
  usageMetadata?: { promptTokenCount?: number; responseTokenCount?: number };
}

/**
 * Translates Gemini Live server messages into AgentScope model events, as
 * `GeminiRealtimeModel.parse_api_message` does. Gemini sends no response ids, so one is made per
 * model turn (with a `model_response_created` the reference leaves out: the agent needs it to
 * know a response is under way). `interrupted` (the user spoke over the answer; Gemini has
 * already stopped and keeps only what was sent) becomes `model_input_started` and a cancelled
 * `model_response_done`, so players stop and barge-in bookkeeping runs.
 */
export class GeminiLiveTranslator {
  #responseId: string | undefined;
  #count = 0;
  #transcript = "";

  constructor(private readonly outputSampleRate: number) {}

  /** The model events of one server message. */
  translate(message: GeminiLiveMessage): ModelEvent[] {
    const out: ModelEvent[] = [];
    if (message.setupComplete !== undefined) {
      out.push({ type: "model_session_created", session_id: "gemini_session" });
    }
    const content = message.serverContent;
    if (content) {
      const input = content.inputTranscription?.text;
      if (input) {
        this.#transcript += input;
        out.push({ type: "model_input_transcription_delta", item_id: "", delta: input });
      }
      for (const part of content.modelTurn?.parts ?? []) {
        const data = part.inlineData;
        if (data?.data && (data.mimeType ?? "").startsWith("audio/")) {
          out.push({
            type: "model_response_audio_delta",
            response_id: this.#ensure(out),
            item_id: this.#responseId as string,
            delta: data.data,
            format: { type: "audio/pcm", rate: this.outputSampleRate },
          });
        }
      }
      const said = content.outputTranscription?.text;
      if (said) {
        const id = this.#ensure(out);
        out.push({
          type: "model_response_audio_transcript_delta",
          response_id: id,
          item_id: id,
          delta: said,
        });
      }
      if (content.interrupted && this.#responseId) {
        out.push({ type: "model_input_started", item_id: "", audio_start_ms: 0 });
        out.push(this.#done(message, "cancelled"));
      }
      if (content.generationComplete && this.#responseId) {
        const id = this.#responseId;
        out.push({ type: "model_response_audio_done", response_id: id, item_id: id });
        out.push({ type: "model_response_audio_transcript_done", response_id: id, item_id: id });
      }
      if (content.turnComplete) {
        if (this.#transcript) {
          out.push({
            type: "model_input_transcription_done",
            item_id: "",
            transcript: this.#transcript,
          });
          this.#transcript = "";
        }
        if (this.#responseId) out.push(this.#done(message, "completed"));
      }
    }
    for (const call of message.toolCall?.functionCalls ?? []) {
      const args = call.args ?? {};
      const id = this.#ensure(out);
      out.push({
        type: "model_response_tool_use_done",
        response_id: id,
        item_id: id,
        tool_use: {
          type: "tool_use",
          id: call.id ?? "",
          name: call.name ?? "",
          input: args,
          raw_input: JSON.stringify(args),
        },
      });
    }
    return out;
  }

  #ensure(out: ModelEvent[]): string {
    if (!this.#responseId) {
      this.#count++;
      this.#responseId = `resp_gemini_${this.#count}`;
      out.push({ type: "model_response_created", response_id: this.#responseId });
    }
    return this.#responseId;
  }

  #done(message: GeminiLiveMessage, status: string): ModelEvent {
    const id = this.#responseId as string;
    this.#responseId = undefined;
    return {
      type: "model_response_done",
      response_id: id,
      input_tokens: message.usageMetadata?.promptTokenCount ?? 0,
      output_tokens: message.usageMetadata?.responseTokenCount ?? 0,
      metadata: { status },
    };
  }
}
