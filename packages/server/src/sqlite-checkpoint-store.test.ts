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
