import {
  type RunningPostgres,
  type RunningRedis,
  startPostgres,
  startRedis,
} from "@agentscope-ts/test-databases";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoAgents, toolLog } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { type AgentServer, type AgentServerOptions, createAgentServer } from "./agent-server.js";
import type { ServiceBackend } from "./backend.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { PostgresCheckpointStore } from "./postgres-checkpoint-store.js";
import { RedisBackend } from "./redis-backend.js";

const ALICE = { authorization: "Bearer alice-token", "content-type": "application/json" };
const BOB = { authorization: "Bearer bob-token", "content-type": "application/json" };

let redis: RunningRedis;
let postgres: RunningPostgres;
beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
});
afterAll(async () => {
  await redis?.stop();
  await postgres?.stop();
});

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close({ interrupt: true });
  server = null;
});

// The optional methods hidden: the server's fallbacks (one step at a time) serve the same suite.
const OPTIONAL = new Set<PropertyKey>([
  "acquireLeaseAndLoad",
  "appendEvents",
  "hasSession",
  "saveCheckpointMarked",
  "finishRun",
]);
function requiredOnly(backend: ServiceBackend): ServiceBackend {
  return new Proxy(backend, {
    get(target, name) {
      if (OPTIONAL.has(name)) return undefined;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

let prefix = 0;
const backends: [string, () => ServiceBackend][] = [
  ["in memory", () => new InMemoryBackend()],
  ["in memory, required methods only", () => requiredOnly(new InMemoryBackend())],
  ["on Redis", () => new RedisBackend({ url: redis.url, keyPrefix: `t${++prefix}:` })],
  [
    "on Redis with checkpoints in PostgreSQL",
    () =>
      new RedisBackend({
        url: redis.url,
        keyPrefix: `t${++prefix}:`,
        checkpoints: new PostgresCheckpointStore({
          connectionString: postgres.connectionString,
          table: `checkpoints_${prefix}`,
        }),
      }),
  ],
];

describe.each(backends)("createAgentServer %s", (_name, makeBackend) => {
  function start(extra: Partial<AgentServerOptions> = {}) {
    server = createAgentServer({
      agents: demoAgents(),
      backend: makeBackend(),
      tokens: { "alice-token": "alice", "bob-token": "bob" },
      recoveryIntervalMs: 0,
      ...extra,
    });
    const app = server.app;
    const call = (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = ALICE,
    ) =>
      app.fetch(
        new Request(`http://local${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      );
    return { app, call };
  }

  describe("one node", () => {
    it("runs a message and streams typed events that resume after Last-Event-ID", async () => {
      const { call } = start();
      const posted = await call("POST", "/v1/sessions/s1/messages", { content: "hello there" });
      expect(posted.status).toBe(202);
      const { runId } = (await posted.json()) as { runId: string };
      const all = await readSse(await call("GET", "/v1/sessions/s1/events"), untilRunEnd);
      const types = all.map((e) => e.event);
      expect(types[0]).toBe("run_started");
      expect(types).toContain("model_chunk");
      expect(types.at(-2)).toBe("reply");
      expect(types.at(-1)).toBe("run_finished");
      expect(all.every((e) => e.data.runId === runId)).toBe(true);
      const text = all
        .filter((e) => e.event === "model_chunk")
        .map((e) => (e.data.delta as { text: string }).text)
        .join("");
      expect(text).toBe("Echo: hello there ".repeat(3));
      // Resume from the middle: exactly the rest, in order.
      const cut = all[3] as { id: string };
      const rest = await readSse(
        await call("GET", "/v1/sessions/s1/events", undefined, {
          ...ALICE,
          "last-event-id": cut.id,
        }),
        untilRunEnd,
      );
      expect(rest.map((e) => e.id)).toEqual(all.slice(4).map((e) => e.id));

      const state = (await (await call("GET", "/v1/sessions/s1")).json()) as {
        status: string;
        memory: { role: string }[];
      };
      expect(state.status).toBe("idle");
      expect(state.memory.map((m) => m.role)).toEqual(["user", "assistant"]);
    });

    it("answers 400 to a Last-Event-ID or 'after' that is no event id (e.g. beyond 64 bits)", async () => {
      const { call } = start();
      await call("POST", "/v1/sessions/le/messages", { content: "hi" });
      await readSse(await call("GET", "/v1/sessions/le/events"), untilRunEnd);
      for (const bad of ["99999999999999999999999", "1-18446744073709551616", "abc"]) {
        const viaHeader = await call("GET", "/v1/sessions/le/events", undefined, {
          ...ALICE,
          "last-event-id": bad,
        });
        expect(viaHeader.status).toBe(400);
        const message = ((await viaHeader.json()) as { error: { message: string } }).error.message;
        expect(message).toContain("Last-Event-ID header");
        expect(message).toContain("'<ms>-<seq>'");
        const viaQuery = await call("GET", `/v1/sessions/le/events?after=${bad}`);
        expect(viaQuery.status).toBe(400);
        expect(((await viaQuery.json()) as { error: { message: string } }).error.message).toContain(
          "'after' query parameter",
        );
      }
    });

    it("binds sessions to users, validates input and needs a token", async () => {
      const { call } = start();
      await call("POST", "/v1/sessions/mine/messages", { content: "hi" });
      await readSse(await call("GET", "/v1/sessions/mine/events"), untilRunEnd);
      expect((await call("GET", "/v1/sessions/mine", undefined, BOB)).status).toBe(404);
      expect((await call("GET", "/v1/sessions/mine/events", undefined, BOB)).status).toBe(404);
      expect((await call("DELETE", "/v1/sessions/mine", undefined, BOB)).status).toBe(404);
      const anon = await call("GET", "/v1/sessions/mine", undefined, {
        authorization: "Bearer nope",
        "content-type": "application/json",
      });
      expect(anon.status).toBe(401);
      const bad = await call("POST", "/v1/sessions/mine/messages", { text: "hi" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
        /content/,
      );
      expect((await call("POST", "/v1/sessions/bad%20id/messages", { content: "x" })).status).toBe(
        400,
      );
      const unknownAgent = await call("POST", "/v1/sessions/x/messages", {
        content: "x",
        agent: "nobody",
      });
      expect(unknownAgent.status).toBe(404);
      const bodyText = JSON.stringify(await (await call("GET", "/v1/sessions/mine")).json());
      expect(bodyText).not.toContain("alice-token");
      expect((await call("DELETE", "/v1/sessions/mine")).status).toBe(204);
      expect((await call("GET", "/v1/sessions/mine")).status).toBe(404);
    });

    it("limits body size and request rate", async () => {
      const { call } = start({ maxBodyBytes: 200, rateLimit: { limit: 2, windowMs: 60_000 } });
      const big = await call("POST", "/v1/sessions/b/messages", { content: "x".repeat(500) });
      expect(big.status).toBe(413);
      // The oversized body was refused before it counted; two requests pass, the third waits.
      expect((await call("POST", "/v1/sessions/b/interrupt")).status).toBe(404);
      expect((await call("POST", "/v1/sessions/b/interrupt")).status).toBe(404);
      const third = await call("POST", "/v1/sessions/b/interrupt");
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).not.toBeNull();
    });

    it("refuses a second message while a run holds the session, and interrupts it", async () => {
      server = null;
      const { call } = start({ agents: demoAgents(5) });
      expect(
        (await call("POST", "/v1/sessions/i/messages", { content: "a long answer" })).status,
      ).toBe(202);
      const busy = await call("POST", "/v1/sessions/i/messages", { content: "again" });
      expect(busy.status).toBe(409);
      const events = await readSse(await call("GET", "/v1/sessions/i/events"), (e, all) => {
        if (all.length === 3) void call("POST", "/v1/sessions/i/interrupt");
        return untilRunEnd(e);
      });
      expect(events.at(-1)?.event).toBe("run_interrupted");
      const reply = events.find((e) => e.event === "reply");
      expect(reply?.data.interrupted).toBe(true);
      // The session is free again.
      expect((await call("POST", "/v1/sessions/i/messages", { content: "next" })).status).toBe(202);
    });

    it("parks an 'ask' call, resumes on approval with edited input, and denies by rule", async () => {
      const { call } = start({
        permissions: [
          { tool: "delete_*", action: "deny", reason: "deleting is not allowed" },
          { tool: "send_email", action: "ask" },
        ],
      });
      toolLog.length = 0;
      await call("POST", "/v1/sessions/p/messages", { content: "please call send_email bob" });
      const first = await readSse(await call("GET", "/v1/sessions/p/events"), untilRunEnd);
      const parked = first.at(-1);
      expect(parked?.event).toBe("run_parked");
      const pending = parked?.data.pending as { toolUse: { id: string; name: string } }[];
      expect(pending.map((p) => p.toolUse.name)).toEqual(["send_email"]);
      expect(toolLog).toEqual([]);
      const state = (await (await call("GET", "/v1/sessions/p")).json()) as { status: string };
      expect(state.status).toBe("parked");
      expect((await call("POST", "/v1/sessions/p/messages", { content: "more" })).status).toBe(409);
      expect(
        (await call("POST", "/v1/sessions/p/approvals/nope", { decision: "approve" })).status,
      ).toBe(404);
      expect((await call("POST", "/v1/sessions/p/approvals/x", { decision: "maybe" })).status).toBe(
        400,
      );
      const id = pending[0]?.toolUse.id as string;
      const approved = await call("POST", `/v1/sessions/p/approvals/${id}`, {
        decision: "approve",
        editedInput: { arg: "carol" },
      });
      expect(approved.status).toBe(202);
      expect(((await approved.json()) as { status: string }).status).toBe("resumed");
      const last = parked?.id as string;
      const second = await readSse(
        await call("GET", "/v1/sessions/p/events", undefined, { ...ALICE, "last-event-id": last }),
        untilRunEnd,
      );
      expect(second[0]?.event).toBe("run_resumed");
      expect(second.at(-1)?.event).toBe("run_finished");
      expect(toolLog).toEqual(["send_email(carol)"]);
      const reply = second.find((e) => e.event === "reply")?.data.msg as { content: unknown };
      expect(JSON.stringify(reply.content)).toContain("Done: send_email ran with carol");

      // A denied call reaches the model as a result it reads.
      await call("POST", "/v1/sessions/p/messages", { content: "call delete_file x" });
      const third = await readSse(
        await call("GET", "/v1/sessions/p/events", undefined, {
          ...ALICE,
          "last-event-id": second.at(-1)?.id as string,
        }),
        untilRunEnd,
      );
      expect(third.at(-1)?.event).toBe("run_finished");
      expect(toolLog).toEqual(["send_email(carol)"]);
      const final = third.find((e) => e.event === "reply")?.data.msg as { content: unknown };
      expect(JSON.stringify(final.content)).toContain("PermissionDenied");
      expect(JSON.stringify(final.content)).toContain("deleting is not allowed");
    });

    it("a denial by a human reaches the model too", async () => {
      const { call } = start({ permissions: [{ tool: "send_email", action: "ask" }] });
      toolLog.length = 0;
      await call("POST", "/v1/sessions/d/messages", { content: "call send_email x" });
      const first = await readSse(await call("GET", "/v1/sessions/d/events"), untilRunEnd);
      const pending = first.at(-1)?.data.pending as { toolUse: { id: string } }[];
      await call("POST", `/v1/sessions/d/approvals/${pending[0]?.toolUse.id}`, {
        decision: "deny",
        reason: "not today",
      });
      const second = await readSse(
        await call("GET", "/v1/sessions/d/events", undefined, {
          ...ALICE,
          "last-event-id": first.at(-1)?.id as string,
        }),
        untilRunEnd,
      );
      expect(toolLog).toEqual([]);
      const reply = second.find((e) => e.event === "reply")?.data.msg as { content: unknown };
      expect(JSON.stringify(reply.content)).toContain("not today");
    });
  });
});
