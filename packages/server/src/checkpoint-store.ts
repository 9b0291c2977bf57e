import type { Checkpoint, SessionKey } from "./backend.js";

/**
 * Where a backend keeps checkpoints when not in Redis itself (e.g. `PostgresCheckpointStore`).
 * Saves and deletes carry the writer's fencing token; a store refuses a write older than the
 * newest it has seen for the session, so a replica that lost its lease cannot overwrite a newer
 * replica's checkpoint even when its write arrives late.
 */
export interface CheckpointStore {
  /** The session's checkpoint, or `undefined`. */
  load(key: SessionKey): Promise<Checkpoint | undefined>;
  /** Saves under `fence`; `false` when a write with a newer token happened. */
  save(key: SessionKey, fence: number, checkpoint: Checkpoint): Promise<boolean>;
  /** Deletes (leaving a tombstone with `fence`); `false` when a newer token wrote. */
  delete(key: SessionKey, fence: number): Promise<boolean>;
  /**
   * The newest token the store has seen for the session (0 if none). A backend whose token
   * counter does not outlive the process (`InMemoryBackend`) continues from it after a restart.
   */
  lastFence?(key: SessionKey): Promise<number>;
  /**
   * Up to `limit` sessions whose checkpoint says a run is in progress. A backend whose list of
   * running sessions does not outlive the process (`InMemoryBackend`) recovers these after a
   * restart, so a run cut off by a crash resumes instead of holding its session forever.
   */
  running?(limit: number): Promise<SessionKey[]>;
  /** Closes connections the store opened. */
  close(): Promise<void>;
}

/** The values of a checkpoint row (user, session, fence, agent name, state JSON) in SQL's order. */
export function checkpointRow(
  key: SessionKey,
  fence: number,
  checkpoint: Checkpoint,
): [string, string, number, string, string] {
  const state = JSON.stringify({ agent: checkpoint.agent, run: checkpoint.run });
  return [key.userId, key.sessionId, fence, checkpoint.agentName, state];
}
