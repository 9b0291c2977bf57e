import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAgents, toolLog } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { createAgentServer } from "./agent-server.js";
import type { Checkpoint } from "./backend.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { SqliteCheckpointStore } from "./sqlite-checkpoint-store.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-server-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cp = (n: number): Checkpoint => ({
  agentName: "a",
  agent: { n },
  run: { status: "idle", runId: null, pending: [] },
});

describe("SqliteCheckpointStore", () => {
  it("fences writes and deletes like the PostgreSQL store", async () => {
    const store = new SqliteCheckpointStore({ path: join(dir, "fence.db") });
    const key = { userId: "u", sessionId: "s" };
    expect(await store.save(key, 2, cp(2))).toBe(true);
    expect(await store.save(key, 1, cp(1))).toBe(false);
    expect(await store.load(key)).toEqual(cp(2));
    expect(await store.lastFence(key)).toBe(2);
    expect(await store.delete(key, 1)).toBe(false);
    expect(await store.delete(key, 3)).toBe(true);
    expect(await store.load(key)).toBeUndefined();
    expect(await store.save(key, 2, cp(4))).toBe(false);
    await store.close();
  });

  it("lists the sessions whose checkpoint says a run is in progress", async () => {
    const store = new SqliteCheckpointStore({ path: join(dir, "running.db") });
    const running = (runId: string): Checkpoint => ({
      ...cp(0),
      run: { status: "running", runId, pending: [] },
    });
    await store.save({ userId: "u", sessionId: "a" }, 1, running("ra"));
    await store.save({ userId: "u", sessionId: "b" }, 1, cp(1));
    await store.save({ userId: "v", sessionId: "c" }, 1, running("rc"));
    await store.save({ userId: "v", sessionId: "d" }, 1, running("rd"));
    await store.delete({ userId: "v", sessionId: "d" }, 2);
    const all = await store.running(10);
    expect(all.map((k) => `${k.userId}/${k.sessionId}`).sort()).toEqual(["u/a", "v/c"]);
    expect(await store.running(1)).toHaveLength(1);
    await store.close();
  });

  it("resumes a run a killed single node left in progress, once restarted", async () => {
    const path = join(dir, "crash", "sessions.db");
    const H = { authorization: "Bearer t", "content-type": "application/json" };
    const start = (recoveryIntervalMs: number) =>
      createAgentServer({
        agents: demoAgents(),
        tokens: { t: "u" },
        backend: new InMemoryBackend({ checkpoints: new SqliteCheckpointStore({ path }) }),
        recoveryIntervalMs,
      });
    const key = { userId: "u", sessionId: "c1" };
    // A finished turn, then the checkpoint a process writes before it dies mid-run.
    const first = start(0);
    await first.app.fetch(
      new Request("http://x/v1/sessions/c1/messages", {
        method: "POST",
        headers: H,
        body: JSON.stringify({ content: "hello" }),
      }),
    );
    await readSse(
      await first.app.fetch(new Request("http://x/v1/sessions/c1/events", { headers: H })),
      untilRunEnd,
    );
    await first.close();
    const store = new SqliteCheckpointStore({ path });
    const saved = (await store.load(key)) as Checkpoint;
    expect(
      await store.save(key, 2, { ...saved, run: { status: "running", runId: "cut", pending: [] } }),
    ).toBe(true);
    await store.close();

    const second = start(20);
    try {
      const events = await readSse(
        await second.app.fetch(new Request("http://x/v1/sessions/c1/events", { headers: H })),
        untilRunEnd,
      );
      expect(events[0]?.event).toBe("run_resumed");
      expect(events[0]?.data.runId).toBe("cut");
      expect(events.at(-1)?.event).toBe("run_finished");
      const state = (await (
        await second.app.fetch(new Request("http://x/v1/sessions/c1", { headers: H }))
      ).json()) as { status: string };
      expect(state.status).toBe("idle");
      // Tokens continue past the dead process's.
      expect((await second.backend.fenceLog(key))[0]?.token).toBe(3);
    } finally {
      await second.close();
    }
  });

  it("keeps a parked approval across a restart of a single node", async () => {
    const path = join(dir, "node", "sessions.db");
    const H = { authorization: "Bearer t", "content-type": "application/json" };
    const start = () =>
      createAgentServer({
        agents: demoAgents(),
        tokens: { t: "u" },
        backend: new InMemoryBackend({ checkpoints: new SqliteCheckpointStore({ path }) }),
        permissions: [{ tool: "send_email", action: "ask" }],
        recoveryIntervalMs: 0,
      });
    toolLog.length = 0;
    const first = start();
    await first.app.fetch(
      new Request("http://x/v1/sessions/n1/messages", {
        method: "POST",
        headers: H,
        body: JSON.stringify({ content: "call send_email erin" }),
      }),
    );
    const events = await readSse(
      await first.app.fetch(new Request("http://x/v1/sessions/n1/events", { headers: H })),
      untilRunEnd,
    );
    const parked = events.at(-1);
    expect(parked?.event).toBe("run_parked");
    await first.close();

    const second = start();
    try {
      const pending = (parked?.data.pending ?? []) as { toolUse: { id: string } }[];
      const id = pending[0]?.toolUse.id;
      const approved = await second.app.fetch(
        new Request(`http://x/v1/sessions/n1/approvals/${id}`, {
          method: "POST",
          headers: H,
          body: JSON.stringify({ decision: "approve" }),
        }),
      );
      expect(approved.status).toBe(202);
      // The restarted node's event ids still come after the ones the client saw.
      const rest = await readSse(
        await second.app.fetch(
          new Request("http://x/v1/sessions/n1/events", {
            headers: { ...H, "last-event-id": parked?.id as string },
          }),
        ),
        untilRunEnd,
      );
      expect(rest[0]?.event).toBe("run_resumed");
      expect(rest.at(-1)?.event).toBe("run_finished");
      expect(toolLog).toEqual(["send_email(erin)"]);
      // Tokens continue from the newest the store saw (the first process held token 1).
      expect((await second.backend.fenceLog({ userId: "u", sessionId: "n1" }))[0]?.token).toBe(2);
    } finally {
      await second.close();
    }
  });
});
