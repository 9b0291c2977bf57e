import { TaskState } from "@a2a-js/sdk";
import type { AgentExecutionEvent } from "@a2a-js/sdk/server";
import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { RemoteTaskBus } from "./a2a-event-bus-manager.js";
import type { RunFollow } from "./a2a-run-follower.js";
import { EVENT_ID_KEY } from "./a2a-task-store.js";
import { InMemoryBackend } from "./in-memory-backend.js";

const key = { userId: "alice", sessionId: "s1" };
const run = (after = "0"): RunFollow => ({
  key,
  runId: "r1",
  taskId: "t1",
  contextId: "s1",
  after,
});

/** Collects a bus's events until it finishes. */
function collect(bus: RemoteTaskBus): Promise<AgentExecutionEvent[]> {
  const events: AgentExecutionEvent[] = [];
  bus.on("event", (e) => events.push(e));
  return new Promise((resolve) => bus.on("finished", () => resolve(events)));
}

const states = (events: AgentExecutionEvent[]) =>
  events.flatMap((e) => (e.kind === "statusUpdate" ? [e.data.status?.state] : []));

describe("RemoteTaskBus", () => {
  it("finishes at once when the task has no run to follow", async () => {
    const bus = new RemoteTaskBus(
      Promise.resolve(null),
      {
        backend: new InMemoryBackend(),
        streamInterval: 0,
      },
      60_000,
    );
    expect(await collect(bus)).toEqual([]);
  });

  it("publishes a run from the shared log, each update with its log position, to the run's end", async () => {
    const backend = new InMemoryBackend();
    const token = (await backend.acquireLease(key, "other-replica", 60_000)) as number;
    const append = (type: string, data: Record<string, unknown>) =>
      backend.appendEvent(key, token, { runId: "r1", type, data });
    await append("model_chunk", { msgId: "m1", delta: { text: "Hel" }, last: false });
    await append("model_chunk", { msgId: "m1", delta: { text: "lo" }, last: true });
    const reply = new Msg({ name: "assistant", role: "assistant", content: "Hello" });
    await append("reply", { msg: reply.toDict(), interrupted: false });
    const end = await append("run_finished", {});
    const bus = new RemoteTaskBus(Promise.resolve(run()), { backend, streamInterval: 0 }, 60_000);
    const events = await collect(bus);
    expect(states(events)).toEqual([
      TaskState.TASK_STATE_WORKING,
      TaskState.TASK_STATE_WORKING,
      TaskState.TASK_STATE_COMPLETED,
    ]);
    const artifact = events.find((e) => e.kind === "artifactUpdate");
    expect(artifact?.kind === "artifactUpdate" && artifact.data.artifact?.artifactId).toBe(
      reply.id,
    );
    const last = events.at(-1);
    expect(last?.kind === "statusUpdate" && last.data.metadata?.[EVENT_ID_KEY]).toBe(end?.id);
  });

  it("stops following after cancelWaitMs when a canceled run never ends", async () => {
    const backend = new InMemoryBackend();
    const token = (await backend.acquireLease(key, "gone-replica", 60_000)) as number;
    await backend.appendEvent(key, token, {
      runId: "r1",
      type: "model_chunk",
      data: { msgId: "m1", delta: { text: "still going" }, last: false },
    });
    const bus = new RemoteTaskBus(
      Promise.resolve(run()),
      { backend, streamInterval: 0 },
      600_000,
      20,
    );
    const done = collect(bus);
    bus.cancel();
    const events = await done;
    // Only what was logged; no final state was made up.
    expect(states(events)).toEqual([TaskState.TASK_STATE_WORKING]);
    await backend.close();
  });
});
