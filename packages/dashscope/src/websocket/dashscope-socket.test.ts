import { createServer, type Socket } from "node:net";
import { InterruptedError, ModelError, Msg } from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { expectSpeech, speechPcm, splitPcm } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { conversationScript, type Turn, ttsFixture } from "../__fixtures__/tts-fixtures.js";
import { DashScopeCosyVoiceTTSModel } from "../tts/dashscope-cosyvoice-tts-model.js";
import { DashScopeSocket } from "./dashscope-socket.js";
import type { WebSocketLike } from "./websocket-factory.js";

const PATH = "/ws";

/** A TCP server that accepts connections and never answers the upgrade (a dead endpoint). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}${PATH}`,
    async [Symbol.asyncDispose]() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("DashScopeSocket", () => {
  it("bounds the wait for the socket to open by connectTimeout, and stops on abort", async () => {
    await using silent = await silentServer();
    const open = (options: { connectTimeout: number | null; signal?: AbortSignal }) =>
      DashScopeSocket.open({ url: silent.url, headers: {}, provider: "dashscope", ...options });
    const late = await rejectionOf(open({ connectTimeout: 200 }), ModelError);
    expect(late).toMatchObject({ retryable: true });
    expect(late.message).toMatch(/did not open within 200 ms \(connectTimeout\)/);

    const controller = new AbortController();
    const pending = open({ connectTimeout: null, signal: controller.signal });
    controller.abort();
    await rejectionOf(pending, InterruptedError);
  });

  it("refuses to hold more unread bytes than maxQueuedBytes", async () => {
    await using server = await createTestServer(
      {},
      {
        websockets: {
          [PATH]: {
            script: [{ type: "sendBinary", data: new Uint8Array(4096) }, { type: "stall" }],
          },
        },
      },
    );
    const socket = await DashScopeSocket.open({
      url: `${server.wsUrl}${PATH}`,
      headers: {},
      provider: "dashscope",
      connectTimeout: null,
      maxQueuedBytes: 1024,
    });
    const error = await rejectionOf(socket.next(undefined, 5_000, "reading"), ModelError);
    expect(error.message).toMatch(/more than 1024 bytes .* were left unread/);
    expect(socket.isOpen).toBe(false);
    expect(await server.connectionsTo(PATH)[0]?.closed).toMatchObject({ by: "client" });
  });

  it("speaks through the platform WebSocket as well as ws (Node's global WebSocket here)", async () => {
    const text = "Hello from the platform socket.";
    const speech = speechPcm(text, "@agentscope-ts/dashscope");
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/api-ws/v1/inference": {
            script: conversationScript(
              ttsFixture<Turn[]>("cosyvoice-one-shot-task"),
              splitPcm(speech.pcm, 3),
            ),
          },
        },
      },
    );
    const Platform = globalThis.WebSocket as unknown as new (
      url: string,
      init: { headers: Record<string, string> },
    ) => WebSocketLike;
    const tts = new DashScopeCosyVoiceTTSModel({
      apiKey: "sk-test",
      baseWebSocketApiUrl: `${server.wsUrl}/api-ws/v1`,
      webSocket: (url, headers) => new Platform(url, { headers }),
    });
    const response = await tts.synthesize(new Msg({ name: "a", content: text, role: "assistant" }));
    expectSpeech([response], speech.pcm, 24_000);
    expect(server.connectionsTo("/api-ws/v1/inference")[0]?.headers.authorization).toBe(
      "Bearer sk-test",
    );
  });
});
