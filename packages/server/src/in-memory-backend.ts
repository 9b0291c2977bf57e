import type {
  AppendResult,
  Checkpoint,
  EventInput,
  FenceGrant,
  LeaseAndCheckpoint,
  ReadEventsOptions,
  ServiceBackend,
  SessionKey,
  StoredEvent,
} from "./backend.js";
import { keyString } from "./backend.js";
import type { CheckpointStore } from "./checkpoint-store.js";
import { EventLog } from "./event-log.js";
import { finishRunInSteps } from "./finish-run.js";

/** Options of {@link InMemoryBackend}. */
export interface InMemoryBackendOptions {
  /** The most events kept per session (oldest dropped first). Default 10 000. */
  maxEventsPerSession?: number;
  /**
   * Keep checkpoints here (e.g. a `SqliteCheckpointStore`) so sessions and parked approvals
   * survive a restart of the single node; leases and events stay in memory.
   */
  checkpoints?: CheckpointStore;
}

interface SessionRecord {
  lease: { token: number; expiresAt: number } | null;
  fence: number;
  grants: FenceGrant[];
  events: EventLog;
  lastMs: number;
  seq: number;
  checkpoint: Checkpoint | undefined;
  interrupt: boolean;
  waiters: Set<() => void>;
}

/**
 * The single-node backend: leases, event log and checkpoints in this process's memory, with the
 * same fencing rules as the Redis backend. Nothing survives a restart unless `checkpoints` is a
 * store: then sessions do, and runs the previous process left in progress are recovered.
 */
export class InMemoryBackend implements ServiceBackend {
  readonly #sessions = new Map<string, SessionRecord>();
  readonly #active = new Map<string, SessionKey>();
  readonly #maxEvents: number;
  readonly #store: CheckpointStore | undefined;
  #restored = false;

  constructor(options: InMemoryBackendOptions = {}) {
    this.#maxEvents = options.maxEventsPerSession ?? 10_000;
    this.#store = options.checkpoints;
  }

  #get(key: SessionKey): SessionRecord {
    const k = keyString(key);
    let record = this.#sessions.get(k);
    if (!record) {
      record = {
        lease: null,
        fence: 0,
        grants: [],
        events: new EventLog(this.#maxEvents),
        lastMs: 0,
        seq: 0,
        checkpoint: undefined,
        interrupt: false,
        waiters: new Set(),
      };
      this.#sessions.set(k, record);
    }
    return record;
  }

  #holds(record: SessionRecord, token: number): boolean {
    return record.lease?.token === token && record.lease.expiresAt > Date.now();
  }

  async acquireLease(key: SessionKey, replicaId: string, ttlMs: number): Promise<number | null> {
    const record = this.#get(key);
    if (record.fence === 0 && this.#store?.lastFence) {
      // After a restart, continue the tokens from the newest the store has seen.
      const last = await this.#store.lastFence(key);
      record.fence = Math.max(record.fence, last);
    }
    if (record.lease && record.lease.expiresAt > Date.now()) return null;
    record.fence += 1;
    record.lease = { token: record.fence, expiresAt: Date.now() + ttlMs };
    record.grants.push({ token: record.fence, replicaId });
    record.interrupt = false;
    return record.fence;
  }

  async acquireLeaseAndLoad(
    key: SessionKey,
    replicaId: string,
    ttlMs: number,
  ): Promise<LeaseAndCheckpoint | null> {
    const token = await this.acquireLease(key, replicaId, ttlMs);
    return token === null ? null : { token, checkpoint: await this.loadCheckpoint(key) };
  }

  async renewLease(key: SessionKey, token: number, ttlMs: number): Promise<boolean> {
    const record = this.#get(key);
    if (!this.#holds(record, token)) return false;
    record.lease = { token, expiresAt: Date.now() + ttlMs };
    return true;
  }

  async releaseLease(key: SessionKey, token: number): Promise<void> {
    const record = this.#get(key);
    if (record.lease?.token === token) record.lease = null;
  }

  async appendEvent(
    key: SessionKey,
    token: number,
    event: EventInput,
    release = false,
  ): Promise<AppendResult | null> {
    const record = this.#get(key);
    if (!this.#holds(record, token)) return null;
    if (release) record.lease = null;
    // Ids as Redis Streams make them (`<ms>-<seq>`), so they keep increasing across restarts.
    const now = Date.now();
    if (now > record.lastMs) {
      record.lastMs = now;
      record.seq = 0;
    } else record.seq += 1;
    const stored: StoredEvent = { ...event, id: `${record.lastMs}-${record.seq}`, fence: token };
    record.events.push(stored);
    for (const wake of record.waiters) wake();
    record.waiters.clear();
    return { id: stored.id, interruptRequested: record.interrupt };
  }

  async readEvents(
    key: SessionKey,
    afterId: string,
    options: ReadEventsOptions,
  ): Promise<StoredEvent[]> {
    const record = this.#get(key);
    const pick = () => record.events.after(afterId, options.count);
    const now = pick();
    if (now.length > 0 || options.blockMs <= 0) return now;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        record.waiters.delete(done);
        options.signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, options.blockMs);
      record.waiters.add(done);
      options.signal?.addEventListener("abort", done, { once: true });
    });
    return pick();
  }

  async loadCheckpoint(key: SessionKey): Promise<Checkpoint | undefined> {
    if (this.#store) return this.#store.load(key);
    const cp = this.#sessions.get(keyString(key))?.checkpoint;
    return cp === undefined ? undefined : structuredClone(cp);
  }

  async saveCheckpoint(key: SessionKey, token: number, checkpoint: Checkpoint): Promise<boolean> {
    const record = this.#get(key);
    if (!this.#holds(record, token)) return false;
    if (this.#store) return this.#store.save(key, token, checkpoint);
    record.checkpoint = structuredClone(checkpoint);
    return true;
  }

  async saveCheckpointMarked(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    active: boolean,
  ): Promise<boolean> {
    if (!(await this.saveCheckpoint(key, token, checkpoint))) return false;
    if (active) this.#active.set(keyString(key), key);
    else this.#active.delete(keyString(key));
    return true;
  }

  async finishRun(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    before: EventInput[],
    after: EventInput[],
  ): Promise<AppendResult | null> {
    // One process, no other writer between the steps: the steps are the one step.
    return finishRunInSteps(this, key, token, checkpoint, before, after);
  }

  async deleteSession(key: SessionKey, token: number): Promise<boolean> {
    const record = this.#get(key);
    if (!this.#holds(record, token)) return false;
    if (this.#store && !(await this.#store.delete(key, token))) return false;
    record.checkpoint = undefined;
    record.events.clear();
    return true;
  }

  async requestInterrupt(key: SessionKey): Promise<void> {
    this.#get(key).interrupt = true;
  }

  async markActive(key: SessionKey): Promise<void> {
    this.#active.set(keyString(key), key);
  }

  async unmarkActive(key: SessionKey): Promise<void> {
    this.#active.delete(keyString(key));
  }

  async listActive(limit: number): Promise<SessionKey[]> {
    if (!this.#restored && this.#store?.running) {
      // The runs a previous process left in progress (it crashed or was killed), until the store
      // lists fewer than a page of them: recovered runs end, and the next page comes up.
      const left = await this.#store.running(limit);
      for (const key of left) this.#active.set(keyString(key), key);
      this.#restored = left.length < limit;
    }
    return [...this.#active.values()].slice(0, limit);
  }

  async fenceLog(key: SessionKey): Promise<FenceGrant[]> {
    return [...this.#get(key).grants];
  }

  async close(): Promise<void> {
    for (const record of this.#sessions.values()) {
      for (const wake of record.waiters) wake();
    }
    await this.#store?.close();
  }
}
