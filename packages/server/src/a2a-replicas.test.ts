import { A2AAgent, WellKnownAgentCardResolver } from "@agentscope-ts/a2a";
import { Msg } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ReplicaCluster, startReplicaCluster } from "./__fixtures__/replica-cluster.js";
import type { Front, Replica } from "./__fixtures__/replicas.js";
import { readSse, type SseEvent } from "./__fixtures__/sse-client.js";
import type { RedisBackend } from "./redis-backend.js";

// A2A behind a round-robin front over three replica processes sharing one redis-server: calls of
// one conversation land on different replicas, GetTask / CancelTask / SubscribeToTask reach a
// task running on another replica, and a v0.3 client (requests as a2a-sdk 0.3 sends them, no
// A2A-Version header) completes tasks across replicas too.
const AUTH = { authorization: "Bearer alice-token", "content-type": "application/json" };
const V1 = { ...AUTH, "a2a-version": "1.0" };

let cluster: ReplicaCluster | undefined;
let replicas: Replica[] = [];
let front: Front;
let audit: RedisBackend;

beforeAll(async () => {
  cluster = await startReplicaCluster("a2a", 50);
  ({ replicas, front, audit } = cluster);
}, 60_000);
afterAll(async () => {
  await cluster?.close();
});

type Json = Record<string, unknown>;
const endpoint = () => `${front.url}/a2a/assistant`;
const rpcBody = (method: string, params: Json) =>
  JSON.stringify({ jsonrpc: "2.0", id: crypto.randomUUID(), method, params });
const lastServed = () => front.served.at(-1)?.replica as string;

/** Sends card requests until the front's next target is not `avoid` (bounded by the rotation). */
async function awayFrom(avoid: string): Promise<void> {
  for (let i = 0; i < replicas.length && front.peekNext()?.id === avoid; i++) {
    await (await fetch(`${front.url}/a2a/assistant/.well-known/agent-card.json`)).text();
  }
  expect(front.peekNext()?.id).not.toBe(avoid);
}

async function call(method: string, params: Json, headers: Record<string, string> = V1) {
  const res = await fetch(endpoint(), { method: "POST", headers, body: rpcBody(method, params) });
  return {
    body: (await res.json()) as { result?: Json; error?: { message: string } },
    by: lastServed(),
  };
}

/** A deferred promise, resolved from outside. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const stateOf = (e: SseEvent) =>
  ((e.data.result as Json | undefined)?.statusUpdate as Json | undefined)?.status as
    | Json
    | undefined;
const isFinal = (e: SseEvent) =>
  ["TASK_STATE_CANCELED", "TASK_STATE_COMPLETED", "TASK_STATE_FAILED"].includes(
    String(stateOf(e)?.state),
  );

/**
 * Streams a slow run (a tool call, then a long answer) through the front: `answering` resolves at
 * the answer's first text, by when `task.id` is known; `events` at the stream's end.
 */
function streamSlowRun(text: string) {
  const answering = deferred();
  const task = { id: "" };
  const events = fetch(endpoint(), {
    method: "POST",
    headers: V1,
    body: rpcBody("SendStreamingMessage", {
      message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }] },
    }),
  }).then((res) =>
    readSse(res, (e) => {
      const started = (e.data.result as Json | undefined)?.task as Json | undefined;
      if (started?.id) task.id = String(started.id);
      const parts = ((stateOf(e)?.message as Json | undefined)?.parts ?? []) as Json[];
      if (parts.some((p) => String(p.text ?? "").startsWith("Done"))) answering.resolve();
      return isFinal(e);
    }),
  );
  return { answering: answering.promise, task, events };
}

describe("A2A on three replicas behind a round-robin front", () => {
  it("gets, follows and cancels a task from replicas other than the one running it", async () => {
    const run = streamSlowRun("call lookup abc");
    const stream = run.events;
    await run.answering;
    const taskId = run.task.id;
    const runner = front.served.find((s) => s.method === "POST")?.replica as string;
    expect(runner).toBeTruthy();

    // GetTask on another replica sees the running task with the text so far.
    await awayFrom(runner);
    const got = await call("GetTask", { id: taskId });
    expect(got.by).not.toBe(runner);
    const task = got.body.result as Json;
    expect((task.status as Json).state).toBe("TASK_STATE_WORKING");
    expect(JSON.stringify(task.history)).toContain("call lookup abc");

    // Resubscribing on another replica follows the run from the shared event log.
    await awayFrom(runner);
    const followedText = deferred();
    const resubscribe = fetch(endpoint(), {
      method: "POST",
      headers: V1,
      body: rpcBody("SubscribeToTask", { id: taskId }),
    }).then((res) =>
      readSse(res, (e) => {
        const parts = ((stateOf(e)?.message as Json | undefined)?.parts ?? []) as Json[];
        if (parts.some((p) => typeof p.text === "string")) followedText.resolve();
        return isFinal(e);
      }),
    );
    const resubscribedBy = lastServed();
    expect(resubscribedBy).not.toBe(runner);
    await followedText.promise;

    // CancelTask on another replica reaches the run on the runner.
    await awayFrom(runner);
    const canceled = await call("CancelTask", { id: taskId });
    expect(canceled.by).not.toBe(runner);
    expect(canceled.body.error).toBeUndefined();
    expect((canceled.body.result?.status as Json | undefined)?.state).toBe("TASK_STATE_CANCELED");

    // Both streams end canceled; the run really stopped on the runner.
    const [original, followed] = await Promise.all([stream, resubscribe]);
    expect(stateOf(original.at(-1) as SseEvent)?.state).toBe("TASK_STATE_CANCELED");
    expect(stateOf(followed.at(-1) as SseEvent)?.state).toBe("TASK_STATE_CANCELED");
    const contextId = String(task.contextId);
    const key = { userId: "alice", sessionId: contextId };
    expect((await audit.fenceLog(key)).map((g) => g.replicaId)).toEqual([runner]);
    const log = await audit.readEvents(key, "0", { blockMs: 0, count: 10_000 });
    expect(log.map((e) => e.type)).toContain("run_interrupted");
    expect(log.map((e) => e.type)).not.toContain("run_finished");

    // Every replica reads the same final task.
    const seen = new Set<string>();
    for (let i = 0; i < replicas.length; i++) {
      const again = await call("GetTask", { id: taskId });
      seen.add(again.by);
      expect((again.body.result?.status as Json | undefined)?.state).toBe("TASK_STATE_CANCELED");
    }
    expect(seen.size).toBe(3);
  }, 90_000);

  it("runs an A2AAgent conversation whose turns land on different replicas", async () => {
    const remote = new A2AAgent({
      agentCard: new WellKnownAgentCardResolver({ baseUrl: endpoint() }),
      credentials: { bearer: "alice-token" },
      timeout: 30_000,
    });
    remote.setConsoleOutputEnabled(false);
    const before = front.served.length;
    const first = await remote.call(new Msg("user", "Please call lookup rome", "user"));
    expect(first.getTextContent()).toMatch(/^Done: lookup ran with rome\./);
    const firstBy = front.served.slice(before).find((s) => s.method === "POST")?.replica;
    await awayFrom(firstBy as string);
    const mark = front.served.length;
    const second = await remote.call(new Msg("user", "and now?", "user"));
    expect(second.getTextContent()).toContain("Echo: and now?");
    const secondBy = front.served.slice(mark).find((s) => s.method === "POST")?.replica;
    expect(secondBy).not.toBe(firstBy);
    // One server session holds both turns.
    const session = (await (
      await fetch(`${front.url}/v1/sessions/${remote.contextId}`, { headers: AUTH })
    ).json()) as { memory: { content: unknown }[] };
    const memory = JSON.stringify(session.memory);
    expect(memory).toContain("lookup rome");
    expect(memory).toContain("and now?");
  }, 60_000);

  it("interrupts an A2AAgent whose cancel lands on another replica than its run", async () => {
    const remote = new A2AAgent({
      agentCard: new WellKnownAgentCardResolver({ baseUrl: endpoint() }),
      credentials: { bearer: "alice-token" },
      timeout: 30_000,
    });
    remote.setConsoleOutputEnabled(false);
    const chunk = deferred();
    const mark = front.served.length;
    const running = (async () => {
      for await (const e of remote.stream(new Msg("user", "Please call lookup kyiv", "user"))) {
        if (e.type === "model_chunk") chunk.resolve();
        if (e.type === "reply") return e.msg;
      }
      return null;
    })();
    await chunk.promise;
    const runner = front.served.slice(mark).find((s) => s.method === "POST")?.replica as string;
    await awayFrom(runner);
    const cancelAt = front.served.length;
    await remote.interrupt();
    const reply = await running;
    expect(reply?.metadata._is_interrupted).toBe(true);
    // The run on the runner was interrupted: the session is idle with the interruption in memory.
    await vi.waitFor(
      async () => {
        const session = (await (
          await fetch(`${front.url}/v1/sessions/${remote.contextId}`, { headers: AUTH })
        ).json()) as { status: string; memory: unknown[] };
        expect(session.status).toBe("idle");
        expect(JSON.stringify(session.memory)).toContain("_is_interrupted");
      },
      { timeout: 10_000 },
    );
    // The interrupt reached the run through the agent's CancelTask, sent (in the background,
    // after the reply) to another replica.
    const cancels = front.served.slice(cancelAt).filter((s) => s.method === "POST");
    expect(cancels.length).toBeGreaterThan(0);
    expect(cancels.map((s) => s.replica)).not.toContain(runner);
  }, 60_000);

  it("serves a v0.3 client (no A2A-Version header) across replicas", async () => {
    // The requests as a2a-sdk 0.3 (AgentScope Python 1.0.x) sends them: see the a2a package's
    // __fixtures__/wire-requests.ts for the spec they follow.
    const message = (text: string, contextId?: string) => ({
      kind: "message",
      messageId: crypto.randomUUID(),
      role: "user",
      parts: [{ kind: "text", text }],
      ...(contextId ? { contextId } : {}),
    });
    const card = (await (await fetch(`${front.url}/.well-known/agent-card.json`)).json()) as Json;
    expect(card).toMatchObject({ protocolVersion: "0.3", preferredTransport: "JSONRPC" });
    expect(card.url).toMatch(/\/a2a\/assistant$/);

    const sent = await call("message/send", { message: message("call lookup oslo") }, AUTH);
    expect(sent.body.error).toBeUndefined();
    const task = sent.body.result as Json;
    expect(task).toMatchObject({ kind: "task", status: { state: "completed" } });
    const artifact = (task.artifacts as Json[])[0] as Json;
    expect((artifact.parts as Json[])[0]).toMatchObject({ kind: "text" });
    const answer = String(((artifact.parts as Json[])[0] as Json).text);
    expect(answer).toMatch(/^Done: lookup ran with oslo\./);

    await awayFrom(sent.by);
    const got = await call("tasks/get", { id: task.id }, AUTH);
    expect(got.by).not.toBe(sent.by);
    expect(got.body.result).toMatchObject({
      kind: "task",
      id: task.id,
      status: { state: "completed" },
    });
    // The history keeps the whole streamed answer, in one message.
    const agentTexts = ((got.body.result?.history ?? []) as Json[])
      .filter((m) => m.role === "agent")
      .map((m) => (m.parts as Json[]).map((p) => (p.kind === "text" ? p.text : "")).join(""));
    expect(agentTexts).toContain(answer);

    // The next turn continues the context on another replica.
    await awayFrom(got.by);
    const next = await call(
      "message/send",
      { message: message("thanks", String(task.contextId)) },
      AUTH,
    );
    expect(next.body.result).toMatchObject({ kind: "task", status: { state: "completed" } });
    expect(JSON.stringify(next.body.result?.artifacts)).toContain("Echo: thanks");
  }, 60_000);

  // Last: it kills a replica.
  it("reads a task completed after the replica serving its stream was killed", async () => {
    const mark = front.served.length;
    const run = streamSlowRun("call lookup zurich");
    const stream = run.events;
    await run.answering;
    const taskId = run.task.id;
    const runner = front.served.slice(mark).find((s) => s.method === "POST")?.replica;
    const victim = replicas.find((r) => r.id === runner) as Replica;
    victim.child.kill("SIGKILL");
    const cut = await stream;
    expect(cut.some(isFinal)).toBe(false); // the stream broke with the replica
    // Another replica recovers the run and finishes it (bounded wait on the session's state).
    const got = await call("GetTask", { id: taskId });
    const contextId = String((got.body.result as Json).contextId);
    await vi.waitFor(
      async () => {
        const res = await fetch(`${front.url}/v1/sessions/${contextId}`, { headers: AUTH });
        expect(((await res.json()) as { status: string }).status).toBe("idle");
      },
      { timeout: 30_000, interval: 100 },
    );
    // A read on a surviving replica brings the task up to the log: completed, with the answer.
    const after = await call("GetTask", { id: taskId });
    expect(after.by).not.toBe(runner);
    const task = after.body.result as Json;
    expect((task.status as Json).state).toBe("TASK_STATE_COMPLETED");
    expect(JSON.stringify(task.artifacts)).toContain("Done: lookup ran with zurich");
    const agentText = ((task.history ?? []) as Json[])
      .filter((m) => m.role === "ROLE_AGENT")
      .map((m) => ((m.parts ?? []) as Json[]).map((p) => p.text ?? "").join(""));
    expect(agentText.some((t) => t.startsWith("Done: lookup ran with zurich"))).toBe(true);
  }, 90_000);
});
