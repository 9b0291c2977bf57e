import type { StateDict, ToolUseBlock } from "@agentscope-ts/core";

/** Which session: every session belongs to one user, and ids of different users never meet. */
export interface SessionKey {
  userId: string;
  sessionId: string;
}

/** An event as the service writes it to a session's log. */
export interface EventInput {
  /** The run the event belongs to. */
  runId: string;
  /** The event type (`model_chunk`, `run_finished`…). */
  type: string;
  /** The event payload (JSON). */
  data: Record<string, unknown>;
}

/** An event read back from the log: its id is the SSE `id` a client resumes from. */
export interface StoredEvent extends EventInput {
  /** Position in the log (`<ms>-<seq>`), increasing. */
  id: string;
  /** The fencing token of the lease under which it was written. */
  fence: number;
}

/**
 * Why a tool call waits in a parked run: a human's approval, a call that may have run before a
 * crash, a call of a client's tool (the AG-UI client runs it and sends the result), or not run.
 */
export type PendingReason = "approval" | "may_have_run" | "client" | "not_run";

/** A tool the client runs (AG-UI frontend tool): offered to the model, called by the client. */
export interface ClientTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/** A human's answer to a parked tool call. */
export interface ApprovalDecision {
  approve: boolean;
  /** Replaces the call's input when approving. */
  editedInput?: Record<string, unknown>;
  /** Told to the model when denying. */
  reason?: string;
}

/** A tool call of a parked run. `not_run` calls need no decision: they run through the rules. */
export interface PendingCall {
  toolUse: ToolUseBlock;
  reason: PendingReason;
  decision?: ApprovalDecision;
}

/** The service's part of a checkpoint: where the run stands. */
export interface RunState {
  status: "idle" | "running" | "parked" | "failed";
  runId: string | null;
  pending: PendingCall[];
  /** The client's tools for this run (AG-UI), kept so another replica can resume it. */
  clientTools?: ClientTool[];
}

/** What is saved after every step: the agent's state plus the run state. */
export interface Checkpoint {
  agentName: string;
  agent: StateDict;
  run: RunState;
}

/** Options of {@link ServiceBackend.readEvents}. */
export interface ReadEventsOptions {
  /** Wait at most this long for a new event when there is none. */
  blockMs: number;
  /** Read at most this many events. */
  count: number;
  /** Stops the wait. */
  signal?: AbortSignal;
}

/** What a fenced append returns: the event id, and whether an interrupt was requested. */
export interface AppendResult {
  id: string;
  interruptRequested: boolean;
}

/** What {@link ServiceBackend.acquireLeaseAndLoad} returns: the fencing token and the checkpoint. */
export interface LeaseAndCheckpoint {
  token: number;
  /** `undefined` when the session does not exist. */
  checkpoint: Checkpoint | undefined;
}

/** One entry of a session's fencing log: the token and the replica it was granted to. */
export interface FenceGrant {
  token: number;
  replicaId: string;
}

/**
 * Where the service keeps what must outlive a process: per-session leases with fencing tokens,
 * the event log, checkpoints, interrupt requests and the set of running sessions. Every write of
 * a run is fenced: it succeeds only while the writer's token is the session's current lease.
 * `InMemoryBackend` is the single-node default; `RedisBackend` lets replicas share it.
 */
export interface ServiceBackend {
  /** Takes the session's lease for `ttlMs`, or returns `null` when someone holds it. */
  acquireLease(key: SessionKey, replicaId: string, ttlMs: number): Promise<number | null>;
  /**
   * Takes the lease as {@link acquireLease} does and reads the checkpoint under it in the same
   * step; `null` when someone holds the lease. Optional: without it the runner calls
   * `acquireLease`, then `loadCheckpoint`.
   */
  acquireLeaseAndLoad?(
    key: SessionKey,
    replicaId: string,
    ttlMs: number,
  ): Promise<LeaseAndCheckpoint | null>;
  /** Extends a lease still held under `token`; `false` when it was lost. */
  renewLease(key: SessionKey, token: number, ttlMs: number): Promise<boolean>;
  /** Gives the lease back (no-op when `token` no longer holds it). */
  releaseLease(key: SessionKey, token: number): Promise<void>;
  /**
   * Appends an event; `null` when `token` no longer holds the lease (nothing written). With
   * `release`, the lease is released in the same step (for the event that ends a run, so a client
   * that sees it can start the next run at once).
   */
  appendEvent(
    key: SessionKey,
    token: number,
    event: EventInput,
    release?: boolean,
  ): Promise<AppendResult | null>;
  /**
   * Appends several events in order in one fenced step (all or none); `null` when `token` no
   * longer holds the lease. `release` releases it after the last one. Optional: without it the
   * runner appends one event at a time.
   */
  appendEvents?(
    key: SessionKey,
    token: number,
    events: EventInput[],
    release?: boolean,
  ): Promise<AppendResult | null>;
  /** Reads events after `afterId` (`"0"` = from the start), waiting up to `blockMs` for one. */
  readEvents(key: SessionKey, afterId: string, options: ReadEventsOptions): Promise<StoredEvent[]>;
  /** The session's checkpoint, or `undefined` when the session does not exist. */
  loadCheckpoint(key: SessionKey): Promise<Checkpoint | undefined>;
  /**
   * Whether the session exists (has a checkpoint), without reading it. Optional: without it the
   * server loads the checkpoint to find out.
   */
  hasSession?(key: SessionKey): Promise<boolean>;
  /** Saves a checkpoint; `false` when `token` no longer holds the lease (nothing written). */
  saveCheckpoint(key: SessionKey, token: number, checkpoint: Checkpoint): Promise<boolean>;
  /**
   * Saves a checkpoint and records in the same step whether the session has a run in progress
   * (as {@link markActive} when `active`, else {@link unmarkActive}); `false` when `token` no
   * longer holds the lease (nothing written, nothing marked). Optional: without it the runner
   * calls `saveCheckpoint`, then `markActive` or `unmarkActive`.
   */
  saveCheckpointMarked?(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    active: boolean,
  ): Promise<boolean>;
  /**
   * Ends a run as one fenced step: appends `before` (the events of its last step), saves
   * `checkpoint` with the session out of the set of active sessions, appends `after` (the events
   * that end the run) and releases the lease; `null` when `token` no longer holds the lease
   * (nothing written). A reader that sees the last event finds the checkpoint saved and the lease
   * free. Optional: without it the runner does these steps one by one.
   */
  finishRun?(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    before: EventInput[],
    after: EventInput[],
  ): Promise<AppendResult | null>;
  /** Deletes the checkpoint and the event log; `false` when `token` no longer holds the lease. */
  deleteSession(key: SessionKey, token: number): Promise<boolean>;
  /** Asks the replica running the session to interrupt it (seen at its next event). */
  requestInterrupt(key: SessionKey): Promise<void>;
  /** Records that the session has a run in progress (recovered by any replica if its holder dies). */
  markActive(key: SessionKey): Promise<void>;
  /** Records that the session's run ended. */
  unmarkActive(key: SessionKey): Promise<void>;
  /** Up to `limit` sessions with a run in progress. */
  listActive(limit: number): Promise<SessionKey[]>;
  /** The lease grants of a session, oldest first (for audits and tests). */
  fenceLog(key: SessionKey): Promise<FenceGrant[]>;
  /** Closes connections. */
  close(): Promise<void>;
}

/** A stable string for a session key (for maps and logs). */
export function keyString(key: SessionKey): string {
  return `${encodeURIComponent(key.userId)}/${encodeURIComponent(key.sessionId)}`;
}
