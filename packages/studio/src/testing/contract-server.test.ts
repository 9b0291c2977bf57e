import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StudioContractServer, startStudioContractServer } from "./contract-server.js";

let studio: StudioContractServer;
beforeEach(async () => {
  studio = await startStudioContractServer();
});
afterEach(async () => {
  await studio.close();
});

const post = async (procedure: string, body: unknown) => {
  const response = await fetch(`${studio.url}/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const run = {
  id: "r1",
  project: "p",
  name: "n",
  timestamp: "2026-01-01 00:00:00.000",
  pid: 1,
  status: "running",
};
const msg = {
  id: "m1",
  name: "a",
  role: "assistant",
  content: "hi",
  metadata: null,
  timestamp: "t",
};

describe("the Studio contract server", () => {
  it("checks inputs with Studio's router schemas and answers as tRPC does", async () => {
    expect(await post("registerRun", { ...run, status: "finished" })).toMatchObject({
      status: 400,
      body: {
        error: {
          code: -32600,
          data: { code: "BAD_REQUEST", httpStatus: 400, path: "registerRun" },
        },
      },
    });
    expect((await post("registerRun", run)).status).toBe(200);
    const { timestamp: _t, ...noTimestamp } = msg;
    expect((await post("pushMessage", { runId: "r1", msg: noTimestamp })).status).toBe(400);
    const badBlock = {
      ...msg,
      content: [{ type: "tool_use", id: "c", name: "f", input: "not an object" }],
    };
    expect((await post("pushMessage", { runId: "r1", msg: badBlock })).status).toBe(400);
    expect(
      (await post("pushMessage", { runId: "r1", msg, speech: { type: "text", text: "x" } })).status,
    ).toBe(400);
    expect((await post("noSuchProcedure", {})).status).toBe(404);
    expect(studio.store.messages.size).toBe(0);
  });

  it("keeps what Studio keeps: unknown runs refused, replies created, messages updated in place", async () => {
    expect(await post("pushMessage", { runId: "nope", msg })).toMatchObject({
      status: 400,
      body: { error: { message: "Run with id nope does not exist" } },
    });
    await post("registerRun", run);
    const speech = { type: "audio", source: { type: "url", url: "https://x/a.wav" } };
    await post("pushMessage", { runId: "r1", replyName: "a", replyRole: "assistant", msg, speech });
    await post("pushMessage", { runId: "r1", msg: { ...msg, content: "hi there" } });
    expect(studio.store.messages.get("m1")).toEqual({
      id: "m1",
      runId: "r1",
      replyId: "m1",
      msg: { name: "a", role: "assistant", content: "hi there", metadata: null, timestamp: "t" },
      speech: [speech],
    });
    expect(studio.store.replies.get("m1")).toEqual({
      runId: "r1",
      replyId: "m1",
      replyRole: "assistant",
      replyName: "a",
      createdAt: "t",
    });
  });

  it("receives OTLP/HTTP JSON at /v1/traces and refuses other encodings", async () => {
    const span = { traceId: "t", spanId: "s", name: "invoke_agent A", kind: 1, attributes: [] };
    const json = await fetch(`${studio.url}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }),
    });
    expect(json.status).toBe(200);
    expect(studio.store.spans.map((s) => s.name)).toEqual(["invoke_agent A"]);
    const proto = await fetch(`${studio.url}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/x-protobuf" },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(proto.status).toBe(415);
  });
});
