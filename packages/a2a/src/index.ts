export { A2AAgent, type A2AAgentOptions, type A2ATaskInfo } from "./a2a-agent.js";
export { A2AAuthenticationError } from "./a2a-authentication-error.js";
export { A2AConnectionError } from "./a2a-connection-error.js";
export { type A2ACredentials, credentialHeaders } from "./a2a-credentials.js";
export {
  type A2AFetchHandler,
  type A2AFetchHandlerOptions,
  AGENT_CARD_WELL_KNOWN_PATH,
  createA2AFetchHandler,
} from "./a2a-fetch-handler.js";
export {
  type A2AMessageTarget,
  a2aMessageToMsg,
  a2aTaskToMsgs,
  formatA2AMessage,
} from "./a2a-format.js";
export { createA2ANodeListener, type MountableApp, mountA2A } from "./a2a-mount.js";
export { type BuildAgentCardOptions, buildAgentCard } from "./agent-card-builder.js";
export { agentCardJson, isLegacyA2ARequest } from "./agent-card-json.js";
export {
  AgentCardResolverBase,
  FileAgentCardResolver,
  FixedAgentCardResolver,
  normalizeAgentCard,
  WellKnownAgentCardResolver,
  type WellKnownAgentCardResolverOptions,
} from "./agent-card-resolver.js";
export {
  type AgentFactoryContext,
  AgentScopeExecutor,
  type AgentScopeExecutorOptions,
} from "./agentscope-executor.js";
export { DeltaCoalescer } from "./delta-coalescer.js";
export { blocksToParts, guessMediaType, partsToBlocks, partToBlock, textPart } from "./parts.js";
export {
  anyOfSchemes,
  type HttpBearerSchemeOptions,
  httpBearerScheme,
  securityRequirement,
} from "./security-schemes.js";
export {
  foldStreamedText,
  StreamedHistoryTaskStore,
  TEXT_OFFSET_KEY,
} from "./streamed-history.js";
export {
  agentMessage,
  publishStatus,
  publishTask,
  type StatusUpdate,
} from "./task-events.js";
export { taskStateName } from "./task-state.js";
