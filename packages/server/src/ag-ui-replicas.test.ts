import { type BaseEvent, HttpAgent } from "@ag-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReplicaCluster, startReplicaCluster } from "./__fixtures__/replica-cluster.js";
import type { Front, Replica } from "./__fixtures__/replicas.js";
import type { RedisBackend } from "./redis-backend.js";

const ALICE = { authorization: "Bearer alice-token", "content-type": "application/json" };

let cluster: ReplicaCluster | undefined;
let replicas: Replica[] = [];
let front: Front | null = null;
let audit: RedisBackend;

beforeAll(async () => {
  cluster = await startReplicaCluster("agui", 15);
  ({ replicas, front, audit } = cluster);
});
afterAll(async () => {
  await cluster?.close();
});

describe("AG-UI stream across a SIGKILLed replica", () => {
  it("stays one run that @ag-ui/client's pipeline accepts, the dead replica's message closed", async () => {
    const posted = await fetch(`${front?.url}/v1/sessions/k1/messages`, {
      method: "POST",
      headers: ALICE,
      body: JSON.stringify({ content: "call lookup abc" }),
    });
    expect(posted.status).toBe(202);
    const key = { userId: "alice", sessionId: "k1" };
    // The front sends the next request to the next replica: the stream is read through a replica
    // other than the one running the reply (the one killed below).
    const url = `${front?.url}/v1/sessions/k1/events?protocol=ag-ui&until=run_end`;
    const agent = new HttpAgent({
      url,
      threadId: "k1",
      fetch: () => fetch(url, { headers: ALICE }),
    });
    const events: BaseEvent[] = [];
    let killed: string | null = null;
    let answerChunks = 0;
    await agent.runAgent(
      {},
      {
        onEvent: ({ event }) => {
          events.push(event);
          if (event.type === "TOOL_CALL_RESULT") answerChunks = 0;
          if (event.type === "TEXT_MESSAGE_CONTENT") answerChunks += 1;
          // Kill the replica running the reply once the final answer is half streamed.
          if (
            killed === null &&
            answerChunks >= 3 &&
            events.some((e) => e.type === "TOOL_CALL_RESULT")
          ) {
            killed = "pending";
            void audit.fenceLog(key).then((log) => {
              const holder = log.at(-1)?.replicaId;
              killed = holder ?? "none";
              replicas.find((r) => r.id === holder)?.child.kill("SIGKILL");
            });
          }
        },
      },
    );
    expect(killed).not.toBe(null);
    expect(killed).not.toBe("none");
    const types: string[] = events.map((e) => e.type);
    expect(types.filter((t) => t === "RUN_STARTED")).toHaveLength(1);
    expect(types.at(-1)).toBe("RUN_FINISHED");
    const resumed = events.find((e) => e.type === "CUSTOM") as unknown as {
      name: string;
      value: { messageIds: string[] };
    };
    expect(resumed.name).toBe("agentscope.run_resumed");
    const [dead] = resumed.value.messageIds;
    // The dead replica's partial answer was closed before the resumed run went on.
    expect(types.indexOf("CUSTOM") - 1).toBe(
      events.findIndex(
        (e) => e.type === "TEXT_MESSAGE_END" && "messageId" in e && e.messageId === dead,
      ),
    );
    const assistants = agent.messages.filter((m) => m.role === "assistant");
    expect(assistants.map((m) => m.id)).toContain(dead);
    expect(String(assistants.at(-1)?.content)).toContain("Done: lookup ran with abc");
    expect(assistants.at(-1)?.id).not.toBe(dead);
  }, 90_000);
});
