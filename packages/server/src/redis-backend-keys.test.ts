import { type ReActAgent, StorageConnectionError } from "@agentscope-ts/core";
import { RedisCommandError, RedisSession } from "@agentscope-ts/redis";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { type AgentServer, type AgentServerOptions, createAgentServer } from "./agent-server.js";
import type { Checkpoint } from "./backend.js";
import { RedisBackend } from "./redis-backend.js";

let redis: RunningRedis;
let admin: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startRedis();
  admin = createClient({ url: redis.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.close();
  await redis?.stop();
});

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close({ interrupt: true });
  server = null;
});

let n = 0;
function start(extra: Partial<AgentServerOptions> = {}) {
  const keyPrefix = `k${++n}:`;
  const lines: string[] = [];
  server = createAgentServer({
    agents: demoAgents(),
    backend: new RedisBackend({ url: redis.url, keyPrefix }),
    tokens: { "carol-token": "carol@example.com" },
    recoveryIntervalMs: 0,
    log: (line) => lines.push(line),
    ...extra,
  });
  const app = server.app;
  const headers = { authorization: "Bearer carol-token", "content-type": "application/json" };
  const call = (method: string, path: string, body?: unknown) =>
    app.fetch(
      new Request(`http://local${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
  return { call, keyPrefix, lines, backend: server.backend };
}

const cp: Checkpoint = {
  agentName: "assistant",
  agent: {},
  run: { status: "idle", runId: null, pending: [] },
};

describe("RedisBackend checkpoints in RedisSession's key layout", () => {
  it("a checkpoint the server saved for carol@example.com is what RedisSession.load reads", async () => {
    const { call, keyPrefix } = start();
    await call("POST", "/v1/sessions/chat-1/messages", { content: "remember me" });
    await readSse(await call("GET", "/v1/sessions/chat-1/events"), untilRunEnd);
    // AgentScope's key, ids as they are.
    const key = `${keyPrefix}user_id:carol@example.com:session:chat-1:state`;
    expect(await admin.exists(key)).toBe(1);
    const session = new RedisSession({ url: redis.url, keyPrefix });
    try {
      const agent = (await demoAgents().assistant?.({
        sessionId: "chat-1",
        userId: "carol@example.com",
      })) as ReActAgent;
      expect(await session.load("chat-1", { agent }, { userId: "carol@example.com" })).toBe(true);
      const memory = await agent.memory.getMemory();
      expect(memory.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(memory[0]?.getTextContent()).toBe("remember me");
    } finally {
      await session.close();
    }
  });

  it("reads a checkpoint at the old URL-encoded key and moves it on the next save", async () => {
    const keyPrefix = "legacy:";
    const backend = new RedisBackend({ url: redis.url, keyPrefix });
    const key = { userId: "carol@example.com", sessionId: "old" };
    const oldKey = `${keyPrefix}user_id:carol%40example.com:session:old:state`;
    const newKey = `${keyPrefix}user_id:carol@example.com:session:old:state`;
    try {
      await admin.set(oldKey, JSON.stringify({ agent: { n: 1 }, _server: cp }));
      expect((await backend.loadCheckpoint(key))?.agent).toEqual({ n: 1 });
      const token = (await backend.acquireLease(key, "r", 10_000)) as number;
      expect(await backend.saveCheckpoint(key, token, { ...cp, agent: { n: 2 } })).toBe(true);
      expect(await admin.exists(oldKey)).toBe(0);
      expect(JSON.parse(String(await admin.get(newKey))).agent).toEqual({ n: 2 });
      expect(await backend.deleteSession(key, token)).toBe(true);
      expect(await backend.loadCheckpoint(key)).toBeUndefined();
    } finally {
      await backend.close();
    }
  });
});

describe("RedisBackend error replies", () => {
  it("a key of the wrong type is a RedisCommandError (500, cause logged), not an outage (503)", async () => {
    const { call, keyPrefix, lines, backend } = start();
    await admin.sendCommand([
      "RPUSH",
      `${keyPrefix}user_id:carol@example.com:session:w:state`,
      "x",
    ]);
    const error = await backend
      .loadCheckpoint({ userId: "carol@example.com", sessionId: "w" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisCommandError);
    expect(error).not.toBeInstanceOf(StorageConnectionError);
    expect((error as RedisCommandError).reply).toMatch(/^WRONGTYPE/);
    const read = await call("GET", "/v1/sessions/w");
    expect(read.status).toBe(500);
    expect(read.headers.get("retry-after")).toBeNull();
    expect(lines.some((l) => l.includes("GET /v1/sessions/w") && /WRONGTYPE/.test(l))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/unreachable/);
  });

  it("a Lua script failing on the data is a 500 too, and the rate limiter does not call it an outage", async () => {
    const warnings: string[] = [];
    const { call, keyPrefix, lines } = start({ rateLimit: { warn: (l) => warnings.push(l) } });
    // The fencing counter holds text: the acquire script's INCR fails inside Lua.
    await admin.sendCommand([
      "SET",
      `${keyPrefix}agentscope_server:carol%40example.com:s:fence`,
      "x",
    ]);
    const posted = await call("POST", "/v1/sessions/s/messages", { content: "hi" });
    expect(posted.status).toBe(500);
    expect(lines.some((l) => /RedisCommandError/.test(l) && /not an integer/.test(l))).toBe(true);
    // The rate limit's own key of the wrong type: a 500, not "Redis is unreachable".
    const rateKey = `${keyPrefix}agentscope_server:rate:carol%40example.com`;
    await admin.sendCommand(["DEL", rateKey]);
    await admin.sendCommand(["RPUSH", rateKey, "x"]);
    const limited = await call("POST", "/v1/sessions/s2/messages", { content: "hi" });
    expect(limited.status).toBe(500);
    expect(warnings).toEqual([]);
  });
});

describe("event stream", () => {
  it("an error reply while streaming is logged (masked, with its cause) and ends the stream", async () => {
    const { call, keyPrefix, lines } = start();
    await call("POST", "/v1/sessions/e/messages", { content: "hi" });
    await readSse(await call("GET", "/v1/sessions/e/events"), untilRunEnd);
    await admin.set(`${keyPrefix}agentscope_server:carol%40example.com:e:events`, "x");
    const response = await call("GET", "/v1/sessions/e/events");
    expect(response.status).toBe(200);
    expect(await readSse(response, () => false)).toEqual([]);
    expect(lines.some((l) => /event stream of e: RedisCommandError: .*WRONGTYPE/.test(l))).toBe(
      true,
    );
  });
});

describe("recovery sweep", () => {
  it("logs a Redis error reply instead of swallowing it as an outage", async () => {
    let logged: (line: string) => void = () => undefined;
    const line = new Promise<string>((resolve) => {
      logged = resolve;
    });
    const { keyPrefix } = start({
      recoveryIntervalMs: 20,
      log: (l) => {
        if (l.includes("recovering runs")) logged(l);
      },
    });
    await admin.sendCommand(["SET", `${keyPrefix}agentscope_server:active`, "x"]);
    expect(await line).toMatch(/RedisCommandError: .*WRONGTYPE/);
  });
});
