export {
  DeterministicEmbeddingModel,
  type DeterministicEmbeddingModelOptions,
} from "./deterministic-embedding-model.js";
export {
  type RecordedSpan,
  RecordingTracer,
  type RecordingTracerOptions,
} from "./recording-tracer.js";
export {
  type ScriptedCall,
  ScriptedChatModel,
  type ScriptedChatModelOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptStep,
  type ScriptStepFunction,
} from "./scripted-chat-model.js";
export { scriptedText, scriptedToolCall } from "./scripted-steps.js";
