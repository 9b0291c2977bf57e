import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Role, type Task, TaskState } from "@a2a-js/sdk";
import { ServerCallContext, type TaskStore, type User } from "@a2a-js/sdk/server";
import { textPart } from "@agentscope-ts/a2a";
import { StateError } from "@agentscope-ts/core";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type A2ATaskStoreOptions,
  compareEventIds,
  EVENT_ID_KEY,
  mayReplace,
} from "./a2a-task-store.js";
import { InMemoryA2ATaskStore } from "./in-memory-a2a-task-store.js";
import { RedisA2ATaskStore } from "./redis-a2a-task-store.js";
import { RedisBackend } from "./redis-backend.js";
import { SqliteA2ATaskStore } from "./sqlite-a2a-task-store.js";

let redis: RunningRedis;
const backends: RedisBackend[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const b of backends) await b.close();
  await redis?.stop();
});

const as = (userName: string) =>
  new ServerCallContext({ user: { isAuthenticated: true, userName } as User });

function task(
  id: string,
  text: string,
  position?: string,
  state = TaskState.TASK_STATE_WORKING,
): Task {
  return {
    id,
    contextId: "ctx",
    status: { state, message: undefined, timestamp: new Date().toISOString() },
    artifacts: [],
    history: [
      {
        messageId: `${id}-m`,
        contextId: "ctx",
        taskId: id,
        role: Role.ROLE_AGENT,
        parts: [textPart(text)],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
    ],
    metadata: position ? { [EVENT_ID_KEY]: position } : undefined,
  };
}

const textOf = (t: Task | undefined) =>
  t?.history[0]?.parts[0]?.content?.$case === "text" ? t.history[0].parts[0].content.value : "";

let n = 0;
const stores: [string, (o?: A2ATaskStoreOptions) => TaskStore][] = [
  ["in memory", (o) => new InMemoryA2ATaskStore(o)],
  [
    "on Redis",
    (o) => {
      const backend = new RedisBackend({ url: redis.url, keyPrefix: `ts${++n}:` });
      backends.push(backend);
      return new RedisA2ATaskStore(backend, o, "assistant");
    },
  ],
  ["in SQLite", (o) => new SqliteA2ATaskStore({ path: ":memory:", ...o })],
];

describe("event ids", () => {
  it("order by time then sequence; a save without a position always passes", () => {
    expect(compareEventIds("10-2", "10-10")).toBeLessThan(0);
    expect(compareEventIds("11-0", "10-99")).toBeGreaterThan(0);
    expect(compareEventIds("0", "1-0")).toBeLessThan(0);
    expect(mayReplace("10-5", "10-4")).toBe(false);
    expect(mayReplace("10-5", "10-5")).toBe(true);
    expect(mayReplace("10-5", "")).toBe(true);
    expect(mayReplace("", "1-0")).toBe(true);
  });
});

describe("SqliteA2ATaskStore", () => {
  it("keeps tasks across a reopen of its file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "a2a-tasks-"));
    const path = join(dir, "server.db");
    const first = new SqliteA2ATaskStore({ path });
    await first.save(task("t1", "kept", "5-0"), as("alice"));
    await first.close();
    const second = new SqliteA2ATaskStore({ path });
    expect(textOf(await second.load("t1", as("alice")))).toBe("kept");
    await second.save(task("t1", "older", "4-9"), as("alice"));
    expect(textOf(await second.load("t1", as("alice")))).toBe("kept");
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe.each(stores)("A2A task store %s", (_name, make) => {
  it("keeps each user's tasks apart", async () => {
    const store = make();
    await store.save(task("t1", "alice's"), as("alice"));
    expect(textOf(await store.load("t1", as("alice")))).toBe("alice's");
    expect(await store.load("t1", as("bob"))).toBeUndefined();
  });

  it("refuses a save from an older log position than the stored one", async () => {
    const store = make();
    await store.save(task("t1", "at 5", "100-5"), as("alice"));
    await store.save(task("t1", "at 4", "100-4"), as("alice"));
    expect(textOf(await store.load("t1", as("alice")))).toBe("at 5");
    await store.save(task("t1", "at 6", "100-6"), as("alice"));
    expect(textOf(await store.load("t1", as("alice")))).toBe("at 6");
    // A save without a position (a new turn's first write) passes.
    await store.save(task("t1", "no position"), as("alice"));
    expect(textOf(await store.load("t1", as("alice")))).toBe("no position");
    await store.save(task("t1", "at 5 again", "100-5"), as("alice"));
    expect(textOf(await store.load("t1", as("alice")))).toBe("no position");
  });

  it("keeps at most maxTasksPerUser, dropping the least recently updated", async () => {
    const store = make({ maxTasksPerUser: 2 });
    for (const id of ["t1", "t2", "t3"]) await store.save(task(id, id), as("alice"));
    expect(await store.load("t1", as("alice"))).toBeUndefined();
    expect(textOf(await store.load("t3", as("alice")))).toBe("t3");
    const listed = await store.list({ tenant: "", pageSize: 10 } as never, as("alice"));
    expect(listed.tasks.map((t) => t.id).sort()).toEqual(["t2", "t3"]);
  });

  it("drops the oldest history to fit maxTaskBytes, and refuses a task too large without it", async () => {
    const store = make({ maxTaskBytes: 2_000 });
    const big = task("t1", "x".repeat(400));
    for (let i = 0; i < 6; i++)
      big.history.push({ ...structuredClone(big.history[0]), messageId: `m${i}` } as never);
    await store.save(big, as("alice"));
    const loaded = await store.load("t1", as("alice"));
    expect(loaded?.history.length).toBeGreaterThan(0);
    expect(loaded?.history.length).toBeLessThan(7);
    expect(loaded?.history.at(-1)?.messageId).toBe("m5");
    const huge = task("t2", "y");
    huge.artifacts.push({
      artifactId: "a",
      name: "",
      description: "",
      parts: [textPart("z".repeat(3_000))],
      metadata: undefined,
      extensions: [],
    });
    await expect(store.save(huge, as("alice"))).rejects.toThrow(StateError);
    await expect(store.save(huge, as("alice"))).rejects.toThrow(/maxTaskBytes/);
  });

  it("forgets a task ttlMs after its last update", async () => {
    const store = make({ ttlMs: 30 });
    await store.save(task("t1", "soon gone"), as("alice"));
    expect(await store.load("t1", as("alice"))).toBeDefined();
    // Redis expires it; the memory store drops it on the first access after the TTL.
    await vi.waitFor(async () => expect(await store.load("t1", as("alice"))).toBeUndefined(), {
      timeout: 5_000,
    });
    expect(await store.load("t1", as("alice"))).toBeUndefined();
  });
});
