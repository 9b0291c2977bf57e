export {
  RemoteTaskBus,
  ReplicaEventBusManager,
  type ReplicaEventBusManagerOptions,
} from "./a2a-event-bus-manager.js";
export { SessionA2AExecutor, type SessionA2AExecutorOptions } from "./a2a-executor.js";
export { type A2ARouteDeps, type A2AServerOptions, mountA2ARoutes } from "./a2a-routes.js";
export { type FollowOptions, followRun, type RunFollow } from "./a2a-run-follower.js";
export { type A2ATaskStoreOptions, EVENT_ID_KEY, RUN_ID_KEY } from "./a2a-task-store.js";
export { AgUiMapper } from "./ag-ui.js";
export {
  type AgentServer,
  type AgentServerOptions,
  createAgentServer,
  type RouteHelpers,
  RUN_END,
  type ServerRateLimitOptions,
} from "./agent-server.js";
export { type Authenticate, type AuthUser, bearerTokens } from "./auth.js";
export type {
  AppendResult,
  ApprovalDecision,
  Checkpoint,
  ClientTool,
  EventInput,
  FenceGrant,
  LeaseAndCheckpoint,
  PendingCall,
  PendingReason,
  ReadEventsOptions,
  RunState,
  ServiceBackend,
  SessionKey,
  StoredEvent,
} from "./backend.js";
export { keyString } from "./backend.js";
export type { CheckpointStore } from "./checkpoint-store.js";
export { errorText, eventPayload, type RunEventType, redact } from "./event-payload.js";
export { InMemoryA2ATaskStore } from "./in-memory-a2a-task-store.js";
export { InMemoryBackend, type InMemoryBackendOptions } from "./in-memory-backend.js";
export {
  type PermissionAction,
  type PermissionDecision,
  PermissionPolicy,
  type PermissionRule,
} from "./permissions.js";
export {
  PostgresCheckpointStore,
  type PostgresCheckpointStoreOptions,
} from "./postgres-checkpoint-store.js";
export { InMemoryRateLimiter, type RateLimiter, type RateLimitOptions } from "./rate-limiter.js";
export {
  attachRealtimeSessions,
  REALTIME_SUBPROTOCOL,
  type RealtimeServerOptions,
  type RealtimeSessionContext,
  type RealtimeSessionFactory,
  type RealtimeTransport,
  type RealtimeTransportDeps,
} from "./realtime-sessions.js";
export { RedisA2ATaskStore } from "./redis-a2a-task-store.js";
export { RedisBackend, type RedisBackendOptions } from "./redis-backend.js";
export {
  type RateLimitFailMode,
  RedisRateLimiter,
  type RedisRateLimiterOptions,
} from "./redis-rate-limiter.js";
export type { RecordLevel } from "./request-log.js";
export { MIN_SECRET_LENGTH, SecretMask } from "./secret-mask.js";
export {
  type AgentContext,
  type AgentFactory,
  RunConflictError,
  SessionRunner,
  type SessionRunnerOptions,
  type StartMessageOptions,
} from "./session-runner.js";
export { SqliteA2ATaskStore, type SqliteA2ATaskStoreOptions } from "./sqlite-a2a-task-store.js";
export {
  SqliteCheckpointStore,
  type SqliteCheckpointStoreOptions,
} from "./sqlite-checkpoint-store.js";
