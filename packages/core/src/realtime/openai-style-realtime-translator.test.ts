import { describe, expect, it } from "vitest";
import { OpenAIStyleRealtimeTranslator } from "./openai-style-realtime-translator.js";

describe("OpenAIStyleRealtimeTranslator", () => {
  it("ties audio and transcripts to the current response, from created to done", () => {
    const t = new OpenAIStyleRealtimeTranslator({ outputSampleRate: 24_000 });
    expect(t.translate({ type: "session.created", session: { id: "s1" } })).toEqual([
      { type: "model_session_created", session_id: "s1" },
    ]);
    expect(t.translate({ type: "response.created", response: { id: "r1" } })).toEqual([
      { type: "model_response_created", response_id: "r1" },
    ]);
    // The event's own response_id is not taken unless asked for.
    expect(
      t.translate({ type: "response.audio.delta", item_id: "i", delta: "AA", response_id: "x" }),
    ).toEqual([
      {
        type: "model_response_audio_delta",
        response_id: "r1",
        item_id: "i",
        delta: "AA",
        format: { type: "audio/pcm", rate: 24_000 },
      },
    ]);
    expect(t.translate({ type: "response.output_audio_transcript.delta", delta: "" })).toEqual([]);
    expect(
      t.translate({
        type: "response.done",
        response: { status: "completed", usage: { input_tokens: 3 } },
      }),
    ).toEqual([
      {
        type: "model_response_done",
        response_id: "r1",
        input_tokens: 3,
        output_tokens: 0,
        metadata: { status: "completed" },
      },
    ]);
    expect(t.translate({ type: "response.audio.done", item_id: "i" })).toEqual([
      { type: "model_response_audio_done", response_id: "", item_id: "i" },
    ]);
  });

  it("takes an event's response_id when responseIdFromEvents is set", () => {
    const t = new OpenAIStyleRealtimeTranslator({
      outputSampleRate: 24_000,
      responseIdFromEvents: true,
    });
    t.translate({ type: "response.created", response: { id: "r1" } });
    expect(
      t.translate({ type: "response.audio_transcript.done", item_id: "i", response_id: "r2" }),
    ).toEqual([{ type: "model_response_audio_transcript_done", response_id: "r2", item_id: "i" }]);
  });

  it("translates input speech, transcription and errors; ignores unknown events and non-objects", () => {
    const t = new OpenAIStyleRealtimeTranslator({ outputSampleRate: 16_000 });
    expect(
      t.translate({ type: "input_audio_buffer.speech_started", item_id: "u", audio_start_ms: 40 }),
    ).toEqual([{ type: "model_input_started", item_id: "u", audio_start_ms: 40 }]);
    expect(t.translate({ type: "input_audio_buffer.speech_stopped", item_id: "u" })).toEqual([
      { type: "model_input_done", item_id: "u", audio_end_ms: 0 },
    ]);
    expect(
      t.translate({
        type: "conversation.item.input_audio_transcription.completed",
        item_id: "u",
        transcript: "hi",
      }),
    ).toEqual([{ type: "model_input_transcription_done", item_id: "u", transcript: "hi" }]);
    expect(t.translate({ type: "error", error: { code: "bad" } })).toEqual([
      {
        type: "model_error",
        error_type: "unknown",
        code: "bad",
        message: "An unknown error occurred.",
      },
    ]);
    expect(t.translate({ type: "rate_limits.updated" })).toEqual([]);
    expect(t.translate("not an event")).toEqual([]);
  });
});
