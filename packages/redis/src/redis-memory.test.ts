import { Msg, StorageConnectionError, ValidationError } from "@agentscope-ts/core";
import {
  type CutProxy,
  type RunningRedis,
  startCutProxy,
  startRedis,
} from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisMemory } from "./redis-memory.js";

let redis: RunningRedis;
let raw: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startRedis();
  raw = createClient({ url: redis.url });
  await raw.connect();
});
afterAll(async () => {
  await raw?.close();
  await redis?.stop();
});

// Written by hand exactly as AgentScope Python v1.0.21's RedisMemory writes them:
// json.dumps(msg.to_dict(), ensure_ascii=False) under user_id:{u}:session:{s}:msg:{id}, ids in
// …:messages, marked ids in …:mark:{mark}, mark names in …:marks_index.
const PY_MSG_1 =
  '{"id": "m1", "name": "user", "role": "user", "content": "你好, Friday", "metadata": {}, "timestamp": "2026-11-23 10:00:00.000"}';
const PY_MSG_2 =
  '{"id": "m2", "name": "Friday", "role": "assistant", "content": [{"type": "text", "text": "Hi!"}], "metadata": {"k": [1, 2]}, "timestamp": "2026-11-23 10:00:01.000"}';

describe("RedisMemory and AgentScope Python", () => {
  it("reads its own messages on the fast path, and one corrupted since gets a ValidationError", async () => {
    const memory = new RedisMemory({ url: redis.url, sessionId: "corrupt" });
    try {
      await memory.add([
        new Msg("u", "a", "user", { id: "c1" }),
        new Msg("u", "b", "user", { id: "c2" }),
      ]);
      expect((await memory.getMemory()).map((m) => m.getTextContent())).toEqual(["a", "b"]);
      const key = "user_id:default_user:session:corrupt:msg:c2";
      const dict = JSON.parse(String(await raw.get(key)));
      dict.content = [{ type: "text" }];
      await raw.set(key, JSON.stringify(dict));
      const error = await memory.getMemory().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String((error as Error).message)).toMatch(/content\[0\]\.text/);
    } finally {
      await memory.close();
    }
  });

  it("reads a long memory in order across MGET replies; a bad message in a later one fails typed", async () => {
    const memory = new RedisMemory({ url: redis.url, sessionId: "long" });
    try {
      const ids = Array.from({ length: 2_500 }, (_, i) => `l${i}`);
      await memory.add(ids.map((id) => new Msg("u", id, "user", { id })));
      expect((await memory.getMemory()).map((m) => m.id)).toEqual(ids);
      const key = "user_id:default_user:session:long:msg:l1700";
      const dict = JSON.parse(String(await raw.get(key)));
      dict.role = "robot";
      await raw.set(key, JSON.stringify(dict));
      const error = await memory.getMemory().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String((error as Error).message)).toMatch(/role/);
      await raw.set(key, "{not json");
      await expect(memory.getMemory()).rejects.toThrow(/session:long:messages is not valid JSON/);
    } finally {
      await memory.clear();
      await memory.close();
    }
  });

  it("reads a memory AgentScope Python wrote, and writes the same keys and bytes", async () => {
    const base = "py:user_id:alice:session:chat:";
    await raw.rPush(`${base}messages`, ["m1", "m2"]);
    await raw.set(`${base}msg:m1`, PY_MSG_1);
    await raw.set(`${base}msg:m2`, PY_MSG_2);
    await raw.rPush(`${base}mark:hint`, "m2");
    await raw.sAdd(`${base}marks_index`, "hint");

    const memory = new RedisMemory({
      url: redis.url,
      keyPrefix: "py:",
      userId: "alice",
      sessionId: "chat",
    });
    try {
      const msgs = await memory.getMemory();
      expect(msgs.map((m) => m.id)).toEqual(["m1", "m2"]);
      expect(msgs[0]?.content).toBe("你好, Friday");
      expect(msgs[1]?.metadata).toEqual({ k: [1, 2] });
      expect((await memory.getMemory({ mark: "hint" })).map((m) => m.id)).toEqual(["m2"]);

      // What we write is what Python would have written.
      await memory.delete(["m1", "m2"]);
      expect(await raw.keys(`${base}*`)).toEqual([]);
      await memory.add(Msg.fromDict(JSON.parse(PY_MSG_1)));
      await memory.add(Msg.fromDict(JSON.parse(PY_MSG_2)), { marks: "hint" });
      expect(await raw.lRange(`${base}messages`, 0, -1)).toEqual(["m1", "m2"]);
      expect(await raw.get(`${base}msg:m1`)).toBe(PY_MSG_1);
      expect(await raw.get(`${base}msg:m2`)).toBe(PY_MSG_2);
      expect(await raw.lRange(`${base}mark:hint`, 0, -1)).toEqual(["m2"]);
      expect(await raw.sMembers(`${base}marks_index`)).toEqual(["hint"]);
      expect((await raw.keys(`${base}*`)).sort()).toEqual(
        ["mark:hint", "marks_index", "messages", "msg:m1", "msg:m2"].map((k) => base + k),
      );
      await memory.clear();
      expect(await raw.keys(`${base}*`)).toEqual([]);
    } finally {
      await memory.close();
    }
  });

  it("finds the marks of data written before AgentScope kept a marks index, and indexes them", async () => {
    const base = "old:user_id:u*[1]:session:s?:";
    await raw.rPush(`${base}messages`, ["o1", "o2"]);
    await raw.set(`${base}msg:o1`, PY_MSG_1.replace('"m1"', '"o1"'));
    await raw.set(`${base}msg:o2`, PY_MSG_2.replace('"m2"', '"o2"'));
    await raw.rPush(`${base}mark:old`, "o2");
    // a look-alike key of another session that the pattern must not match
    await raw.rPush("old:user_id:u*[1]:session:sX:mark:other", "o1");
    const memory = new RedisMemory({
      url: redis.url,
      keyPrefix: "old:",
      userId: "u*[1]",
      sessionId: "s?",
    });
    try {
      expect(await memory.delete(["o2"])).toBe(1);
      expect(await raw.lRange(`${base}mark:old`, 0, -1)).toEqual([]);
      expect(await raw.sMembers(`${base}marks_index`)).toEqual([]);
      await memory.add(Msg.fromDict(JSON.parse(PY_MSG_2)), { marks: "new" });
      await raw.del(`${base}marks_index`);
      await raw.rPush(`${base}mark:old`, "o1");
      await memory.clear();
      expect(await raw.keys(`${base}*`)).toEqual([]);
      expect(await raw.exists("old:user_id:u*[1]:session:sX:mark:other")).toBe(1);
    } finally {
      await memory.close();
    }
  });

  it("uses AgentScope's defaults: default_user / default_session, no prefix", async () => {
    const memory = new RedisMemory({ url: redis.url });
    try {
      await memory.add(new Msg("user", "x", "user", { id: "d1" }));
      expect(memory.sessionKey).toBe("user_id:default_user:session:default_session:messages");
      expect(await raw.lRange(memory.sessionKey, 0, -1)).toEqual(["d1"]);
      await memory.clear();
    } finally {
      await memory.close();
    }
  });

  it("uses a client passed in and leaves it open on close", async () => {
    const memory = new RedisMemory({ client: raw, sessionId: "own-client" });
    await memory.add(new Msg("user", "x", "user", { id: "c1" }));
    expect(memory.getClient()).toBe(raw);
    await memory.close();
    expect(raw.isOpen).toBe(true);
    expect(await raw.lRange("user_id:default_user:session:own-client:messages", 0, -1)).toEqual([
      "c1",
    ]);
    await raw.del([
      "user_id:default_user:session:own-client:messages",
      "user_id:default_user:session:own-client:msg:c1",
    ]);
  });

  it("saves only the compressed summary as state, as AgentScope does", async () => {
    const memory = new RedisMemory({ url: redis.url, sessionId: "state" });
    try {
      await memory.add(new Msg("user", "x", "user"));
      await memory.updateCompressedSummary("earlier: greetings");
      expect(memory.stateDict()).toEqual({ _compressed_summary: "earlier: greetings" });
      await memory.clear();
    } finally {
      await memory.close();
    }
  });

  it("sets and slides a TTL on every key of the session", async () => {
    const memory = new RedisMemory({ url: redis.url, sessionId: "ttl", keyTtl: 100 });
    try {
      await memory.add(new Msg("user", "x", "user", { id: "t1" }), { marks: "m" });
      const base = "user_id:default_user:session:ttl:";
      for (const key of ["messages", "msg:t1", "mark:m", "marks_index"]) {
        const ttl = await raw.ttl(base + key);
        expect(ttl, key).toBeGreaterThan(90);
        expect(ttl, key).toBeLessThanOrEqual(100);
      }
      await raw.expire(`${base}msg:t1`, 5);
      await memory.getMemory();
      expect(await raw.ttl(`${base}msg:t1`)).toBeGreaterThan(90);
      await memory.clear();
    } finally {
      await memory.close();
    }
  });
});

describe("RedisMemory when the connection drops", () => {
  let proxy: CutProxy;
  beforeAll(async () => {
    proxy = await startCutProxy(redis.port);
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  const batch = (tag: string) =>
    Array.from(
      { length: 5 },
      (_, i) => new Msg("user", `${tag}${i}`, "user", { id: `${tag}${i}` }),
    );

  it("fails with a retryable StorageConnectionError and writes nothing when the add never arrived", async () => {
    const memory = new RedisMemory({ url: `redis://127.0.0.1:${proxy.port}`, sessionId: "cut1" });
    try {
      await memory.add(batch("a"));
      const cut = proxy.cutOn("EVAL", "before-send");
      const error = await memory.add(batch("b"), { marks: "x" }).catch((e: unknown) => e);
      await cut;
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect((error as StorageConnectionError).retryable).toBe(true);
      expect((error as Error).message).toMatch(/Nothing was half-written; retry/);
      // The next call reconnects; nothing of the failed batch is there.
      expect(await memory.size()).toBe(5);
      expect(await memory.getMemory({ mark: "x" })).toEqual([]);
      await memory.add(batch("b"), { marks: "x" });
      expect((await memory.getMemory({ mark: "x" })).map((m) => m.id)).toEqual(
        batch("b").map((m) => m.id),
      );
    } finally {
      await memory.clear();
      await memory.close();
    }
  });

  it("fails retryably when the answer is lost, with the whole batch written, and a retry adds nothing twice", async () => {
    const memory = new RedisMemory({ url: `redis://127.0.0.1:${proxy.port}`, sessionId: "cut2" });
    try {
      await memory.size();
      const cut = proxy.cutOn("EVAL", "after-reply");
      const error = await memory.add(batch("c")).catch((e: unknown) => e);
      await cut;
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect(await memory.size()).toBe(5);
      await memory.add(batch("c"));
      expect(await memory.size()).toBe(5);
    } finally {
      await memory.clear();
      await memory.close();
    }
  });

  it("fails retryably, without waiting forever, when Redis is not running", async () => {
    const memory = new RedisMemory({ url: "redis://127.0.0.1:1", commandTimeout: 2000 });
    const error = await memory.size().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageConnectionError);
    expect((error as Error).message).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1/);
    await memory.close();
  });
});
