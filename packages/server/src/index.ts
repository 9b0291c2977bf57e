export { type AuthUser, type Authenticate, bearerTokens } from "./auth.js";
export {
  type AgentServer,
  type AgentServerOptions,
  createAgentServer,
  RUN_END,
  type RouteHelpers,
} from "./agent-server.js";
export type {
  AppendResult,
  ApprovalDecision,
  Checkpoint,
  EventInput,
  FenceGrant,
  PendingCall,
  PendingReason,
  ReadEventsOptions,
  RunState,
  ServiceBackend,
  SessionKey,
  StoredEvent,
} from "./backend.js";
export { keyString } from "./backend.js";
export { errorText, eventPayload, type RunEventType, redact } from "./event-payload.js";
export { InMemoryBackend, type InMemoryBackendOptions } from "./in-memory-backend.js";
export {
  type PermissionAction,
  type PermissionDecision,
  PermissionPolicy,
  type PermissionRule,
} from "./permissions.js";
export { RateLimiter, type RateLimitOptions } from "./rate-limiter.js";
export { RedisBackend, type RedisBackendOptions } from "./redis-backend.js";
export {
  type AgentContext,
  type AgentFactory,
  RunConflictError,
  SessionRunner,
  type SessionRunnerOptions,
} from "./session-runner.js";
