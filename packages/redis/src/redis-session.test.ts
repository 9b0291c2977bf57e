import { InMemoryMemory, Msg, SessionConflictError, StateModule } from "@agentscope-ts/core";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSession } from "./redis-session.js";

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

class Agent extends StateModule {
  memory = new InMemoryMemory();
  name = "Friday";
  constructor() {
    super();
    this.registerState("name");
  }
}

// A session AgentScope Python v1.0.21's RedisSession saved: json.dumps(states, ensure_ascii=False)
// under user_id:{user_id}:session:{session_id}:state.
const PY_STATE =
  '{"agent": {"memory": {"_compressed_summary": "", "content": [[{"id": "m1", "name": "user", "role": "user", "content": "héllo", "metadata": {}, "timestamp": "2026-11-23 10:00:00.000"}, ["hint"]]]}, "name": "Jarvis"}}';

describe("RedisSession and AgentScope Python", () => {
  it("loads a session Python saved and saves the same bytes back under the same key", async () => {
    await raw.set("app:user_id:default_user:session:s1:state", PY_STATE);
    const session = new RedisSession({ url: redis.url, keyPrefix: "app:" });
    try {
      const agent = new Agent();
      expect(await session.load("s1", { agent })).toBe(true);
      expect(agent.name).toBe("Jarvis");
      expect((await agent.memory.getMemory({ mark: "hint" }))[0]?.content).toBe("héllo");
      await session.save("s1", { agent });
      expect(await raw.get("app:user_id:default_user:session:s1:state")).toBe(PY_STATE);
      await session.save("s1", { agent }, { userId: "bob" });
      expect(await raw.get("app:user_id:bob:session:s1:state")).toBe(PY_STATE);
      expect(session.getSessionKey("s1", "bob")).toBe("app:user_id:bob:session:s1:state");
    } finally {
      await session.close();
    }
  });

  it("notices a save AgentScope Python made after we loaded", async () => {
    const key = "user_id:default_user:session:s2:state";
    await raw.set(key, PY_STATE);
    const session = new RedisSession({ url: redis.url });
    try {
      const agent = new Agent();
      await session.load("s2", { agent });
      await raw.set(key, PY_STATE.replace("Jarvis", "Newer"));
      await expect(session.save("s2", { agent })).rejects.toThrow(SessionConflictError);
      expect(await raw.get(key)).toContain("Newer");
    } finally {
      await session.close();
    }
  });

  it("sets a sliding TTL on save and refreshes it on load", async () => {
    const session = new RedisSession({ url: redis.url, keyTtl: 60 });
    try {
      const agent = new Agent();
      await agent.memory.add(new Msg("user", "x", "user"));
      await session.save("ttl", { agent });
      const key = session.getSessionKey("ttl");
      expect(await raw.ttl(key)).toBeGreaterThan(50);
      await raw.expire(key, 5);
      await session.load("ttl", { agent });
      expect(await raw.ttl(key)).toBeGreaterThan(50);
    } finally {
      await session.close();
    }
  });

  it("rejects a corrupt value with a clear error and loads nothing", async () => {
    await raw.set("user_id:default_user:session:bad:state", '{"agent": {"name": "Tr');
    const session = new RedisSession({ url: redis.url });
    try {
      const agent = new Agent();
      await expect(session.load("bad", { agent })).rejects.toThrow(
        /user_id:default_user:session:bad:state is not valid JSON/,
      );
      expect(agent.name).toBe("Friday");
    } finally {
      await session.close();
    }
  });
});
