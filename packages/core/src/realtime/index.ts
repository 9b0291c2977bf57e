export { ChatRoom } from "./chat-room.js";
export { type ClientEvent, type ClientEventType, parseClientEvent } from "./client-events.js";
export type { AudioFormat, ModelEvent, ModelEventOf, ModelEventType } from "./model-events.js";
export {
  OpenAIStyleRealtimeTranslator,
  type OpenAIStyleRealtimeTranslatorOptions,
  wireNumber,
  wireObject,
  wireString,
} from "./openai-style-realtime-translator.js";
export {
  DEFAULT_TOOL_APPROVAL_TIMEOUT_MS,
  RealtimeAgent,
  type RealtimeAgentOptions,
  type RealtimeEventHandler,
  type ToolCallApprover,
} from "./realtime-agent.js";
export { DEFAULT_EVENT_WAIT_MS, RealtimeEventLog } from "./realtime-event-log.js";
export {
  realtimeSetupRefusedError,
  realtimeToolOutputText,
  realtimeUrlSourceError,
} from "./realtime-input-helpers.js";
export {
  DEFAULT_REALTIME_CONNECT_TIMEOUT_MS,
  DEFAULT_REALTIME_IDLE_TIMEOUT_MS,
  type RealtimeCancelInfo,
  type RealtimeConnectOptions,
  type RealtimeInput,
  RealtimeModelBase,
  type RealtimeModelBaseOptions,
  type RealtimeSessionState,
  type RealtimeSetup,
} from "./realtime-model-base.js";
export { RealtimeSessionTracer } from "./realtime-tracing.js";
export { resamplePcm16 } from "./resample-pcm16.js";
export {
  type AgentEventFrom,
  type AgentEventSource,
  type ForwardedModelEventType,
  isForwardedModelEvent,
  type ServerEvent,
  type ServerEventOf,
  type ServerEventType,
  serverEventFromModelEvent,
} from "./server-events.js";
