import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ReActAgent } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deferred,
  rpc,
  rpcStream,
  rpcStreamEach,
  V1_HEADERS,
  V03_HEADERS,
  v1Message,
  v1Request,
  v03Message,
  v03Request,
} from "./__fixtures__/wire-requests.js";
import { createA2ANodeListener } from "./a2a-mount.js";
import { buildAgentCard } from "./agent-card-builder.js";
import { AgentScopeExecutor } from "./agentscope-executor.js";

// Our A2A endpoint on the raw JSON-RPC wire, with requests written from the specs (see the
// fixture): v1.0 (with `A2A-Version: 1.0`) and v0.3 (no header, as a2a-sdk 0.3 sends them).
const ANSWER = "The whole answer, streamed in many small pieces.";
const servers: Server[] = [];
let url: string;
let slowUrl: string;

/** Serves a ReActAgent whose scripted model streams `text` in 4-character chunks. */
async function serveAgent(text: string, chunkDelayMs: number): Promise<string> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const makeAgent = () => {
    const agent = new ReActAgent({
      name: "Wire",
      sysPrompt: "",
      // Small chunks, each published on its own (streamInterval 0): many fragments per answer.
      model: new ScriptedChatModel({ chunkSize: 4, chunkDelayMs, script: [scriptedText(text)] }),
      formatter: new PlainFormatter(),
    });
    agent.setConsoleOutputEnabled(false);
    return agent;
  };
  server.on(
    "request",
    createA2ANodeListener({
      agentCard: buildAgentCard(makeAgent(), { url: at }),
      executor: new AgentScopeExecutor({ agentFactory: makeAgent, streamInterval: 0 }),
    }),
  );
  return at;
}

beforeAll(async () => {
  url = await serveAgent(ANSWER, 0);
  slowUrl = await serveAgent("slow ".repeat(400), 20);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

type Json = Record<string, unknown>;
const agentTexts = (history: Json[], roleKey: "ROLE_AGENT" | "agent") =>
  history
    .filter((m) => m.role === roleKey)
    .map((m) => (m.parts as Json[]).map((p) => p.text ?? "").join(""));

describe("A2A 1.0 on the wire", () => {
  it("streams the answer in fragments, and the task history keeps the whole answer", async () => {
    const events = await rpcStream(
      url,
      v1Request("SendStreamingMessage", { message: v1Message("hi") }),
      V1_HEADERS,
    );
    const fragments = events.flatMap((e) => {
      const message = (e.result?.statusUpdate as Json | undefined)?.status as Json | undefined;
      const parts = ((message?.message as Json | undefined)?.parts ?? []) as Json[];
      return parts.map((p) => String(p.text ?? ""));
    });
    expect(fragments.filter((f) => f.length > 0).length).toBeGreaterThan(3);
    expect(fragments.join("")).toBe(ANSWER);
    const taskId = (events[0]?.result?.task as Json | undefined)?.id as string;
    const got = await rpc(url, v1Request("GetTask", { id: taskId }), V1_HEADERS);
    const history = got.result?.history as Json[];
    expect(history[0]).toMatchObject({ role: "ROLE_USER", parts: [{ text: "hi" }] });
    // One entry for the streamed message, holding all of it (not its first fragment).
    expect(agentTexts(history, "ROLE_AGENT")).toEqual([ANSWER]);
    expect(got.result?.status).toMatchObject({ state: "TASK_STATE_COMPLETED" });
  });

  it("answers SendMessage with the completed task", async () => {
    const sent = await rpc(url, v1Request("SendMessage", { message: v1Message("hi") }), V1_HEADERS);
    const task = sent.result?.task as Json;
    expect(task.status).toMatchObject({ state: "TASK_STATE_COMPLETED" });
    expect((task.artifacts as Json[])[0]).toMatchObject({ parts: [{ text: ANSWER }] });
  });
});

describe("A2A v0.3 on the wire (no A2A-Version header)", () => {
  it("serves the card in the v0.3 form without the header, the 1.0 form with it", async () => {
    const legacy = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as Json;
    expect(legacy).toMatchObject({ url, preferredTransport: "JSONRPC", protocolVersion: "0.3" });
    expect(legacy.capabilities).toMatchObject({ streaming: true });
    const v1 = (await (
      await fetch(`${url}/.well-known/agent-card.json`, { headers: { "a2a-version": "1.0" } })
    ).json()) as Json;
    expect(v1.url).toBeUndefined();
    expect(v1.supportedInterfaces).toEqual([
      { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    ]);
  });

  it("message/send returns the completed task in v0.3 shapes; tasks/get finds it", async () => {
    const sent = await rpc(
      url,
      v03Request("message/send", { message: v03Message("hello") }),
      V03_HEADERS,
    );
    expect(sent.error).toBeUndefined();
    const task = sent.result as Json;
    expect(task).toMatchObject({ kind: "task", status: { state: "completed" } });
    expect((task.artifacts as Json[])[0]).toMatchObject({
      parts: [{ kind: "text", text: ANSWER }],
    });
    const got = await rpc(
      url,
      v03Request("tasks/get", { id: task.id, historyLength: 10 }),
      V03_HEADERS,
    );
    expect(got.result).toMatchObject({ kind: "task", id: task.id, contextId: task.contextId });
    const history = got.result?.history as Json[];
    expect(history[0]).toMatchObject({ kind: "message", role: "user" });
    expect(agentTexts(history, "agent")).toEqual([ANSWER]);
  });

  it("message/stream streams status and artifact updates, ending final", async () => {
    const events = await rpcStream(
      url,
      v03Request("message/stream", { message: v03Message("stream it") }),
      V03_HEADERS,
    );
    const kinds = events.map((e) => e.result?.kind);
    expect(kinds[0]).toBe("task");
    expect(kinds).toContain("status-update");
    expect(kinds).toContain("artifact-update");
    const last = events.at(-1)?.result as Json;
    expect(last).toMatchObject({
      kind: "status-update",
      final: true,
      status: { state: "completed" },
    });
    const text = events
      .filter((e) => e.result?.kind === "status-update")
      .flatMap(
        (e) =>
          (((e.result?.status as Json | undefined)?.message as Json | undefined)?.parts ??
            []) as Json[],
      )
      .map((p) => p.text)
      .join("");
    expect(text).toBe(ANSWER);
  });

  it("tasks/cancel of a finished task and tasks/resubscribe to it fail with the v0.3 codes", async () => {
    const sent = await rpc(
      url,
      v03Request("message/send", { message: v03Message("x") }),
      V03_HEADERS,
    );
    const id = (sent.result as Json).id;
    const cancel = await rpc(url, v03Request("tasks/cancel", { id }), V03_HEADERS);
    expect(cancel.error?.code).toBe(-32002); // TaskNotCancelableError
    const resub = await rpcStream(url, v03Request("tasks/resubscribe", { id }), V03_HEADERS);
    expect(resub).toHaveLength(1);
    expect(resub[0]?.error?.code).toBe(-32004); // UnsupportedOperationError (terminal task)
    const unknown = await rpc(url, v03Request("tasks/get", { id: "no-such-task" }), V03_HEADERS);
    expect(unknown.error?.code).toBe(-32001); // TaskNotFoundError
  });

  it("tasks/resubscribe follows a running task and tasks/cancel ends it canceled", async () => {
    let taskId = "";
    const started = deferred();
    const first: string[] = [];
    const streaming = rpcStreamEach(
      slowUrl,
      v03Request("message/stream", { message: v03Message("go slowly") }),
      V03_HEADERS,
      (e) => {
        if (e.result?.kind === "task") taskId = String(e.result.id);
        if (e.result?.kind === "status-update") {
          first.push(String((e.result.status as Json).state));
          started.resolve();
        }
      },
    );
    await started.promise;
    const followed: Json[] = [];
    const gotUpdate = deferred();
    const resubscribed = rpcStreamEach(
      slowUrl,
      v03Request("tasks/resubscribe", { id: taskId }),
      V03_HEADERS,
      (e) => {
        followed.push(e.result as Json);
        if (e.result?.kind === "status-update") gotUpdate.resolve();
      },
    );
    await gotUpdate.promise;
    const canceled = await rpc(slowUrl, v03Request("tasks/cancel", { id: taskId }), V03_HEADERS);
    expect(canceled.result).toMatchObject({
      kind: "task",
      id: taskId,
      status: { state: "canceled" },
    });
    await Promise.all([streaming, resubscribed]);
    expect(first.at(-1)).toBe("canceled");
    expect(followed[0]).toMatchObject({ kind: "task", id: taskId });
    expect(followed.at(-1)).toMatchObject({
      kind: "status-update",
      final: true,
      status: { state: "canceled" },
    });
  });
});
