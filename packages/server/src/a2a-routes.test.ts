import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import {
  A2AAgent,
  A2AAuthenticationError,
  httpBearerScheme,
  securityRequirement,
  WellKnownAgentCardResolver,
} from "@agentscope-ts/a2a";
import { type AgentEvent, Msg, MsgHub, ReActAgent } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { demoAgents, PlainFormatter, toolLog } from "./__fixtures__/demo-agents.js";
import { type AgentServer, type AgentServerOptions, createAgentServer } from "./agent-server.js";
import { bearerTokens } from "./auth.js";
import type { ServiceBackend } from "./backend.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { RedisBackend } from "./redis-backend.js";
import type { AgentFactory } from "./session-runner.js";
import { SqliteA2ATaskStore } from "./sqlite-a2a-task-store.js";
import { SqliteCheckpointStore } from "./sqlite-checkpoint-store.js";

// Our server's hosted agents over A2A, end to end on loopback: an A2AAgent (the SDK's JSON-RPC
// client, streaming) in a MsgHub with a local ReActAgent, on the server's sessions and auth.
const TOKENS = { "alice-token": "alice", "bob-token": "bob" };
/** Asks for the A2A 1.0 form of a card (without the header, a client speaks v0.3). */
const V1 = { "a2a-version": "1.0" };

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

let server: AgentServer | null = null;
afterEach(async () => {
  await server?.close({ interrupt: true });
  server = null;
});

async function start(backend: ServiceBackend, extra: Partial<AgentServerOptions> = {}) {
  server = createAgentServer({
    agents: demoAgents(3),
    backend,
    tokens: TOKENS,
    recoveryIntervalMs: 0,
    ...extra,
  });
  const port = await server.listen();
  return `http://127.0.0.1:${port}`;
}

/** A `fetch` sending `token` as a bearer token. */
function withToken(token: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

function remoteAgent(origin: string, token: string): A2AAgent {
  const fetchImpl = withToken(token);
  return new A2AAgent({
    name: "Remote",
    agentCard: new WellKnownAgentCardResolver({ baseUrl: `${origin}/a2a/assistant` }),
    clientFactory: new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
      }),
    ),
    timeout: 30_000,
  });
}

async function session(origin: string, id: string, token: string) {
  const res = await fetch(`${origin}/v1/sessions/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const texts = (memory: unknown): string[] =>
  (memory as { content: unknown }[]).map((m) => JSON.stringify(m.content));

async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

let prefix = 0;
const backends: [string, () => ServiceBackend][] = [
  ["in memory", () => new InMemoryBackend()],
  ["on Redis", () => new RedisBackend({ url: redis.url, keyPrefix: `a2a${++prefix}:` })],
];

describe.each(backends)("A2A endpoints of createAgentServer %s", (_name, makeBackend) => {
  it("serves a hosted agent to an A2AAgent in a MsgHub: streamed, on the user's session", async () => {
    const origin = await start(makeBackend());
    const remote = remoteAgent(origin, "alice-token");
    const local = new ReActAgent({
      name: "Planner",
      sysPrompt: "You plan.",
      model: new ScriptedChatModel({ script: [scriptedText("Please call lookup paris")] }),
      formatter: new PlainFormatter(),
    });
    local.setConsoleOutputEnabled(false);
    toolLog.length = 0;

    await using _hub = await new MsgHub({ participants: [local, remote] }).enter();
    await local.call(new Msg("user", "Plan the trip.", "user"));
    // The remote got the planner's message through the hub; its reply sends it over A2A.
    const first = await collect(remote.stream(null));
    const reply = first[first.length - 1];
    if (reply?.type !== "reply") throw new Error(`no reply: ${JSON.stringify(first)}`);
    const answer = reply.msg.getTextContent() ?? "";
    expect(answer).toMatch(/^Done: lookup ran with paris\./);
    expect(reply.msg.metadata.a2a_task).toMatchObject({ state: "completed" });
    expect(toolLog).toEqual(["lookup(paris)"]);
    const toolCall = first.find((e) => e.type === "tool_call");
    expect(toolCall?.type === "tool_call" && toolCall.toolUse).toMatchObject({
      name: "lookup",
      input: { arg: "paris" },
    });
    const toolResult = first.find((e) => e.type === "tool_result_chunk");
    expect(
      JSON.stringify(toolResult?.type === "tool_result_chunk" && toolResult.toolResult.output),
    ).toContain("lookup ran with paris");
    // Streamed: the answer arrived in several text updates that add up to it.
    const deltas = first.flatMap((e) => (e.type === "model_chunk" ? [e.delta.text ?? ""] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(answer);
    // The local agent observed the remote's answer through the hub.
    expect(texts((await local.memory.getMemory()).map((m) => m.toDict()))).toContainEqual(
      expect.stringContaining("Done: lookup ran with paris"),
    );

    // The A2A context is alice's server session: the HTTP API shows its memory.
    const contextId = remote.contextId as string;
    expect(contextId).toBeTruthy();
    const seen = await session(origin, contextId, "alice-token");
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ sessionId: contextId, agent: "assistant", status: "idle" });
    const memory = texts(seen.body.memory);
    expect(memory[0]).toContain("Please call lookup paris");
    expect(memory.at(-1)).toContain("Done: lookup ran with paris");

    // A second A2A turn continues the same session at once (the first run freed its lease).
    const second = await collect(remote.stream(new Msg("user", "hello again", "user")));
    const secondReply = second[second.length - 1];
    if (secondReply?.type !== "reply") throw new Error("no second reply");
    expect(secondReply.msg.getTextContent()).toContain("Echo: hello again");
    expect(remote.contextId).toBe(contextId);
    const after = await session(origin, contextId, "alice-token");
    expect(texts(after.body.memory)).toHaveLength(memory.length + 2);
    expect(texts(after.body.memory).at(-2)).toContain("hello again");
  });

  it("keeps users apart: another user's token cannot continue the context", async () => {
    const origin = await start(makeBackend());
    const alice = remoteAgent(origin, "alice-token");
    const aliceReply = (await collect(alice.stream(new Msg("user", "secret plan", "user")))).at(
      -1,
    ) as AgentEvent;
    const contextId = alice.contextId as string;
    const before = texts((await session(origin, contextId, "alice-token")).body.memory);
    expect(before[0]).toContain("secret plan");

    // Bob sends a message in alice's context: it lands in his own session of that id.
    const bob = remoteAgent(origin, "bob-token");
    bob.contextId = contextId;
    const events = await collect(bob.stream(new Msg("user", "what was the plan?", "user")));
    const reply = events[events.length - 1];
    if (reply?.type !== "reply") throw new Error("no reply");
    expect(reply.msg.getTextContent()).not.toContain("secret");
    expect(texts((await session(origin, contextId, "alice-token")).body.memory)).toEqual(before);
    const bobs = texts((await session(origin, contextId, "bob-token")).body.memory);
    expect(bobs.join("\n")).not.toContain("secret plan");
    expect(bobs[0]).toContain("what was the plan?");

    // Nor can bob read alice's task: the SDK's task store is scoped by the bound user.
    const getTask = async (token: string) => {
      const res = await fetch(`${origin}/a2a/assistant`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "a2a-version": "1.0",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "GetTask",
          params: { id: aliceTask },
        }),
      });
      return (await res.json()) as { result?: { id: string }; error?: { message: string } };
    };
    const aliceTask = lastTaskId(aliceReply);
    expect((await getTask("alice-token")).result?.id).toBe(aliceTask);
    expect((await getTask("bob-token")).error?.message).toMatch(/not found/i);
  });
});

function lastTaskId(reply: AgentEvent): string {
  return reply.type === "reply" ? (reply.msg.metadata.a2a_task as { id: string }).id : "";
}

describe("A2A endpoints: card, auth, options", () => {
  it("serves the card at the well-known path with the agent's tools as skills", async () => {
    const origin = await start(new InMemoryBackend());
    const res = await fetch(`${origin}/a2a/assistant/.well-known/agent-card.json`, {
      headers: V1,
    });
    expect(res.status).toBe(200);
    const card = (await res.json()) as {
      name: string;
      skills: { id: string }[];
      supportedInterfaces: { url: string; protocolBinding: string }[];
      capabilities: { streaming: boolean };
    };
    expect(card.name).toBe("assistant");
    expect(card.skills.map((s) => s.id)).toEqual(["lookup", "send_email", "delete_file"]);
    expect(card.supportedInterfaces[0]).toMatchObject({
      url: `${origin}/a2a/assistant`,
      protocolBinding: "JSONRPC",
    });
    expect(card.capabilities.streaming).toBe(true);
    const unknown = await fetch(`${origin}/a2a/nobody/.well-known/agent-card.json`);
    expect(unknown.status).toBe(404);
  });

  it("refuses a JSON-RPC call without a valid token, and a token-less A2AAgent", async () => {
    const origin = await start(new InMemoryBackend());
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: {
        message: { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] },
      },
    });
    for (const headers of [{}, { authorization: "Bearer wrong" }] as Record<string, string>[]) {
      const res = await fetch(`${origin}/a2a/assistant`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
    // An A2AAgent with a wrong token gets the refusal as a readable message.
    const anonymous = remoteAgent(origin, "wrong");
    const events = await collect(anonymous.stream(new Msg("user", "hi", "user")));
    const reply = events[events.length - 1];
    if (reply?.type !== "reply") throw new Error("no reply");
    expect(reply.msg.metadata.a2a_error).toMatchObject({
      message: expect.stringContaining("Missing or invalid bearer token"),
    });
    // Nothing ran: no session was made for anyone.
    expect((await session(origin, "x", "alice-token")).status).toBe(404);
  });

  it("can hide the card behind the token, move the base path, or turn A2A off", async () => {
    let origin = await start(new InMemoryBackend(), {
      a2a: { basePath: "/agents/", publicCard: false, publicUrl: "https://agents.example.com/" },
    });
    const cardPath = "/agents/assistant/.well-known/agent-card.json";
    expect((await fetch(`${origin}${cardPath}`)).status).toBe(401);
    const card = await fetch(`${origin}${cardPath}`, {
      headers: { authorization: "Bearer bob-token", ...V1 },
    });
    expect(card.status).toBe(200);
    expect(await card.json()).toMatchObject({
      supportedInterfaces: [
        { url: "https://agents.example.com/agents/assistant", protocolVersion: "1.0" },
        { url: "https://agents.example.com/agents/assistant", protocolVersion: "0.3" },
      ],
    });
    await server?.close();
    origin = await start(new InMemoryBackend(), { a2a: false });
    expect((await fetch(`${origin}/a2a/assistant/.well-known/agent-card.json`)).status).toBe(404);
  });

  it("cancels the session's run when the A2A client is interrupted", async () => {
    server = createAgentServer({
      agents: demoAgents(20),
      tokens: TOKENS,
      recoveryIntervalMs: 0,
    });
    const origin = `http://127.0.0.1:${await server.listen()}`;
    const remote = remoteAgent(origin, "alice-token");
    let chunkSeen: () => void = () => {};
    const firstChunk = new Promise<void>((resolve) => {
      chunkSeen = resolve;
    });
    const running = (async () => {
      for await (const e of remote.stream(new Msg("user", "a slow answer please", "user"))) {
        if (e.type === "model_chunk") chunkSeen();
        if (e.type === "reply") return e.msg;
      }
      return null;
    })();
    await firstChunk;
    await remote.interrupt();
    const reply = await running;
    expect(reply?.metadata._is_interrupted).toBe(true);
    // The run ended interrupted on the server, and the session is free for the next message.
    await vi.waitFor(async () => {
      const seen = await session(origin, remote.contextId as string, "alice-token");
      expect(seen.body.status).toBe("idle");
      expect(JSON.stringify(seen.body.memory)).toContain("_is_interrupted");
    });
    const next = await collect(remote.stream(new Msg("user", "again", "user")));
    expect(next.at(-1)?.type === "reply" && next.at(-1)).toBeTruthy();
  });

  it("ends the task input-required when the run parks for an approval", async () => {
    const origin = await start(new InMemoryBackend(), {
      permissions: [{ tool: "send_email", action: "ask" }],
    });
    const remote = remoteAgent(origin, "alice-token");
    const events = await collect(remote.stream(new Msg("user", "call send_email carol", "user")));
    const reply = events[events.length - 1];
    if (reply?.type !== "reply") throw new Error("no reply");
    expect(reply.msg.metadata.a2a_task).toMatchObject({ state: "input-required" });
    expect(reply.msg.getTextContent()).toContain("waits for approval of 'send_email'");
    const seen = await session(origin, remote.contextId as string, "alice-token");
    expect(seen.body).toMatchObject({ status: "parked" });
  });
});

describe("A2A card at the origin's well-known path", () => {
  it("serves the only agent's card at /.well-known/agent-card.json, in the asker's version", async () => {
    const origin = await start(new InMemoryBackend());
    const v1 = (await (
      await fetch(`${origin}/.well-known/agent-card.json`, { headers: V1 })
    ).json()) as { name: string; supportedInterfaces: { url: string }[] };
    expect(v1.name).toBe("assistant");
    expect(v1.supportedInterfaces[0]?.url).toBe(`${origin}/a2a/assistant`);
    // Without the header (a v0.3 client), the v0.3 form pointing at the same endpoint.
    const v03 = (await (await fetch(`${origin}/.well-known/agent-card.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(v03).toMatchObject({
      name: "assistant",
      url: `${origin}/a2a/assistant`,
      protocolVersion: "0.3",
      securitySchemes: { bearer: { type: "http", scheme: "Bearer" } },
      security: [{ bearer: [] }],
    });
    // An A2AAgent pointed at the bare origin finds the agent there.
    const remote = new A2AAgent({
      agentCard: new WellKnownAgentCardResolver({ baseUrl: origin }),
      credentials: { bearer: "alice-token" },
      timeout: 30_000,
    });
    remote.setConsoleOutputEnabled(false);
    const reply = await remote.call(new Msg("user", "Please call lookup lima", "user"));
    expect(reply.getTextContent()).toMatch(/^Done: lookup ran with lima\./);
  });

  it("serves the default agent's card when several are hosted, none without one", async () => {
    const agents = { ...demoAgents(0), other: demoAgents(0).assistant as AgentFactory };
    let origin = await start(new InMemoryBackend(), { agents });
    expect((await fetch(`${origin}/.well-known/agent-card.json`)).status).toBe(404);
    await server?.close();
    origin = await start(new InMemoryBackend(), { agents, a2a: { defaultAgent: "other" } });
    const card = (await (
      await fetch(`${origin}/.well-known/agent-card.json`, { headers: V1 })
    ).json()) as { supportedInterfaces: { url: string }[] };
    expect(card.supportedInterfaces[0]?.url).toBe(`${origin}/a2a/other`);
    expect(() =>
      createAgentServer({ agents, tokens: TOKENS, a2a: { defaultAgent: "nobody" } }),
    ).toThrow(/a2a.defaultAgent.*no agent named 'nobody'/);
  });
});

describe("A2A tasks across a restart of a single node", () => {
  it("keeps tasks in a SqliteA2ATaskStore beside SQLite checkpoints", async () => {
    const dir = await mkdtemp(join(tmpdir(), "a2a-restart-"));
    const db = join(dir, "server.db");
    const stores: SqliteA2ATaskStore[] = [];
    const boot = () => {
      const taskStore = new SqliteA2ATaskStore({ path: db });
      stores.push(taskStore);
      return start(new InMemoryBackend({ checkpoints: new SqliteCheckpointStore({ path: db }) }), {
        a2a: { taskStore },
      });
    };
    let origin = await boot();
    const remote = remoteAgent(origin, "alice-token");
    const reply = await remote.call(new Msg("user", "Please call lookup bern", "user"));
    const taskId = lastTaskId({ type: "reply", msg: reply } as AgentEvent);
    await server?.close();
    await stores[0]?.close();
    origin = await boot();
    const res = await fetch(`${origin}/a2a/assistant`, {
      method: "POST",
      headers: { authorization: "Bearer alice-token", "content-type": "application/json", ...V1 },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: taskId } }),
    });
    const got = (await res.json()) as {
      result?: { status: { state: string }; history: unknown[] };
    };
    expect(got.result?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(JSON.stringify(got.result?.history)).toContain("Done: lookup ran with bern");
    await server?.close();
    server = null;
    await stores[1]?.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe("A2A agent card security", () => {
  const cardOf = async (origin: string) =>
    (await (
      await fetch(`${origin}/a2a/assistant/.well-known/agent-card.json`, { headers: V1 })
    ).json()) as {
      description: string;
      securitySchemes?: Record<string, unknown>;
      securityRequirements?: { schemes: Record<string, unknown> }[];
    };

  it("declares the bearer scheme the server checks, and the requirement that uses it", async () => {
    const origin = await start(new InMemoryBackend());
    const card = await cardOf(origin);
    // The A2A 1.0 JSON form (proto JSON): the scheme's kind is the key.
    expect(card.securitySchemes).toEqual({
      bearer: {
        httpAuthSecurityScheme: {
          scheme: "Bearer",
          description: expect.stringContaining("Authorization: Bearer"),
        },
      },
    });
    expect(card.securityRequirements).toEqual([{ schemes: { bearer: {} } }]);
    expect(card.description).toContain("bearer token required");
  });

  it("declares nothing when the server serves anonymously", async () => {
    server = createAgentServer({
      agents: demoAgents(0),
      allowAnonymous: true,
      recoveryIntervalMs: 0,
    });
    const origin = `http://127.0.0.1:${await server.listen()}`;
    const card = await cardOf(origin);
    expect(card.securitySchemes ?? {}).toEqual({});
    expect(card.securityRequirements ?? []).toEqual([]);
    expect(card.description).not.toContain("token");
    // An A2AAgent without credentials calls it: the open card asks for none.
    const remote = new A2AAgent({
      agentCard: new WellKnownAgentCardResolver({ baseUrl: `${origin}/a2a/assistant` }),
      timeout: 30_000,
    });
    remote.setConsoleOutputEnabled(false);
    const reply = await remote.call(new Msg("user", "Please call lookup rome", "user"));
    expect(reply.metadata.a2a_task).toMatchObject({ state: "completed" });
  });

  it("takes extra or replacing schemes and requirements from the a2a options", async () => {
    const origin = await start(new InMemoryBackend(), {
      a2a: {
        securitySchemes: {
          bearer: httpBearerScheme({ bearerFormat: "JWT" }),
          apiKey: {
            scheme: {
              $case: "apiKeySecurityScheme",
              value: { description: "", location: "header", name: "x-api-key" },
            },
          },
        },
        securityRequirements: [securityRequirement("bearer")],
      },
    });
    const card = await cardOf(origin);
    expect(card.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: "Bearer", bearerFormat: "JWT" } },
      apiKey: { apiKeySecurityScheme: { location: "header", name: "x-api-key" } },
    });
    expect(card.securityRequirements).toEqual([{ schemes: { bearer: {} } }]);
  });

  it("an A2AAgent sends its credential for the card's scheme; without one it fails typed, before any call", async () => {
    // Counts the requests that reached the server's auth (the public card does not).
    const checked: string[] = [];
    const tokens = bearerTokens(TOKENS);
    const origin = await start(new InMemoryBackend(), {
      tokens: undefined,
      authenticate: (request) => {
        checked.push(`${request.method} ${new URL(request.url).pathname}`);
        return tokens(request);
      },
    });
    const agent = (credentials?: Record<string, string>) => {
      const remote = new A2AAgent({
        agentCard: new WellKnownAgentCardResolver({ baseUrl: `${origin}/a2a/assistant` }),
        ...(credentials ? { credentials } : {}),
        timeout: 30_000,
      });
      remote.setConsoleOutputEnabled(false);
      return remote;
    };

    const error = await agent()
      .call(new Msg("user", "Please call lookup oslo", "user"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(A2AAuthenticationError);
    expect((error as A2AAuthenticationError).schemes).toEqual(["bearer"]);
    expect((error as Error).message).toMatch(/'bearer' \(HTTP Bearer\).*credentials: \{ bearer:/);
    // The client refused before calling: the server's auth saw nothing, so no 401 either.
    expect(checked).toEqual([]);

    const remote = agent({ bearer: "alice-token" });
    const reply = await remote.call(new Msg("user", "Please call lookup oslo", "user"));
    expect(reply.getTextContent()).toMatch(/^Done: lookup ran with oslo\./);
    expect(checked).toContain("POST /a2a/assistant");
    // The call ran as alice: her session is the A2A context.
    const seen = await session(origin, remote.contextId as string, "alice-token");
    expect(seen.status).toBe(200);

    // A credential the server does not know reaches it and gets its 401, as a readable reply.
    const wrong = await agent({ bearer: "wrong" }).call(new Msg("user", "hi", "user"));
    expect(wrong.metadata.a2a_error).toMatchObject({
      message: expect.stringContaining("Missing or invalid bearer token"),
    });
  });
});
