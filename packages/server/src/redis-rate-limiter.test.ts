import { StorageConnectionError } from "@agentscope-ts/core";
import { RedisConnection } from "@agentscope-ts/redis";
import {
  type CutProxy,
  freePort,
  type RunningRedis,
  startCutProxy,
  startRedis,
} from "@agentscope-ts/test-databases";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { type AgentServer, type AgentServerOptions, createAgentServer } from "./agent-server.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { InMemoryRateLimiter } from "./rate-limiter.js";
import { RedisBackend } from "./redis-backend.js";
import { RedisRateLimiter, type RedisRateLimiterOptions } from "./redis-rate-limiter.js";

let redis: RunningRedis;
let inspect: RedisConnection;
beforeAll(async () => {
  redis = await startRedis();
  inspect = new RedisConnection({ url: redis.url, commandTimeout: 5_000 });
});
afterAll(async () => {
  await inspect?.close();
  await redis?.stop();
});

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
const limiter = (options: RedisRateLimiterOptions) => {
  const l = new RedisRateLimiter(options);
  open.push(l);
  return l;
};
let n = 0;
const prefix = () => `rl${++n}:`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const send = (args: string[]) => inspect.call(args, "inspect");
const keysUnder = async (p: string) => (await send(["KEYS", `${p}*`])) as string[];
/** Collects the warning lines a limiter writes. */
const collect = () => {
  const lines: string[] = [];
  return { lines, warn: (line: string) => lines.push(line) };
};

describe("RedisRateLimiter", () => {
  it("gives two replicas on one Redis one budget per user, and users their own", async () => {
    const keyPrefix = prefix();
    const a = limiter({ url: redis.url, keyPrefix, limit: 3, windowMs: 600_000 });
    const b = limiter({ url: redis.url, keyPrefix, limit: 3, windowMs: 600_000 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push(await (i % 2 === 0 ? a : b).take("alice"));
    // Three requests in all go through (not three per replica), in arrival order; then waits.
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits.slice(3).every((w) => w > 0)).toBe(true);
    // 1 token takes 200 s to come back at 3 per 600 s: the wait says so (rounded up to a ms).
    expect(Math.max(...waits.slice(3))).toBeLessThanOrEqual(200_000);
    expect(Math.min(...waits.slice(3))).toBeGreaterThan(100_000);
    // Bob's budget is untouched by Alice's, on either replica.
    expect([await b.take("bob"), await a.take("bob"), await b.take("bob")]).toEqual([0, 0, 0]);
    expect(await a.take("bob")).toBeGreaterThan(0);
    // The in-memory limiter, by contrast, counts per replica (the default without Redis).
    const [m1, m2] = [new InMemoryRateLimiter({ limit: 1 }), new InMemoryRateLimiter({ limit: 1 })];
    expect([await m1.take("alice"), await m2.take("alice")]).toEqual([0, 0]);
  });

  it("counts on Redis's clock, with a TTL no longer than the bucket takes to fill", async () => {
    const keyPrefix = prefix();
    const l = limiter({ url: redis.url, keyPrefix, limit: 2, windowMs: 600_000 });
    const redisMs = async () => {
      const [s, us] = (await send(["TIME"])) as [string, string];
      return Number(s) * 1000 + Math.floor(Number(us) / 1000);
    };
    const before = await redisMs();
    expect(await l.take("u:1")).toBe(0);
    const after = await redisMs();
    const key = `${keyPrefix}agentscope_server:rate:u%3A1`;
    const at = Number(await send(["HGET", key, "at"]));
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    // One token gone: the key lives until it is back (300 s at 2 per 600 s), never longer.
    const ttl = Number(await send(["PTTL", key]));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300_000);
    // Both gone: until both are back.
    expect(await l.take("u:1")).toBe(0);
    expect(Number(await send(["PTTL", key]))).toBeGreaterThan(300_000);
  });

  it("lets an idle user's key expire once the bucket is full again (small window)", async () => {
    const keyPrefix = prefix();
    const l = limiter({ url: redis.url, keyPrefix, limit: 2, windowMs: 300 });
    expect(await l.take("erin")).toBe(0);
    expect(await keysUnder(keyPrefix)).toHaveLength(1);
    // Idle, the user costs nothing: the key goes; then the bucket is full again.
    for (let i = 0; i < 100 && (await keysUnder(keyPrefix)).length > 0; i++) await sleep(20);
    expect(await keysUnder(keyPrefix)).toEqual([]);
    expect([await l.take("erin"), await l.take("erin")]).toEqual([0, 0]);
  });

  it("shares a RedisBackend's connection and key prefix, leaving it open on close", async () => {
    const keyPrefix = prefix();
    const backend = new RedisBackend({ url: redis.url, keyPrefix });
    open.push(backend);
    const l = new RedisRateLimiter({ backend, limit: 1, windowMs: 600_000 });
    expect(await l.take("carol")).toBe(0);
    expect(await keysUnder(keyPrefix)).toEqual([`${keyPrefix}agentscope_server:rate:carol`]);
    await l.close();
    // The backend's connection is still the backend's: it works after the limiter closed.
    expect(await backend.listActive(10)).toEqual([]);
    expect(await new RedisRateLimiter({ backend, limit: 1 }).take("carol")).toBeGreaterThan(0);
  });

  it("refuses bad options, naming the field", () => {
    expect(() => new RedisRateLimiter({})).toThrow(/needs `url`/);
    expect(() => new RedisRateLimiter({ url: redis.url, limit: -1 })).toThrow(/rateLimit\.limit/);
    expect(() => new RedisRateLimiter({ url: redis.url, failMode: "maybe" as "open" })).toThrow(
      /rateLimit\.failMode/,
    );
    expect(() => new RedisRateLimiter({ url: redis.url, commandTimeout: 0 })).toThrow(
      /rateLimit\.commandTimeout/,
    );
  });
});

describe("RedisRateLimiter while Redis is unreachable", () => {
  let deadUrl: string;
  beforeAll(async () => {
    deadUrl = `redis://127.0.0.1:${await freePort()}`;
  });

  it("counts per replica by default (failMode 'local') and logs one line for the outage", async () => {
    const log = collect();
    const l = limiter({ url: deadUrl, limit: 2, windowMs: 600_000, warn: log.warn });
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await l.take("alice"));
    expect(waits.slice(0, 2)).toEqual([0, 0]);
    expect(waits.slice(2).every((w) => w > 0)).toBe(true);
    expect(l.unavailable).toBe(true);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/Redis is unreachable .*failMode 'local'/);
  });

  it("lets requests through with failMode 'open', refuses them with 'closed'", async () => {
    const openLog = collect();
    const o = limiter({ url: deadUrl, limit: 1, failMode: "open", warn: openLog.warn });
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await o.take("alice"));
    expect(waits).toEqual([0, 0, 0]);
    expect(openLog.lines).toHaveLength(1);
    const closedLog = collect();
    const c = limiter({ url: deadUrl, failMode: "closed", warn: closedLog.warn });
    for (let i = 0; i < 3; i++) {
      const error = await c.take("alice").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageConnectionError);
      expect((error as StorageConnectionError).retryable).toBe(true);
      expect((error as Error).message).toMatch(/failMode is 'closed'/);
    }
    expect(closedLog.lines).toHaveLength(1);
  });

  describe("through a proxy that cuts the connection", () => {
    let proxy: CutProxy;
    beforeAll(async () => {
      proxy = await startCutProxy(redis.port);
    });
    afterAll(async () => {
      await proxy?.stop();
    });

    it("logs once per outage, probes Redis again, and shares the budget again once it is back", async () => {
      const log = collect();
      const keyPrefix = prefix();
      const l = limiter({
        url: `redis://127.0.0.1:${proxy.port}`,
        keyPrefix,
        limit: 100,
        windowMs: 600_000,
        probeIntervalMs: 500,
        warn: log.warn,
      });
      const fromRedis = async () => {
        const tokens = await send(["HGET", `${keyPrefix}agentscope_server:rate:dave`, "tokens"]);
        return tokens === null ? null : Number(tokens);
      };
      for (let outage = 1; outage <= 2; outage++) {
        expect(await l.take("dave")).toBe(0);
        const counted = await fromRedis();
        const cut = proxy.cutOn("EVALSHA", "before-send");
        // The request that finds the outage goes through on the local bucket, as do the next.
        for (let i = 0; i < 5; i++) expect(await l.take("dave")).toBe(0);
        await cut;
        expect(l.unavailable).toBe(true);
        expect(await fromRedis()).toBe(counted);
        // Redis is probed again (bounded), and the next takes count there again.
        for (let i = 0; i < 300 && l.unavailable; i++) {
          await sleep(20);
          await l.take("dave");
        }
        expect(l.unavailable).toBe(false);
        expect(log.lines.filter((x) => /rate limits: Redis is unreachable/.test(x))).toHaveLength(
          outage,
        );
        expect(log.lines.filter((x) => /rate limits: Redis is back;/.test(x))).toHaveLength(outage);
        const back = (await fromRedis()) as number;
        expect(await l.take("dave")).toBe(0);
        expect((await fromRedis()) as number).toBeLessThan(back);
      }
    });
  });
});

describe("createAgentServer rate limits", () => {
  const ALICE = { authorization: "Bearer alice-token", "content-type": "application/json" };
  const BOB = { authorization: "Bearer bob-token", "content-type": "application/json" };
  const servers: AgentServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close({ interrupt: true });
  });
  const start = (extra: Partial<AgentServerOptions>) => {
    const s = createAgentServer({
      agents: demoAgents(),
      tokens: { "alice-token": "alice", "bob-token": "bob" },
      recoveryIntervalMs: 0,
      ...extra,
    });
    servers.push(s);
    return s;
  };
  const post = (s: AgentServer, path: string, headers = ALICE, body?: unknown) =>
    s.app.fetch(
      new Request(`http://test${path}`, {
        method: "POST",
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  it("holds one user's limit across two replicas on one Redis (429 with Retry-After)", async () => {
    const keyPrefix = prefix();
    const rateLimit = { limit: 3, windowMs: 600_000 };
    const replicas = [
      start({ backend: new RedisBackend({ url: redis.url, keyPrefix }), rateLimit }),
      start({ backend: new RedisBackend({ url: redis.url, keyPrefix }), rateLimit }),
    ];
    expect(replicas.every((r) => r.rateLimiter instanceof RedisRateLimiter)).toBe(true);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await post(replicas[i % 2] as AgentServer, "/v1/sessions/s/interrupt");
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get("retry-after");
    }
    // Three requests in all (404: no such session yet), then 429s, whichever replica answers.
    expect(statuses).toEqual([404, 404, 404, 429, 429, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // A2A POSTs count against the same budget; Bob's is his own.
    const a2a = await post(replicas[1] as AgentServer, "/a2a/assistant", ALICE, {});
    expect(a2a.status).toBe(429);
    expect(a2a.headers.get("retry-after")).not.toBeNull();
    expect((await post(replicas[0] as AgentServer, "/v1/sessions/s/interrupt", BOB)).status).toBe(
      404,
    );
  });

  it("refills the shared budget: with a small window, a refused user gets through again", async () => {
    const keyPrefix = prefix();
    const rateLimit = { limit: 2, windowMs: 1_000 };
    const replicas = [
      start({ backend: new RedisBackend({ url: redis.url, keyPrefix }), rateLimit }),
      start({ backend: new RedisBackend({ url: redis.url, keyPrefix }), rateLimit }),
    ];
    let refused = 0;
    let i = 0;
    // Until the first 429 (the two tokens are gone, whatever the timing)…
    for (; i < 100 && refused === 0; i++) {
      if ((await post(replicas[i % 2] as AgentServer, "/v1/sessions/s/interrupt")).status === 429)
        refused++;
    }
    expect(refused).toBe(1);
    // …then, on the other replica, a request goes through again once a token came back.
    let passed = false;
    for (let j = 0; j < 200 && !passed; j++) {
      await sleep(20);
      passed =
        (await post(replicas[(i + 1) % 2] as AgentServer, "/v1/sessions/s/interrupt")).status ===
        404;
    }
    expect(passed).toBe(true);
  });

  it("keeps the in-memory limiter per replica by default without Redis", async () => {
    const rateLimit = { limit: 1, windowMs: 600_000 };
    const replicas = [
      start({ backend: new InMemoryBackend(), rateLimit }),
      start({ backend: new InMemoryBackend(), rateLimit }),
    ];
    expect(replicas.every((r) => r.rateLimiter instanceof InMemoryRateLimiter)).toBe(true);
    const statuses = [];
    for (const r of [...replicas, ...replicas]) {
      statuses.push((await post(r, "/v1/sessions/s/interrupt")).status);
    }
    expect(statuses).toEqual([404, 404, 429, 429]);
  });

  it("answers 503 with Retry-After when the limiter fails closed, and serves reads", async () => {
    const deadUrl = `redis://127.0.0.1:${await freePort()}`;
    const log = collect();
    const s = start({
      backend: new InMemoryBackend(),
      rateLimit: new RedisRateLimiter({ url: deadUrl, failMode: "closed", warn: log.warn }),
    });
    const res = await post(s, "/v1/sessions/s/interrupt");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /rate limiter.s store is unreachable/,
    );
    const read = await s.app.fetch(new Request("http://test/v1/sessions/s", { headers: ALICE }));
    expect(read.status).toBe(404);
    expect(log.lines).toHaveLength(1);
  });

  it("answers 503, not 500, when the shared backend's Redis is down", async () => {
    const deadUrl = `redis://127.0.0.1:${await freePort()}`;
    const log = collect();
    const s = start({
      backend: new RedisBackend({ url: deadUrl, commandTimeout: 500 }),
      rateLimit: { warn: log.warn },
    });
    const res = await post(s, "/v1/sessions/s/messages", ALICE, { content: "hi" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    // The limiter let the request through on the local bucket (failMode 'local') and said so once.
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/failMode 'local'/);
  });
});
