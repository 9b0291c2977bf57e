export {
  AgentBase,
  type AgentBaseOptions,
  type AgentClass,
  type AgentInput,
  type MsgQueue,
  type PrintOptions,
  type PrintQueueItem,
  type ReplyOptions,
  toAgentInput,
} from "./agent-base.js";
export { AgentBusyError } from "./agent-busy-error.js";
export type {
  AgentEvent,
  AgentEventBase,
  AgentEventInput,
  AgentEventType,
  ErrorEvent,
  ModelChunkEvent,
  ReplyEvent,
  ReplyStartEvent,
  SpeechEvent,
  ToolCallEvent,
  ToolResultChunkEvent,
  WarningEvent,
} from "./agent-event.js";
export { AsyncQueue } from "./async-queue.js";
export { cloneMsg, deepCopy, stripThinkingBlocks } from "./copy.js";
export { EventChannel } from "./event-channel.js";
export {
  AGENT_HOOK_TYPES,
  type AgentHookType,
  type HookFunction,
  type HookKwargsMap,
  type HookOutputMap,
  type HookTarget,
  type HookType,
  type ObserveKwargs,
  type PostHook,
  type PreHook,
  type PrintKwargs,
  REACT_AGENT_HOOK_TYPES,
  type ReActAgentHookType,
  type ReplyKwargs,
} from "./hook-types.js";
export { MessagePrinter } from "./message-printer.js";
export {
  ConsoleOutputSink,
  getDefaultOutputSink,
  type OutputSink,
  setDefaultOutputSink,
} from "./output-sink.js";
export {
  type ActingKwargs,
  ReActAgent,
  type ReActReplyOptions,
  type ReasoningKwargs,
  type StructuredMsg,
} from "./react-agent.js";
export {
  COMPRESSED_MARK,
  type CompressionConfig,
  DEFAULT_COMPRESSION_PROMPT,
  DEFAULT_SUMMARY_TEMPLATE,
  fillSummaryTemplate,
  HINT_MARK,
  selectMessagesToCompress,
} from "./react-agent-compression.js";
export {
  FAKE_INTERRUPTED_TOOL_RESULT,
  FINISH_FUNCTION_NAME,
  GENERATE_TEXT_HINT,
  INTERRUPTED_REPLY_TEXT,
  REWRITE_QUERY_HINT,
  STRUCTURED_OUTPUT_REQUIRED_HINT,
  SUMMARIZING_HINT,
} from "./react-agent-hints.js";
export {
  LONG_TERM_MEMORY_MODES,
  type LongTermMemoryMode,
  type ReActAgentOptions,
  validateReActAgentOptions,
} from "./react-agent-options.js";
export { lastSentenceEnd } from "./sentence-boundary.js";
export { SpeechFollower } from "./speech-follower.js";
export { UserAgent, type UserAgentOptions, type UserReplyOptions } from "./user-agent.js";
export {
  ScriptedUserInput,
  UserInputBase,
  type UserInputData,
  type UserInputFunction,
  type UserInputRequest,
  type UserInputSource,
} from "./user-input.js";
