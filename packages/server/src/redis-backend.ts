import {
  type LuaScript,
  luaScript,
  type RedisClientLike,
  RedisConnection,
  sessionStateKey,
} from "@agentscope-ts/redis";
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
import type { CheckpointStore } from "./checkpoint-store.js";
import { finishRunInSteps } from "./finish-run.js";

/** Options of {@link RedisBackend}. */
export interface RedisBackendOptions {
  /** `redis://…` of the Redis all replicas share. */
  url: string;
  /** Prepended to every key. Default `""` (checkpoints then sit where `RedisSession` puts them). */
  keyPrefix?: string;
  /** Events older than this are trimmed from the log (and an idle log expires). Default 24 h. */
  eventRetentionMs?: number;
  /** How long one command may take, in ms. Default 10 000. */
  commandTimeout?: number;
  /**
   * Keep checkpoints here instead of in Redis (e.g. a `PostgresCheckpointStore`); leases and
   * events stay in Redis. Writes are fenced twice: the lease is checked in Redis, and the store
   * refuses a write older than the newest token it has seen.
   */
  checkpoints?: CheckpointStore;
}

// Written by hand because these are ours: each is one atomic step of the lease protocol.
// Takes the lease (fails when held) with the next fence token, logged, and clears the interrupt
// flag: the start of ACQUIRE and ACQUIRE_LOAD. KEYS: lease, fence counter, fence log, interrupt flag.
// ARGV: replica id, ttl ms.
const TAKE_LEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local t = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], t, 'PX', ARGV[2])
redis.call('RPUSH', KEYS[3], t .. ' ' .. ARGV[1])
redis.call('LTRIM', KEYS[3], -1000, -1)
redis.call('DEL', KEYS[4])
`;
// Returns the token.
const ACQUIRE = luaScript(`${TAKE_LEASE}return t
`);
// ACQUIRE, then the checkpoint. KEYS: lease, fence counter, fence log, interrupt flag, state[,
// legacy state key]. ARGV: replica id, ttl ms. Returns {token, checkpoint JSON or false}.
const ACQUIRE_LOAD = luaScript(`${TAKE_LEASE}local state = redis.call('GET', KEYS[5])
if not state and KEYS[6] then state = redis.call('GET', KEYS[6]) end
return {t, state}
`);
// KEYS: lease. ARGV: token, ttl ms.
const RENEW = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);
// KEYS: lease. ARGV: token.
const RELEASE = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);
// KEYS: lease, stream, interrupt flag. ARGV: token, event JSON, retention ms, release ("1").
const APPEND = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local id = redis.call('XADD', KEYS[2], 'MINID', '~', tostring(ms - tonumber(ARGV[3])), '*', 'f', ARGV[1], 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[4] == '1' then redis.call('DEL', KEYS[1]) end
return {id, redis.call('EXISTS', KEYS[3])}
`);
// The same for several events in order, trimmed and expired once. KEYS: lease, stream, interrupt
// flag. ARGV: token, retention ms, release ("1"), then each event's JSON.
const APPEND_MANY = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local id = redis.call('XADD', KEYS[2], 'MINID', '~', tostring(ms - tonumber(ARGV[2])), '*', 'f', ARGV[1], 'e', ARGV[4])
for i = 5, #ARGV do
  id = redis.call('XADD', KEYS[2], '*', 'f', ARGV[1], 'e', ARGV[i])
end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if ARGV[3] == '1' then redis.call('DEL', KEYS[1]) end
return {id, redis.call('EXISTS', KEYS[3])}
`);
// KEYS: lease, state[, legacy state key, deleted: the checkpoint moves]. ARGV: token, checkpoint JSON.
const SAVE = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
if KEYS[3] then redis.call('DEL', KEYS[3]) end
return 1
`);
// SAVE, and the session joins or leaves the set of active sessions in the same step. KEYS: lease,
// state, active set[, legacy state key]. ARGV: token, checkpoint JSON, set member, active ("1").
const SAVE_MARKED = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
if KEYS[4] then redis.call('DEL', KEYS[4]) end
if ARGV[4] == '1' then redis.call('SADD', KEYS[3], ARGV[3]) else redis.call('SREM', KEYS[3], ARGV[3]) end
return 1
`);
// The end of a run (ServiceBackend.finishRun): the last step's events, the checkpoint (leaving the
// active set), the events that end the run, then the lease released. KEYS: lease, stream, state,
// active set[, legacy state key]. ARGV: token, retention ms, checkpoint JSON, set member, how many
// events come before the checkpoint, then each event's JSON. Returns {last event id}.
const FINISH = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local id = ''
local split = 5 + tonumber(ARGV[5])
local function add(i)
  id = redis.call('XADD', KEYS[2], '*', 'f', ARGV[1], 'e', ARGV[i])
end
if #ARGV > 5 then
  local now = redis.call('TIME')
  local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  redis.call('XTRIM', KEYS[2], 'MINID', '~', tostring(ms - tonumber(ARGV[2])))
end
for i = 6, split do add(i) end
redis.call('SET', KEYS[3], ARGV[3])
if KEYS[5] then redis.call('DEL', KEYS[5]) end
redis.call('SREM', KEYS[4], ARGV[4])
for i = split + 1, #ARGV do add(i) end
if #ARGV > 5 then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
redis.call('DEL', KEYS[1])
return {id}
`);
// KEYS: lease, then every key to delete (state, stream[, legacy state key]). ARGV: token.
const DELETE = luaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', unpack(KEYS, 2))
return 1
`);

const enc = encodeURIComponent;

/** What other Redis users of this package borrow from a backend: its connection and key prefix. */
export interface SharedRedis {
  connection: RedisConnection;
  keyPrefix: string;
}
const shared = new WeakMap<RedisBackend, SharedRedis>();

/** The connection and key prefix of `backend` (for `RedisRateLimiter`; not part of the public API). */
export function sharedRedisOf(backend: RedisBackend): SharedRedis {
  const found = shared.get(backend);
  if (!found) {
    throw new TypeError(
      "`backend` must be a RedisBackend of this copy of @agentscope-ts/server; pass `url` instead.",
    );
  }
  return found;
}
/** Idle blocking-read connections kept for reuse. */
const MAX_IDLE_READERS = 256;

/**
 * The scale-out backend: every replica shares one Redis. Leases are keys with a TTL and a
 * per-session fencing counter (every grant is logged); events go to a Redis Stream per session
 * (trimmed by age); checkpoints are the session's JSON at `RedisSession`'s key
 * (`user_id:{userId}:session:{sessionId}:state`, holding `{agent, _server}`). Every write of a
 * run is one Lua script that first checks the writer still holds the lease, so a replica that lost
 * it (paused, partitioned, presumed dead) cannot write anything.
 */
export class RedisBackend implements ServiceBackend {
  readonly #prefix: string;
  readonly #retention: number;
  readonly #connection: RedisConnection;
  readonly #readers = new Set<RedisClientLike>();
  readonly #idleReaders: RedisClientLike[] = [];
  readonly #store: CheckpointStore | undefined;

  constructor(options: RedisBackendOptions) {
    this.#prefix = options.keyPrefix ?? "";
    this.#retention = options.eventRetentionMs ?? 24 * 3600_000;
    // The storage packages' connection: it waits for a dropped connection to come back, bounded by
    // connectTimeout (= commandTimeout) and ended early when node-redis gives up reconnecting
    // (3 quick retries), so a killed Redis still fails a request within about a second.
    this.#connection = new RedisConnection({
      url: options.url,
      commandTimeout: options.commandTimeout ?? 10_000,
    });
    this.#store = options.checkpoints;
    shared.set(this, { connection: this.#connection, keyPrefix: this.#prefix });
  }

  async #holds(key: SessionKey, token: number): Promise<boolean> {
    return (
      String(await this.#send(["GET", this.#keys(key).lease], "check the session lease")) ===
      String(token)
    );
  }

  #keys(key: SessionKey) {
    const base = `${this.#prefix}agentscope_server:${enc(key.userId)}:${enc(key.sessionId)}`;
    const state = sessionStateKey(this.#prefix, key.sessionId, key.userId);
    // Earlier versions URL-encoded the ids in the state key: read there too, move on save.
    const legacy = `${this.#prefix}user_id:${enc(key.userId)}:session:${enc(key.sessionId)}:state`;
    return {
      lease: `${base}:lease`,
      fence: `${base}:fence`,
      fenceLog: `${base}:fence_log`,
      interrupt: `${base}:interrupt`,
      events: `${base}:events`,
      state,
      legacyState: legacy === state ? null : legacy,
    };
  }

  get #active(): string {
    return `${this.#prefix}agentscope_server:active`;
  }

  #send(args: string[], what: string): Promise<unknown> {
    return this.#connection.call(args, what);
  }

  #eval(s: LuaScript, keys: string[], args: string[], what: string): Promise<unknown> {
    return this.#connection.eval(s, keys, args, what);
  }

  async acquireLease(key: SessionKey, replicaId: string, ttlMs: number): Promise<number | null> {
    const k = this.#keys(key);
    const token = await this.#eval(
      ACQUIRE,
      [k.lease, k.fence, k.fenceLog, k.interrupt],
      [replicaId, String(ttlMs)],
      "acquire the session lease",
    );
    return token === null || token === undefined ? null : Number(token);
  }

  async acquireLeaseAndLoad(
    key: SessionKey,
    replicaId: string,
    ttlMs: number,
  ): Promise<LeaseAndCheckpoint | null> {
    if (this.#store) {
      const token = await this.acquireLease(key, replicaId, ttlMs);
      return token === null ? null : { token, checkpoint: await this.#store.load(key) };
    }
    const k = this.#keys(key);
    const keys = [k.lease, k.fence, k.fenceLog, k.interrupt, k.state];
    if (k.legacyState) keys.push(k.legacyState);
    const reply = (await this.#eval(
      ACQUIRE_LOAD,
      keys,
      [replicaId, String(ttlMs)],
      "acquire the session lease",
    )) as [number, string | null] | null;
    if (!reply) return null;
    return { token: Number(reply[0]), checkpoint: parseCheckpoint(reply[1]) };
  }

  async renewLease(key: SessionKey, token: number, ttlMs: number): Promise<boolean> {
    const k = this.#keys(key);
    return (
      Number(
        await this.#eval(
          RENEW,
          [k.lease],
          [String(token), String(ttlMs)],
          "renew the session lease",
        ),
      ) === 1
    );
  }

  async releaseLease(key: SessionKey, token: number): Promise<void> {
    await this.#eval(
      RELEASE,
      [this.#keys(key).lease],
      [String(token)],
      "release the session lease",
    );
  }

  async appendEvent(
    key: SessionKey,
    token: number,
    event: EventInput,
    release = false,
  ): Promise<AppendResult | null> {
    const k = this.#keys(key);
    const reply = (await this.#eval(
      APPEND,
      [k.lease, k.events, k.interrupt],
      [String(token), JSON.stringify(event), String(this.#retention), release ? "1" : "0"],
      "append a run event",
    )) as [string, number] | null;
    if (!reply) return null;
    return { id: String(reply[0]), interruptRequested: Number(reply[1]) === 1 };
  }

  async appendEvents(
    key: SessionKey,
    token: number,
    events: EventInput[],
    release = false,
  ): Promise<AppendResult | null> {
    if (events.length === 0) return { id: "", interruptRequested: false };
    const k = this.#keys(key);
    const reply = (await this.#eval(
      APPEND_MANY,
      [k.lease, k.events, k.interrupt],
      [
        String(token),
        String(this.#retention),
        release ? "1" : "0",
        ...events.map((e) => JSON.stringify(e)),
      ],
      "append run events",
    )) as [string, number] | null;
    if (!reply) return null;
    return { id: String(reply[0]), interruptRequested: Number(reply[1]) === 1 };
  }

  async readEvents(
    key: SessionKey,
    afterId: string,
    options: ReadEventsOptions,
  ): Promise<StoredEvent[]> {
    const k = this.#keys(key);
    const args = ["XREAD", "COUNT", String(options.count)];
    const parse = (reply: unknown) => parseXread(reply);
    if (options.blockMs <= 0 || options.signal?.aborted) {
      return parse(await this.#send([...args, "STREAMS", k.events, afterId], "read run events"));
    }
    // One blocking read (it answers at once when there are events already): it holds its
    // connection, so it borrows one from the pool of blocking connections (an abort destroys it,
    // as a blocked XREAD cannot be cancelled otherwise).
    const reader = this.#idleReaders.pop() ?? this.#connection.newClient();
    this.#readers.add(reader);
    const abort = () => reader.destroy?.();
    options.signal?.addEventListener("abort", abort, { once: true });
    let reusable = false;
    try {
      if (!reader.isOpen) await reader.connect?.();
      const reply = await reader.sendCommand([
        ...args,
        "BLOCK",
        String(options.blockMs),
        "STREAMS",
        k.events,
        afterId,
      ]);
      reusable = !options.signal?.aborted;
      return parse(reply);
    } catch (error) {
      if (options.signal?.aborted) return [];
      throw this.#connection.typedError(error, "wait for run events");
    } finally {
      options.signal?.removeEventListener("abort", abort);
      this.#readers.delete(reader);
      if (reusable && reader.isReady && this.#idleReaders.length < MAX_IDLE_READERS) {
        this.#idleReaders.push(reader);
      } else if (reader.isOpen) reader.destroy?.();
    }
  }

  async loadCheckpoint(key: SessionKey): Promise<Checkpoint | undefined> {
    if (this.#store) return this.#store.load(key);
    const k = this.#keys(key);
    let raw = await this.#send(["GET", k.state], "load the checkpoint");
    if ((raw === null || raw === undefined) && k.legacyState) {
      raw = await this.#send(["GET", k.legacyState], "load the checkpoint");
    }
    return parseCheckpoint(raw);
  }

  async hasSession(key: SessionKey): Promise<boolean> {
    if (this.#store) return (await this.#store.load(key)) !== undefined;
    const k = this.#keys(key);
    const keys = k.legacyState ? [k.state, k.legacyState] : [k.state];
    return Number(await this.#send(["EXISTS", ...keys], "check the session exists")) > 0;
  }

  async saveCheckpoint(key: SessionKey, token: number, checkpoint: Checkpoint): Promise<boolean> {
    if (this.#store) {
      return (await this.#holds(key, token)) && this.#store.save(key, token, checkpoint);
    }
    const k = this.#keys(key);
    const value = checkpointJson(checkpoint);
    const keys = k.legacyState ? [k.lease, k.state, k.legacyState] : [k.lease, k.state];
    return (
      Number(await this.#eval(SAVE, keys, [String(token), value], "save the checkpoint")) === 1
    );
  }

  async saveCheckpointMarked(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    active: boolean,
  ): Promise<boolean> {
    if (this.#store) {
      if (!(await this.saveCheckpoint(key, token, checkpoint))) return false;
      await (active ? this.markActive(key) : this.unmarkActive(key));
      return true;
    }
    const k = this.#keys(key);
    const keys = [k.lease, k.state, this.#active, ...(k.legacyState ? [k.legacyState] : [])];
    const args = [String(token), checkpointJson(checkpoint), activeMember(key), active ? "1" : "0"];
    return Number(await this.#eval(SAVE_MARKED, keys, args, "save the checkpoint")) === 1;
  }

  async finishRun(
    key: SessionKey,
    token: number,
    checkpoint: Checkpoint,
    before: EventInput[],
    after: EventInput[],
  ): Promise<AppendResult | null> {
    if (this.#store) return finishRunInSteps(this, key, token, checkpoint, before, after);
    const k = this.#keys(key);
    const keys = [
      k.lease,
      k.events,
      k.state,
      this.#active,
      ...(k.legacyState ? [k.legacyState] : []),
    ];
    const args = [
      String(token),
      String(this.#retention),
      checkpointJson(checkpoint),
      activeMember(key),
      String(before.length),
      ...before.map((e) => JSON.stringify(e)),
      ...after.map((e) => JSON.stringify(e)),
    ];
    const reply = (await this.#eval(FINISH, keys, args, "finish the run")) as [string] | null;
    if (!reply) return null;
    return { id: String(reply[0]), interruptRequested: false };
  }

  async deleteSession(key: SessionKey, token: number): Promise<boolean> {
    const k = this.#keys(key);
    if (this.#store) {
      if (!(await this.#holds(key, token)) || !(await this.#store.delete(key, token))) return false;
      await this.#send(["DEL", k.events], "delete the session events");
      return true;
    }
    const keys = [k.lease, k.state, k.events, ...(k.legacyState ? [k.legacyState] : [])];
    return Number(await this.#eval(DELETE, keys, [String(token)], "delete the session")) === 1;
  }

  async requestInterrupt(key: SessionKey): Promise<void> {
    await this.#send(
      ["SET", this.#keys(key).interrupt, "1", "PX", "600000"],
      "request an interrupt",
    );
  }

  async markActive(key: SessionKey): Promise<void> {
    await this.#send(["SADD", this.#active, activeMember(key)], "mark the session active");
  }

  async unmarkActive(key: SessionKey): Promise<void> {
    await this.#send(["SREM", this.#active, activeMember(key)], "unmark the session active");
  }

  async listActive(limit: number): Promise<SessionKey[]> {
    const members = (await this.#send(
      ["SRANDMEMBER", this.#active, String(limit)],
      "list active sessions",
    )) as string[];
    return members.map((m) => {
      const [userId, sessionId] = JSON.parse(String(m)) as [string, string];
      return { userId, sessionId };
    });
  }

  async fenceLog(key: SessionKey): Promise<FenceGrant[]> {
    const rows = (await this.#send(
      ["LRANGE", this.#keys(key).fenceLog, "0", "-1"],
      "read the fence log",
    )) as string[];
    return rows.map((row) => {
      const [token, replicaId] = String(row).split(" ");
      return { token: Number(token), replicaId: replicaId ?? "" };
    });
  }

  async close(): Promise<void> {
    for (const reader of [...this.#readers, ...this.#idleReaders.splice(0)]) reader.destroy?.();
    await this.#connection.close();
    await this.#store?.close();
  }
}

interface ServerPart {
  agentName: string;
  run: Checkpoint["run"];
}

// The checkpoint as stored: the session's JSON at `RedisSession`'s key, the server's part beside it.
function checkpointJson(checkpoint: Checkpoint): string {
  return JSON.stringify({
    agent: checkpoint.agent,
    _server: { agentName: checkpoint.agentName, run: checkpoint.run },
  });
}

// A stored checkpoint (`undefined` for none).
function parseCheckpoint(raw: unknown): Checkpoint | undefined {
  if (raw === null || raw === undefined) return undefined;
  const data = JSON.parse(String(raw)) as { agent: Checkpoint["agent"]; _server: ServerPart };
  return { agent: data.agent, agentName: data._server.agentName, run: data._server.run };
}

// A session's member in the set of active sessions.
function activeMember(key: SessionKey): string {
  return JSON.stringify([key.userId, key.sessionId]);
}

// node-redis answers XREAD as `{ key: entries }` (or `[[key, entries]]`, by protocol version).
function parseXread(reply: unknown): StoredEvent[] {
  if (reply === null || typeof reply !== "object") return [];
  const streams = (
    Array.isArray(reply) ? reply : Object.entries(reply as Record<string, unknown>)
  ) as [string, [string, string[]][]][];
  const out: StoredEvent[] = [];
  for (const stream of streams) {
    for (const [id, fields] of stream[1]) {
      let fence = 0;
      let json = "{}";
      for (let i = 0; i < fields.length; i += 2) {
        if (String(fields[i]) === "f") fence = Number(fields[i + 1]);
        if (String(fields[i]) === "e") json = String(fields[i + 1]);
      }
      out.push({ ...(JSON.parse(json) as EventInput), id: String(id), fence });
    }
  }
  return out;
}
