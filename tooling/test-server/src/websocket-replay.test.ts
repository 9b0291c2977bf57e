import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestServer } from "./create-test-server.js";
import { containsSubset } from "./websocket-script.js";

/** A client that records what it receives, in order (text as JSON when it parses, binary as bytes). */
function connect(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const received: unknown[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data, isBinary) => {
    const bytes = data as Buffer;
    received.push(isBinary ? new Uint8Array(bytes) : JSON.parse(bytes.toString("utf8")));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  /** Resolves once `count` messages arrived. */
  const messages = async (count: number) => {
    while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    return received.slice(0, count);
  };
  return { ws, received, closed, opened, messages };
}

describe("WebSocket replay", () => {
  it("waits for the client frame, then replays text and binary frames in order; records the client", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/api-ws/v1/inference": {
            script: [
              { type: "expect", match: { header: { action: "run-task" } } },
              {
                type: "send",
                from: (ctx) => ({
                  header: {
                    event: "task-started",
                    task_id: (ctx.matched as { json: { header: { task_id: string } } }).json.header
                      .task_id,
                  },
                }),
              },
              { type: "expect", match: { header: { action: "continue-task" } } },
              { type: "sendBinary", data: new Uint8Array([1, 2, 3]) },
              { type: "send", data: { header: { event: "task-finished" } } },
              { type: "close", code: 1000 },
            ],
          },
        },
      },
    );
    expect(server.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const client = connect(`${server.wsUrl}/api-ws/v1/inference?model=m`, {
      authorization: "Bearer k",
    });
    await client.opened;
    client.ws.send(JSON.stringify({ header: { action: "run-task", task_id: "t1" } }));
    const [started] = await client.messages(1);
    expect(started).toEqual({ header: { event: "task-started", task_id: "t1" } });
    // nothing more is sent until the client's continue-task arrives
    expect(client.received).toHaveLength(1);
    client.ws.send(
      JSON.stringify({ header: { action: "continue-task" }, payload: { input: { text: "Hi" } } }),
    );
    const all = await client.messages(3);
    expect(all[1]).toEqual(new Uint8Array([1, 2, 3]));
    expect(all[2]).toEqual({ header: { event: "task-finished" } });
    expect(await client.closed).toEqual({ code: 1000, reason: "" });

    const [record] = server.connectionsTo("/api-ws/v1/inference");
    expect(record?.headers.authorization).toBe("Bearer k");
    expect(record?.searchParams.get("model")).toBe("m");
    expect(record?.messages).toEqual([
      { header: { action: "run-task", task_id: "t1" } },
      { header: { action: "continue-task" }, payload: { input: { text: "Hi" } } },
    ]);
    expect(await record?.closed).toMatchObject({ by: "server", code: 1000 });
    expect(record?.errors).toEqual([]);
  });

  it("works with the platform WebSocket, gives the n-th connection the n-th script and refuses extras", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "*": {
            scripts: [
              [
                { type: "send", data: { n: 1 } },
                { type: "close", code: 1000 },
              ],
              [
                { type: "send", data: { n: 2 } },
                { type: "close", code: 4000, reason: "bye" },
              ],
            ],
          },
        },
      },
    );
    const first = async () =>
      new Promise<{ data: unknown; code: number }>((resolve) => {
        const ws = new globalThis.WebSocket(`${server.wsUrl}/any`);
        let data: unknown;
        ws.onmessage = (event) => {
          data = JSON.parse(String(event.data));
        };
        ws.onclose = (event) => resolve({ data, code: event.code });
      });
    expect(await first()).toEqual({ data: { n: 1 }, code: 1000 });
    expect(await first()).toEqual({ data: { n: 2 }, code: 4000 });
    expect(await first()).toEqual({ data: undefined, code: 1011 });
    expect(server.connections[2]?.errors[0]).toMatch(/2 scripted connection\(s\); this is #3/);
  });

  it("cuts a connection mid-stream, sends error frames, and stalls until the client gives up", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/cut": { script: [{ type: "send", data: { audio: "AAA=" } }, { type: "terminate" }] },
          "/error": {
            script: [
              {
                type: "send",
                data: { type: "error", error: { code: "InvalidParameter", message: "bad voice" } },
              },
              { type: "close", code: 1011, reason: "error" },
            ],
          },
          "/stall": {
            script: [{ type: "send", data: { type: "session.created" } }, { type: "stall" }],
          },
        },
      },
    );
    const cut = connect(`${server.wsUrl}/cut`);
    expect(await cut.messages(1)).toEqual([{ audio: "AAA=" }]);
    expect((await cut.closed).code).toBe(1006);

    const error = connect(`${server.wsUrl}/error`);
    expect(await error.messages(1)).toEqual([
      { type: "error", error: { code: "InvalidParameter", message: "bad voice" } },
    ]);
    expect(await error.closed).toEqual({ code: 1011, reason: "error" });

    const stall = connect(`${server.wsUrl}/stall`);
    await stall.messages(1);
    stall.ws.send(JSON.stringify({ type: "input_text_buffer.append" }));
    await new Promise<void>((resolve) => {
      const check = () =>
        server.connectionsTo("/stall")[0]?.frames.length ? resolve() : setImmediate(check);
      check();
    });
    expect(stall.received).toHaveLength(1);
    stall.ws.close(1000);
    expect(await server.connectionsTo("/stall")[0]?.closed).toMatchObject({
      by: "client",
      code: 1000,
    });
  });

  it("fails an expect that never comes: 1011 and a recorded error; rejects upgrades with a status", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/wait": {
            script: [
              { type: "expect", match: { type: "commit" }, timeoutMs: 30 },
              { type: "send", data: {} },
            ],
          },
          "/auth": { script: [], rejectStatus: 401 },
        },
      },
    );
    const waiting = connect(`${server.wsUrl}/wait`);
    await waiting.opened;
    waiting.ws.send(JSON.stringify({ type: "append" }));
    expect((await waiting.closed).code).toBe(1011);
    expect(server.connectionsTo("/wait")[0]?.errors).toEqual([
      `expected a client frame matching {"type":"commit"}, timed out`,
    ]);
    expect(waiting.received).toEqual([]);

    const refused = connect(`${server.wsUrl}/auth`);
    await expect(refused.opened).rejects.toThrow(/401/);
    const missing = connect(`${server.wsUrl}/nowhere`);
    await expect(missing.opened).rejects.toThrow(/404/);
  });

  it("closing the server ends open connections", async () => {
    const server = await createTestServer(
      {},
      { websockets: { "/s": { script: [{ type: "stall" }] } } },
    );
    const client = connect(`${server.wsUrl}/s`);
    await client.opened;
    await server.close();
    expect((await client.closed).code).toBe(1006);
  });
});

describe("containsSubset", () => {
  it("matches objects by their keys, arrays and scalars exactly", () => {
    expect(containsSubset({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
    expect(containsSubset({ a: [1, 2] }, { a: [1] })).toBe(false);
    expect(containsSubset({ a: "x" }, { a: "y" })).toBe(false);
    expect(containsSubset(null, {})).toBe(false);
  });
});
