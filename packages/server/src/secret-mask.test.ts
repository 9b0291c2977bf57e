import { readFileSync } from "node:fs";
import { ReActAgent } from "@agentscope-ts/core";
import { OpenAIChatFormatter, OpenAIChatModel } from "@agentscope-ts/openai";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoAgents } from "./__fixtures__/demo-agents.js";
import { readSse, untilRunEnd } from "./__fixtures__/sse-client.js";
import { type AgentServer, createAgentServer } from "./agent-server.js";
import { InMemoryBackend } from "./in-memory-backend.js";
import { SecretMask } from "./secret-mask.js";

// The key of the model below: not `sk-…`, so no pattern catches it; only its value can.
const MODEL_KEY = "gw-live-4f1c2a9e8b7d6c5e";
// OpenAI's `invalid_api_key` error body (the shape of the recorded error bodies in
// ../shared/fixtures/wire/openai-chat/), echoing the key whole as OpenAI-compatible gateways do.
const ECHOING_401 = JSON.parse(
  readFileSync(new URL("./__fixtures__/openai-invalid-key-echoed.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

describe("SecretMask", () => {
  it("masks every known secret by value, longest first, in texts and JSON (keys too)", () => {
    const mask = new SecretMask(["token-abcdefgh", "token-abcdefgh-longer", "short", 42]);
    expect(mask.size).toBe(2);
    expect(mask.values("a token-abcdefgh-longer and token-abcdefgh.")).toBe("a *** and ***.");
    const value = { list: ["x token-abcdefgh"], token_abcdefgh: 1, "token-abcdefgh": { n: 1 } };
    const masked = mask.json(value);
    expect(masked).toEqual({ list: ["x ***"], token_abcdefgh: 1, "***": { n: 1 } });
    expect(value.list[0]).toBe("x token-abcdefgh"); // the input is left as it was
    const untouched = { a: ["b"] };
    expect(mask.json(untouched)).toBe(untouched);
    // Texts for error bodies and logs also lose anything credential-like.
    expect(mask.text("Bearer abc.def token-abcdefgh")).toBe("Bearer *** ***");
  });

  it("reads the keys an agent's model holds (on the model or its SDK client)", () => {
    const mask = new SecretMask();
    mask.addFromAgent({
      model: { apiKey: "model-key-123456", client: { apiKey: "client-key-1234" } },
    });
    mask.addFromAgent({ model: null });
    expect(mask.values("model-key-123456 client-key-1234")).toBe("*** ***");
  });
});

describe("createAgentServer masks secrets", () => {
  let provider: TestServer;
  let server: AgentServer | null = null;
  beforeAll(async () => {
    provider = await createTestServer({
      "/v1/chat/completions": { response: { type: "error", status: 401, body: ECHOING_401 } },
    });
  });
  afterAll(async () => {
    await provider?.close();
  });
  afterEach(async () => {
    await server?.close({ interrupt: true });
    server = null;
  });

  it("a provider error echoing the model's key reaches no client, log or stored event", async () => {
    const lines: string[] = [];
    const backend = new InMemoryBackend();
    server = createAgentServer({
      agents: {
        assistant: () =>
          new ReActAgent({
            name: "assistant",
            sysPrompt: "You are a test assistant.",
            model: new OpenAIChatModel({
              modelName: "gpt-4.1-mini",
              apiKey: MODEL_KEY,
              baseURL: `${provider.url}/v1`,
              maxRetries: 0,
            }),
            formatter: new OpenAIChatFormatter(),
          }),
      },
      backend,
      tokens: { "alice-token-0001": "alice" },
      recoveryIntervalMs: 0,
      log: (line) => lines.push(line),
    });
    const headers = {
      authorization: "Bearer alice-token-0001",
      "content-type": "application/json",
    };
    const call = (method: string, path: string, body?: unknown) =>
      server?.app.fetch(
        new Request(`http://local${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      ) as Promise<Response>;
    expect((await call("POST", "/v1/sessions/k/messages", { content: "hi" })).status).toBe(202);
    const events = await readSse(await call("GET", "/v1/sessions/k/events"), untilRunEnd);
    const failed = events.at(-1);
    expect(failed?.event).toBe("run_failed");
    // The provider did answer with the key (the request reached it, and the error names it)…
    expect(provider.calls.at(-1)?.headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
    expect(String(failed?.data.message)).toContain("Incorrect API key provided: ***");
    // …and the key is nowhere a client or an operator reads.
    const agUi = await readSse(await call("GET", "/v1/sessions/k/events?protocol=ag-ui"), (e) =>
      /RUN_ERROR|RUN_FINISHED/.test(String(e.data.type)),
    );
    const stored = await backend.readEvents({ userId: "alice", sessionId: "k" }, "0", {
      blockMs: 0,
      count: 100,
    });
    expect(agUi.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes("failed: ModelError"))).toBe(true);
    for (const [where, text] of [
      ["SSE", JSON.stringify(events)],
      ["AG-UI", JSON.stringify(agUi)],
      ["event log", JSON.stringify(stored)],
      ["log", lines.join("\n")],
    ]) {
      expect(`${where}: ${text}`).not.toContain(MODEL_KEY);
    }
  });

  it("masks the bearer tokens and the `secrets` option in events and error bodies", async () => {
    const lines: string[] = [];
    server = createAgentServer({
      agents: demoAgents(),
      tokens: { "alice-token-0001": "alice" },
      secrets: ["internal-secret-9876"],
      recoveryIntervalMs: 0,
      log: (line) => lines.push(line),
    });
    const headers = {
      authorization: "Bearer alice-token-0001",
      "content-type": "application/json",
    };
    const call = (method: string, path: string, body?: unknown) =>
      server?.app.fetch(
        new Request(`http://local${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      ) as Promise<Response>;
    // The demo model echoes the message: the events would carry both values.
    const content = "echo internal-secret-9876 and alice-token-0001";
    expect((await call("POST", "/v1/sessions/t/messages", { content })).status).toBe(202);
    const events = await readSse(await call("GET", "/v1/sessions/t/events"), untilRunEnd);
    const text = JSON.stringify(events);
    expect(text).toContain("Echo: echo *** and ***");
    expect(text).not.toContain("internal-secret-9876");
    expect(text).not.toContain("alice-token-0001");
    // An error body quoting the request is masked too.
    const unknown = await call("POST", "/v1/sessions/t2/messages", {
      content: "x",
      agent: "internal-secret-9876",
    });
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(await unknown.json())).toContain("No agent named '***'");
  });
});
