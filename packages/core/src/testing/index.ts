export { type CapturedLog, captureLogs, type LogCapture } from "./capture-logs.js";
export { type ChunkedBody, chunkedBody } from "./chunked-body.js";
export {
  DeterministicEmbeddingModel,
  type DeterministicEmbeddingModelOptions,
} from "./deterministic-embedding-model.js";
export { PlainFormatter } from "./plain-formatter.js";
export {
  type RecordedSpan,
  RecordingTracer,
  type RecordingTracerOptions,
} from "./recording-tracer.js";
export { rejectionOf } from "./rejection-of.js";
export {
  type ScriptedCall,
  ScriptedChatModel,
  type ScriptedChatModelOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptStep,
  type ScriptStepFunction,
} from "./scripted-chat-model.js";
export {
  type ScriptedRealtimeCall,
  ScriptedRealtimeModel,
  type ScriptedRealtimeModelOptions,
} from "./scripted-realtime-model.js";
export { scriptedText, scriptedToolCall } from "./scripted-steps.js";
export {
  ScriptedStreamingTTSModel,
  type ScriptedStreamingTTSModelOptions,
} from "./scripted-streaming-tts-model.js";
export {
  type ScriptedTTSBehaviour,
  ScriptedTTSModel,
  type ScriptedTTSModelOptions,
} from "./scripted-tts-model.js";
export { type ToneSpeechOptions, toneSampleCount, toneSpeech } from "./tone-speech.js";
export { unsortedKeysMsg } from "./unsorted-keys-msg.js";
