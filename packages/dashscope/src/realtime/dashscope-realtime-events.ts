import { OpenAIStyleRealtimeTranslator } from "@agentscope-ts/core";

/**
 * Translates DashScope omni realtime server events (`session.created`, `response.audio.delta`,
 * `response.audio_transcript.delta`, `input_audio_buffer.speech_started`, `error`, …) into
 * AgentScope model events, as `DashScopeRealtimeModel.parse_api_message` does: the
 * OpenAI-style events core translates, each tied to the current response.
 */
export class DashScopeRealtimeTranslator extends OpenAIStyleRealtimeTranslator {
  constructor(outputSampleRate: number) {
    super({ outputSampleRate });
  }
}
