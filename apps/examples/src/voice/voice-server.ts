import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { RealtimeAgent, Toolkit, tool } from "@agentscope-ts/core";
import { OpenAIRealtimeModel } from "@agentscope-ts/openai";
import { type AgentServer, createAgentServer } from "@agentscope-ts/server";
import type { TestServer } from "@agentscope-ts/test-server";
import { z } from "zod";
import { startOfflineRealtime } from "./offline-openai-realtime.ts";

const page = readFileSync(new URL("./voice-page.html", import.meta.url), "utf8");

/** Options of {@link startVoiceServer}. */
export interface VoiceServerOptions {
  /** Answer from a replayed OpenAI Realtime session on 127.0.0.1 instead of the real API. */
  offline?: boolean;
  /** The port to listen on. Default: a free one. */
  port?: number;
  /** The bearer token the page sends (in the URL's `#token=`). Default a random one. */
  token?: string;
}

/** The voice example, running. */
export interface VoiceServer {
  /** The agent server. */
  server: AgentServer;
  /** The page to open (the token is in the hash, never sent in a request line). */
  pageUrl: string;
  /** The replayed Realtime API when offline. */
  replay: TestServer | undefined;
  /** Stops everything. */
  close(): Promise<void>;
}

/**
 * Serves a voice page at `/` and the `friday` voice agent (OpenAI Realtime, one `get_weather`
 * tool) at `/v1/realtime/friday`, authenticated by a bearer token.
 */
export async function startVoiceServer(options: VoiceServerOptions = {}): Promise<VoiceServer> {
  const replay = options.offline ? await startOfflineRealtime() : undefined;
  const token = options.token ?? crypto.randomUUID();
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "get_weather",
      description: "Get the weather of a city.",
      parameters: z.object({ city: z.string().describe("The city name") }),
      execute: ({ city }) => `Sunny, 24°C in ${city}`,
    }),
  );
  const model = () => {
    if (!replay) return new OpenAIRealtimeModel();
    const port = Number(new URL(replay.url).port);
    return new OpenAIRealtimeModel({
      apiKey: "offline",
      baseURL: `${replay.url}/v1`,
      // The SDK only opens `wss:` URLs; offline, its socket goes to the plain local replay.
      webSocketOptions: { createConnection: () => connect(port, "127.0.0.1") },
    });
  };
  const server = createAgentServer({
    agents: {},
    a2a: false,
    tokens: { [token]: "you" },
    realtime: {
      agents: {
        friday: () =>
          new RealtimeAgent({
            name: "Friday",
            sysPrompt: "You are Friday, a friendly voice assistant. Use your tools.",
            model: model(),
            toolkit,
          }),
      },
    },
    routes: (app) => {
      app.get("/", (c) => c.html(page));
    },
  });
  const port = await server.listen(options.port ?? 0);
  return {
    server,
    pageUrl: `http://127.0.0.1:${port}/#token=${token}`,
    replay,
    async close() {
      await server.close();
      await replay?.close();
    },
  };
}
