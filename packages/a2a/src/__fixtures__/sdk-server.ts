/**
 * Test helper: an A2A server written only with `@a2a-js/sdk`'s own server classes (its Express
 * adapters, `DefaultRequestHandler`, a plain `AgentExecutor` — none of our code), on 127.0.0.1.
 * What the executor does depends on the first text part it receives:
 * - "stream …": streams the words back as artifact chunks, then completes;
 * - "files": answers with an image (raw bytes) and an audio URL file part;
 * - "weather": asks for the city (`input-required`); the follow-up on the same task completes;
 * - "fail": ends `failed` with a status message; "throw": the executor throws;
 * - "drop": publishes `working`, then the server drops every connection;
 * - "hang": publishes `working`, waits a second, then completes.
 * Every received user message is recorded.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { A2A_PROTOCOL_VERSION, type AgentCard, type Message, type Part, Role, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import express from "express";

/** A running SDK-only A2A server. */
export interface SdkServer {
  /** The base URL (the card is at `/.well-known/agent-card.json`, JSON-RPC at `/a2a/jsonrpc`). */
  url: string;
  card: AgentCard;
  /** The user messages received, in order, with the task they belonged to. */
  received: { message: Message; taskId: string; contextId: string; followUp: boolean }[];
  /** The task ids whose cancellation was requested. */
  canceled: string[];
  /** The `A2A-Version` header of every JSON-RPC request ("" when absent: v0.3). */
  versions: string[];
  close(): Promise<void>;
}

const text = (value: string): Part => ({
  content: { $case: "text", value },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

const agentMsg = (ctx: RequestContext, parts: Part[]): Message => ({
  messageId: crypto.randomUUID(),
  contextId: ctx.contextId,
  taskId: ctx.taskId,
  role: Role.ROLE_AGENT,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

/** A 1×1 transparent PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Starts the SDK-only server on a free loopback port. */
export async function startSdkServer(): Promise<SdkServer> {
  let httpServer: Server | undefined;
  const received: SdkServer["received"] = [];
  const canceled: string[] = [];
  const versions: string[] = [];

  class PlainExecutor implements AgentExecutor {
    async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
      const message = ctx.userMessage;
      received.push({ message, taskId: ctx.taskId, contextId: ctx.contextId, followUp: !!ctx.task });
      const first = message.parts.find((p) => p.content?.$case === "text");
      const said = first?.content?.$case === "text" ? first.content.value : "";
      const status = (state: TaskState, parts?: Part[]) =>
        bus.publish(
          AgentEvent.statusUpdate({
            taskId: ctx.taskId,
            contextId: ctx.contextId,
            status: { state, message: parts ? agentMsg(ctx, parts) : undefined, timestamp: new Date().toISOString() },
            metadata: undefined,
          }),
        );
      bus.publish(
        AgentEvent.task(
          ctx.task ?? {
            id: ctx.taskId,
            contextId: ctx.contextId,
            status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined },
            artifacts: [],
            history: [message],
            metadata: undefined,
          },
        ),
      );
      if (ctx.task) {
        // The follow-up of the weather task: the user's answer names the city.
        status(TaskState.TASK_STATE_COMPLETED, [text(`Sunny in ${said}.`)]);
        return;
      }
      status(TaskState.TASK_STATE_WORKING);
      if (said.startsWith("stream")) {
        const words = said.split(" ").slice(1);
        for (const [i, word] of words.entries()) {
          bus.publish(
            AgentEvent.artifactUpdate({
              taskId: ctx.taskId,
              contextId: ctx.contextId,
              artifact: {
                artifactId: "answer",
                name: "answer",
                description: "",
                parts: [text(i === 0 ? word : ` ${word}`)],
                metadata: { source: "sdk" },
                extensions: [],
              },
              append: i > 0,
              lastChunk: i === words.length - 1,
              metadata: undefined,
            }),
          );
          await new Promise((r) => setTimeout(r, 5));
        }
        status(TaskState.TASK_STATE_COMPLETED);
      } else if (said === "files") {
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId: ctx.taskId,
            contextId: ctx.contextId,
            artifact: {
              artifactId: "files",
              name: "files",
              description: "",
              parts: [
                { content: { $case: "raw", value: PNG_BYTES }, metadata: undefined, filename: "dot.png", mediaType: "image/png" },
                { content: { $case: "url", value: "https://example.com/a/song.mp3" }, metadata: undefined, filename: "", mediaType: "" },
                { content: { $case: "data", value: { rows: 2 } }, metadata: undefined, filename: "", mediaType: "application/json" },
              ],
              metadata: undefined,
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        );
        status(TaskState.TASK_STATE_COMPLETED);
      } else if (said === "weather") {
        status(TaskState.TASK_STATE_INPUT_REQUIRED, [text("Which city?")]);
      } else if (said === "fail") {
        status(TaskState.TASK_STATE_FAILED, [text("Upstream quota exhausted.")]);
      } else if (said === "throw") {
        throw new Error("executor exploded");
      } else if (said === "drop") {
        await new Promise((r) => setTimeout(r, 20));
        httpServer?.closeAllConnections();
      } else if (said === "hang") {
        await new Promise((r) => setTimeout(r, 1000));
        status(TaskState.TASK_STATE_COMPLETED, [text("late")]);
      } else {
        status(TaskState.TASK_STATE_COMPLETED, [text(`You said: ${said}`)]);
      }
    }

    async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
      canceled.push(taskId);
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId: "",
          status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: undefined },
          metadata: undefined,
        }),
      );
    }
  }

  const card: AgentCard = {
    name: "SdkAgent",
    description: "An agent written with the A2A SDK only.",
    supportedInterfaces: [],
    provider: undefined,
    version: "1.0.0",
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [],
    signatures: [],
  };
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new PlainExecutor());
  const app = express();
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: requestHandler }));
  app.use("/a2a/jsonrpc", (req, _res, next) => {
    versions.push(req.header("A2A-Version") ?? "");
    next();
  });
  app.use(
    "/a2a/jsonrpc",
    jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }),
  );
  httpServer = createServer(app);
  await new Promise<void>((resolve) => httpServer?.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  card.supportedInterfaces.push({
    url: `${url}/a2a/jsonrpc`,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion: A2A_PROTOCOL_VERSION,
  });
  // The same endpoint also answers v0.3 clients (the SDK's compat layer), as a2a-sdk 0.3 servers
  // such as AgentScope Python 1.0.x do.
  card.supportedInterfaces.push({
    url: `${url}/a2a/jsonrpc`,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion: "0.3",
  });
  const server = httpServer;
  return {
    url,
    card,
    received,
    canceled,
    versions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
