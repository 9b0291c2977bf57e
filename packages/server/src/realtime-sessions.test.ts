import { RealtimeAgent, type ServerEvent } from "@agentscope-ts/core";
import { ScriptedRealtimeModel } from "@agentscope-ts/core/testing";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createAgentServer } from "./agent-server.js";
import { REALTIME_SUBPROTOCOL } from "./realtime-sessions.js";

async function voiceServer(maxSessions?: number) {
  const models: ScriptedRealtimeModel[] = [];
  const server = createAgentServer({
    agents: {},
    tokens: { "tok-ada": "ada" },
    log: () => {},
    realtime: {
      maxSessions,
      agents: {
        friday: () => {
          const model = new ScriptedRealtimeModel();
          models.push(model);
          return new RealtimeAgent({ name: "Friday", sysPrompt: "Be brief.", model });
        },
      },
    },
  });
  const port = await server.listen();
  return { server, models, url: `ws://127.0.0.1:${port}/v1/realtime` };
}

/** Opens a socket; resolves with it and its received events, or rejects with the HTTP status. */
function open(url: string, protocols: string[], headers: Record<string, string> = {}) {
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  const ws = new WebSocket(url, protocols, { headers });
  ws.on("message", (data) => {
    events.push(JSON.parse(String(data)) as ServerEvent);
    for (const w of waiters.splice(0)) w();
  });
  const waitFor = async (type: string): Promise<ServerEvent> => {
    for (let i = 0; i < 1000; i++) {
      const found = events.find((e) => e.type === type);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    throw new Error(`no ${type}`);
  };
  return new Promise<{ ws: WebSocket; events: ServerEvent[]; waitFor: typeof waitFor }>(
    (resolve, reject) => {
      ws.on("open", () => resolve({ ws, events, waitFor }));
      ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on("error", reject);
    },
  );
}

describe("realtime sessions over WebSockets", () => {
  it("authenticates like the HTTP routes and relays client and agent events both ways", async () => {
    const { server, models, url } = await voiceServer();
    try {
      await expect(open(`${url}/friday`, [REALTIME_SUBPROTOCOL])).rejects.toThrow("HTTP 401");
      await expect(open(`${url}/friday`, [REALTIME_SUBPROTOCOL, "bearer.wrong"])).rejects.toThrow(
        "HTTP 401",
      );
      await expect(
        open(`${url}/nobody`, [REALTIME_SUBPROTOCOL], { authorization: "Bearer tok-ada" }),
      ).rejects.toThrow("HTTP 404");

      const client = await open(`${url}/friday`, [REALTIME_SUBPROTOCOL, "bearer.tok-ada"]);
      expect(client.ws.protocol).toBe(REALTIME_SUBPROTOCOL);
      const created = await client.waitFor("server_session_created");
      await client.waitFor("agent_ready");
      const model = models[0] as ScriptedRealtimeModel;

      client.ws.send(
        JSON.stringify({
          type: "client_audio_append",
          audio: "AAAAAA==",
          format: { type: "audio/pcm", rate: 16000 },
        }),
      );
      client.ws.send(JSON.stringify({ type: "client_audio_append", audio: 42 }));
      const error = await client.waitFor("agent_error");
      expect(error).toMatchObject({ error_type: "ValidationError" });
      expect((error as { message: string }).message).toContain("audio: expected string");
      expect(model.calls.filter((c) => c.kind === "send")).toHaveLength(1);

      model.push(
        { type: "model_response_created", response_id: "r1" },
        {
          type: "model_response_audio_transcript_delta",
          response_id: "r1",
          item_id: "i",
          delta: "Hi",
        },
      );
      const delta = await client.waitFor("agent_response_audio_transcript_delta");
      expect(delta).toMatchObject({ delta: "Hi", agent_name: "Friday" });

      const closed = new Promise<number>((resolve) =>
        client.ws.on("close", (code) => resolve(code)),
      );
      client.ws.send(JSON.stringify({ type: "client_session_end" }));
      expect(await closed).toBe(1000);
      expect(client.events.at(-1)).toEqual({
        type: "server_session_ended",
        session_id: (created as { session_id: string }).session_id,
      });
      expect(client.events.map((e) => e.type)).toContain("agent_ended");
      expect(model.state).toBe("closed");
    } finally {
      await server.close();
    }
  });

  it("refuses sessions past maxSessions and ends the agent when the browser leaves", async () => {
    const { server, models, url } = await voiceServer(1);
    try {
      const auth = { authorization: "Bearer tok-ada" };
      const first = await open(`${url}/friday`, [REALTIME_SUBPROTOCOL], auth);
      await first.waitFor("agent_ready");
      await expect(open(`${url}/friday`, [REALTIME_SUBPROTOCOL], auth)).rejects.toThrow("HTTP 503");
      first.ws.terminate();
      await expect.poll(() => models[0]?.state).toBe("closed");
      const again = await open(`${url}/friday`, [REALTIME_SUBPROTOCOL], auth);
      await again.waitFor("agent_ready");
      again.ws.close();
    } finally {
      await server.close();
    }
    expect(models.every((m) => m.state === "closed")).toBe(true);
  });
});
