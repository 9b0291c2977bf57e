import { describeMemorySuite, describeSessionSuite } from "@agentscope-ts/core/testing/suites";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { afterAll, beforeAll } from "vitest";
import { RedisMemory } from "./redis-memory.js";
import { RedisSession } from "./redis-session.js";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

let n = 0;
const prefixes = new WeakMap<object, string>();

describeMemorySuite("RedisMemory", {
  create: () => {
    n += 1;
    return new RedisMemory({ url: redis.url, sessionId: `s${n}`, userId: "suite" });
  },
  openPeer: (memory) => {
    const m = memory as RedisMemory;
    return new RedisMemory({ url: redis.url, sessionId: m.sessionId, userId: m.userId });
  },
  dispose: (memory) => (memory as RedisMemory).close(),
});

describeSessionSuite("RedisSession", {
  create: () => {
    n += 1;
    const session = new RedisSession({ url: redis.url, keyPrefix: `t${n}:` });
    prefixes.set(session, `t${n}:`);
    return session;
  },
  openPeer: (session) => {
    const peer = new RedisSession({ url: redis.url, keyPrefix: prefixes.get(session) ?? "" });
    prefixes.set(peer, prefixes.get(session) ?? "");
    return peer;
  },
  detectsConflicts: true,
  dispose: (session) => (session as RedisSession).close(),
});
