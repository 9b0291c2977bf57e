import { afterEach, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";
import { InMemoryBackend } from "./in-memory-backend.js";

// Names that a plain object lookup finds on Object.prototype: each must be an unknown agent (404).
const NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty"];
const ALICE = { authorization: "Bearer alice-token", "content-type": "application/json" };

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close({ interrupt: true });
  server = null;
});

function start(backend = new InMemoryBackend()) {
  server = createAgentServer({
    agents: demoAgents(),
    backend,
    tokens: { "alice-token": "alice" },
    recoveryIntervalMs: 0,
  });
  const app = server.app;
  return (method: string, path: string, body?: unknown) =>
    app.fetch(
      new Request(`http://local${path}`, {
        method,
        headers: ALICE,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
}

describe("agent names that are Object.prototype members", () => {
  it.each(NAMES)("'%s' is an unknown agent on every route that takes a name", async (name) => {
    const call = start();
    const posted = await call("POST", "/v1/sessions/s1/messages", { content: "hi", agent: name });
    expect(posted.status).toBe(404);
    expect(((await posted.json()) as { error: { message: string } }).error.message).toContain(
      `No agent named '${name}'`,
    );
    const a2a = encodeURIComponent(name);
    for (const [method, path] of [
      ["GET", `/a2a/${a2a}/.well-known/agent-card.json`],
      ["POST", `/a2a/${a2a}`],
      ["POST", `/a2a/${a2a}/v1/message:send`],
    ] as const) {
      const response = await call(method, path, method === "POST" ? {} : undefined);
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
    }
  });

  it.each(NAMES)("a checkpoint naming agent '%s' answers 404, not 500", async (name) => {
    // A session saved by an agent the server no longer hosts (here: named like a prototype member).
    const backend = new InMemoryBackend();
    const key = { userId: "alice", sessionId: "old" };
    const token = (await backend.acquireLease(key, "test", 10_000)) as number;
    await backend.saveCheckpoint(key, token, {
      agentName: name,
      agent: {},
      run: { status: "parked", runId: "r1", pending: [] },
    });
    await backend.releaseLease(key, token);
    const call = start(backend);
    const state = await call("GET", "/v1/sessions/old");
    expect(state.status).toBe(404);
    expect(((await state.json()) as { error: { message: string } }).error.message).toContain(
      `No agent named '${name}'`,
    );
  });
});
