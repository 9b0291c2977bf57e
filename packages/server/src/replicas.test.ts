import {
  type RunningPostgres,
  type RunningRedis,
  startPostgres,
  startRedis,
} from "@agentscope-ts/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleReplica,
  type Front,
  type Replica,
  removeBundle,
  startFront,
  startReplica,
  stopReplicas,
} from "./__fixtures__/replicas.js";
import { readSse, type SseEvent, untilRunEnd } from "./__fixtures__/sse-client.js";
import { PostgresCheckpointStore } from "./postgres-checkpoint-store.js";
import { RedisBackend } from "./redis-backend.js";

const ALICE = { authorization: "Bearer alice-token", "content-type": "application/json" };

let redis: RunningRedis;
let postgres: RunningPostgres;
let bundle: string;
let replicas: Replica[] = [];
const started: Replica[] = [];
let front: Front | null = null;
let audit: RedisBackend;

beforeAll(async () => {
  [redis, postgres, bundle] = await Promise.all([startRedis(), startPostgres(), bundleReplica()]);
  audit = new RedisBackend({ url: redis.url });
});
afterAll(async () => {
  await front?.close();
  await stopReplicas(started);
  await audit?.close();
  await removeBundle(bundle);
  await redis?.stop();
  await postgres?.stop();
});

async function startAll(generation: string, env: Record<string, string> = {}) {
  replicas = await Promise.all(
    ["a", "b", "c"].map((n) =>
      startReplica(bundle, `${generation}-${n}`, { REDIS_URL: redis.url, ...env }),
    ),
  );
  started.push(...replicas);
  if (front) front.setReplicas(replicas);
  else front = await startFront(replicas);
}

const post = (path: string, body: unknown) =>
  fetch(`${front?.url}${path}`, { method: "POST", headers: ALICE, body: JSON.stringify(body) });
const events = (session: string, lastId?: string) =>
  fetch(`${front?.url}/v1/sessions/${session}/events`, {
    headers: lastId ? { ...ALICE, "last-event-id": lastId } : ALICE,
  });

/** Reads the session's events through the front, reconnecting (bounded) after a broken stream. */
async function readAll(
  session: string,
  onEvent: (e: SseEvent, all: SseEvent[]) => void,
  from?: string,
) {
  const got: SseEvent[] = [];
  let last = from;
  for (let attempt = 0; attempt < 20; attempt++) {
    const part = await readSse(await events(session, last), (e) => {
      got.push(e);
      onEvent(e, got);
      return untilRunEnd(e);
    });
    if (part.length > 0) last = part.at(-1)?.id;
    if (got.length > 0 && untilRunEnd(got.at(-1) as SseEvent)) return got;
  }
  throw new Error(`The run did not end after 20 reconnects (${got.length} events)`);
}

function idOrder(id: string): [number, number] {
  const [ms, seq] = id.split("-").map(Number);
  return [ms ?? 0, seq ?? 0];
}

describe("three replicas on one Redis", () => {
  it("finishes a run on another replica after SIGKILL, every event once and in order", async () => {
    await startAll("g1", { CHUNK_DELAY_MS: "15" });
    const posted = await post("/v1/sessions/k1/messages", { content: "call lookup abc" });
    expect(posted.status).toBe(202);
    const key = { userId: "alice", sessionId: "k1" };
    let killed: string | null = null;
    const got = await readAll("k1", (e, all) => {
      // Kill the replica running the reply once the final answer is half streamed.
      const afterTool = all.slice(all.findIndex((x) => x.event === "tool_result_chunk") + 1);
      const chunks = all.some((x) => x.event === "tool_result_chunk")
        ? afterTool.filter((x) => x.event === "model_chunk").length
        : 0;
      if (killed === null && e.event === "model_chunk" && chunks >= 3) {
        killed = "pending";
        void audit.fenceLog(key).then((log) => {
          const holder = log.at(-1)?.replicaId;
          const victim = replicas.find((r) => r.id === holder);
          killed = holder ?? "none";
          victim?.child.kill("SIGKILL");
        });
      }
    });
    expect(killed).not.toBe(null);
    expect(killed).not.toBe("none");
    // Exactly once, in order: the ids strictly increase and equal the log's.
    const ids = got.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) {
      const [a, b] = [idOrder(ids[i - 1] as string), idOrder(ids[i] as string)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    const logged = await audit.readEvents(key, "0", { blockMs: 0, count: 10_000 });
    expect(ids).toEqual(logged.map((e) => e.id));
    // The run moved: resumed under a newer lease, and finished.
    const types = got.map((e) => e.event);
    expect(types).toContain("run_resumed");
    expect(types.at(-1)).toBe("run_finished");
    const reply = got.filter((e) => e.event === "reply").at(-1)?.data.msg as { content: unknown };
    expect(JSON.stringify(reply.content)).toContain("Done: lookup ran with abc");
    // Fencing: every grant has a new token, and the events of one lease never interleave
    // with another's — one replica at a time.
    const grants = await audit.fenceLog(key);
    expect(grants.length).toBeGreaterThanOrEqual(2);
    expect(grants.some((g) => g.replicaId === killed)).toBe(true);
    expect(new Set(grants.map((g) => g.replicaId)).size).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < grants.length; i++) {
      expect((grants[i] as { token: number }).token).toBeGreaterThan(
        (grants[i - 1] as { token: number }).token,
      );
    }
    const fences = got.map((e) => Number(e.data.fence));
    for (let i = 1; i < fences.length; i++) {
      expect(fences[i]).toBeGreaterThanOrEqual(fences[i - 1] as number);
    }
    const state = (await (
      await fetch(`${front?.url}/v1/sessions/k1`, { headers: ALICE })
    ).json()) as { status: string; memory: { role: string }[] };
    expect(state.status).toBe("idle");
    expect(state.memory.map((m) => m.role)).toEqual(["user", "assistant", "system", "assistant"]);
    await stopReplicas(replicas);
  }, 90_000);

  it("keeps an approval parked across a restart of every replica (checkpoints in PostgreSQL)", async () => {
    await startAll("g2", { PG_URL: postgres.connectionString });
    await post("/v1/sessions/k2/messages", { content: "call send_email dora" });
    const first = await readAll("k2", () => undefined);
    const parked = first.at(-1) as SseEvent;
    expect(parked.event).toBe("run_parked");
    const pending = parked.data.pending as { toolUse: { id: string; name: string } }[];
    expect(pending.map((p) => p.toolUse.name)).toEqual(["send_email"]);
    // Every replica goes away; new ones come up.
    await Promise.all(replicas.map((r) => r.child.kill("SIGKILL")));
    await stopReplicas(replicas);
    await startAll("g3", { PG_URL: postgres.connectionString });
    const approved = await post(`/v1/sessions/k2/approvals/${pending[0]?.toolUse.id}`, {
      decision: "approve",
    });
    expect(approved.status).toBe(202);
    const second = await readAll("k2", () => undefined, parked.id);
    expect(second[0]?.event).toBe("run_resumed");
    expect(second.at(-1)?.event).toBe("run_finished");
    const reply = second.find((e) => e.event === "reply")?.data.msg as { content: unknown };
    expect(JSON.stringify(reply.content)).toContain("Done: send_email ran with dora");
    // The checkpoint really is in PostgreSQL (Redis holds no state key for this session).
    const pgCheck = new PostgresCheckpointStore({ connectionString: postgres.connectionString });
    const saved = await pgCheck.load({ userId: "alice", sessionId: "k2" });
    await pgCheck.close();
    expect(saved?.run.status).toBe("idle");
    expect(await audit.loadCheckpoint({ userId: "alice", sessionId: "k2" })).toBeUndefined();
  }, 90_000);
});
