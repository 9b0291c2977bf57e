import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AgentBase,
  type AgentEvent,
  Msg,
  MsgHub,
  ReActAgent,
  Toolkit,
  tool,
} from "@agentscope-ts/core";
import {
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
  scriptedToolCall,
} from "@agentscope-ts/core/testing";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PNG_BYTES } from "./__fixtures__/sdk-server.js";
import { A2AAgent } from "./a2a-agent.js";
import { A2AConnectionError } from "./a2a-connection-error.js";
import { createA2ANodeListener, mountA2A } from "./a2a-mount.js";
import { buildAgentCard } from "./agent-card-builder.js";
import { WellKnownAgentCardResolver } from "./agent-card-resolver.js";
import { AgentScopeExecutor } from "./agentscope-executor.js";

// Our serving side end to end: a ReActAgent behind AgentScopeExecutor, mounted on a Hono app (or
// a plain Node server), called by an A2AAgent over loopback.
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

interface Served {
  app: Hono;
  baseUrl: string;
  server: Server;
  models: ScriptedChatModel[];
  agents: ReActAgent[];
}

/** Serves ReActAgents (one per A2A context, each with its own scripted model) on Hono. */
async function serveOnHono(
  script: (server: () => Server) => ConstructorParameters<typeof ScriptedChatModel>[0],
): Promise<Served> {
  const models: ScriptedChatModel[] = [];
  const agents: ReActAgent[] = [];
  let server: Server | undefined;
  const makeAgent = () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(
      tool({
        name: "get_weather",
        description: "Get the weather of a city.",
        parameters: z.object({ city: z.string() }),
        execute: ({ city }) => `Sunny, 24°C in ${city}`,
      }),
    );
    const model = new ScriptedChatModel(script(() => server as Server));
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "You are a weather assistant.",
      model,
      formatter: new PlainFormatter(),
      toolkit,
    });
    agent.setConsoleOutputEnabled(false);
    models.push(model);
    agents.push(agent);
    return agent;
  };
  const app = new Hono();
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    ) as Server;
  });
  const baseUrl = `http://127.0.0.1:${port}/a2a/friday`;
  mountA2A(app, "/a2a/friday", {
    agentCard: buildAgentCard(makeAgent(), {
      url: baseUrl,
      description: "Answers weather questions.",
    }),
    executor: new AgentScopeExecutor({
      agentFactory: () => makeAgent(),
      // This app's policy: a reply that ends in a question waits for the user.
      isInputRequired: (reply) => (reply.getTextContent() ?? "").trim().endsWith("?"),
    }),
  });
  models.length = 0;
  agents.length = 0;
  servers.push(server as Server);
  return { app, baseUrl, server: server as Server, models, agents };
}

const client = (baseUrl: string) => {
  const agent = new A2AAgent({ agentCard: new WellKnownAgentCardResolver({ baseUrl }) });
  agent.setConsoleOutputEnabled(false);
  return agent;
};

describe("AgentScopeExecutor serving a ReActAgent over A2A", () => {
  it("streams a tool-using ReAct run to an A2AAgent in a MsgHub, with a file part and an input-required turn", async () => {
    const served = await serveOnHono(() => ({
      chunkSize: 6,
      script: [
        scriptedText("Which city do you mean?"),
        scriptedToolCall("get_weather", { city: "Paris" }, { callId: "w1" }),
        scriptedText("It is sunny, 24°C in Paris."),
      ],
    }));
    const remote = client(served.baseUrl);
    const local = new ReActAgent({
      name: "Planner",
      sysPrompt: "You plan trips.",
      model: new ScriptedChatModel({ script: [scriptedText("Let us check the weather first.")] }),
      formatter: new PlainFormatter(),
    });
    local.setConsoleOutputEnabled(false);

    await using _hub = await new MsgHub({ participants: [local, remote] }).enter();
    await local.call(new Msg("user", "Plan a day out.", "user"));

    // Turn 1: text plus an image; the remote agent asks back.
    const photo = {
      type: "image" as const,
      source: {
        type: "base64" as const,
        media_type: "image/png",
        data: PNG_BYTES.toString("base64"),
      },
    };
    const first: AgentEvent[] = [];
    for await (const e of remote.stream(
      new Msg("user", [{ type: "text", text: "What's the weather here?" }, photo], "user"),
    )) {
      first.push(e);
    }
    const firstReply = first[first.length - 1];
    expect(firstReply?.type).toBe("reply");
    if (firstReply?.type !== "reply") return;
    expect(firstReply.msg.getTextContent()).toBe("Which city do you mean?");
    expect(firstReply.msg.metadata.a2a_task).toMatchObject({ state: "input-required" });
    const deltas = first.flatMap((e) => (e.type === "model_chunk" ? [e.delta.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Which city do you mean?");

    // The remote ReActAgent's model received the observed hub message, the text and the image.
    const seen = JSON.stringify(served.models[0]?.calls[0]?.messages);
    expect(seen).toContain("Let us check the weather first.");
    expect(seen).toContain(PNG_BYTES.toString("base64"));
    expect(served.agents).toHaveLength(1);

    // Turn 2 continues the same task and context: a tool call, its result, the answer.
    const taskId = (firstReply.msg.metadata.a2a_task as { id: string }).id;
    const second: AgentEvent[] = [];
    for await (const e of remote.stream(new Msg("user", "Paris", "user"))) second.push(e);
    const toolCall = second.find((e) => e.type === "tool_call");
    expect(toolCall?.type === "tool_call" && toolCall.toolUse).toMatchObject({
      id: "w1",
      name: "get_weather",
      input: { city: "Paris" },
    });
    const toolResult = second.find((e) => e.type === "tool_result_chunk");
    expect(
      JSON.stringify(toolResult?.type === "tool_result_chunk" && toolResult.toolResult.output),
    ).toContain("Sunny, 24°C in Paris");
    const secondReply = second[second.length - 1];
    if (secondReply?.type !== "reply") throw new Error("no reply");
    expect(secondReply.msg.getTextContent()).toBe("It is sunny, 24°C in Paris.");
    expect(secondReply.msg.metadata.a2a_task).toMatchObject({ id: taskId, state: "completed" });
    // One context → one served agent, which remembers both turns.
    expect(served.agents).toHaveLength(1);
    const memory = await served.agents[0]?.memory.getMemory();
    expect(memory?.map((m) => m.getTextContent())).toEqual(
      expect.arrayContaining(["Which city do you mean?", "Paris", "It is sunny, 24°C in Paris."]),
    );
    // The hub broadcast the remote's answer to the local agent.
    const localMemory = await local.memory.getMemory();
    expect(localMemory.map((m) => m.getTextContent())).toContain("It is sunny, 24°C in Paris.");
  });

  it("gives each A2A context its own agent", async () => {
    const served = await serveOnHono(() => ({ script: [scriptedText("Hello!")] }));
    const a = client(served.baseUrl);
    const b = client(served.baseUrl);
    expect((await a.call(new Msg("user", "hi", "user"))).getTextContent()).toBe("Hello!");
    expect((await b.call(new Msg("user", "hi", "user"))).getTextContent()).toBe("Hello!");
    expect(served.agents).toHaveLength(2);
    expect(a.contextId).not.toBe(b.contextId);
  });

  it("turns a failing remote model into a readable failed reply", async () => {
    const served = await serveOnHono(() => ({
      maxRetries: 0,
      script: [new Error("model exploded")],
    }));
    const reply = await client(served.baseUrl).call(new Msg("user", "hi", "user"));
    expect(reply.metadata.a2a_task).toMatchObject({ state: "failed" });
    expect(reply.getTextContent()).toContain("model exploded");
  });

  it("throws A2AConnectionError when the service drops the connection mid-reply", async () => {
    let chunkSeen: () => void = () => {};
    const firstChunk = new Promise<void>((resolve) => {
      chunkSeen = resolve;
    });
    const served = await serveOnHono((server) => ({
      script: [
        scriptedToolCall("get_weather", { city: "Oslo" }, { text: "Checking the weather." }),
        // The second reasoning step drops every connection once the client has seen a chunk.
        async () => {
          await firstChunk;
          server().closeAllConnections();
          return scriptedText("Never delivered.");
        },
      ],
    }));
    const remote = client(served.baseUrl);
    const events: AgentEvent[] = [];
    // The stream yields the error event, then throws the run's error.
    const thrown = await (async () => {
      try {
        for await (const e of remote.stream(new Msg("user", "hi", "user"))) {
          events.push(e);
          if (e.type === "model_chunk") chunkSeen();
        }
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(A2AConnectionError);
    expect(events.some((e) => e.type === "model_chunk")).toBe(true);
    const last = events[events.length - 1];
    expect(last?.type).toBe("error");
    expect(last?.type === "error" && last.error).toBe(thrown);
    // The input stays buffered for the retry.
    expect(remote.observedMsgs.map((m) => m.getTextContent())).toEqual(["hi"]);
  });

  it("cancels the served agent's run when the A2A client is interrupted", async () => {
    let chunkSeen: () => void = () => {};
    const firstChunk = new Promise<void>((resolve) => {
      chunkSeen = resolve;
    });
    const served = await serveOnHono(() => ({
      chunkSize: 4,
      chunkDelayMs: 20,
      script: [scriptedText("A long answer that streams slowly, chunk after chunk, for a while.")],
    }));
    const remote = client(served.baseUrl);
    const running = (async () => {
      for await (const e of remote.stream(new Msg("user", "hi", "user"))) {
        if (e.type === "model_chunk") chunkSeen();
        if (e.type === "reply") return e.msg;
      }
      return null;
    })();
    await firstChunk;
    await remote.interrupt();
    const reply = await running;
    expect(reply?.metadata._is_interrupted).toBe(true);
    // The served ReActAgent was interrupted through cancelTask: its reply is its interrupt answer.
    await vi.waitFor(async () => {
      const memory = (await served.agents[0]?.memory.getMemory()) ?? [];
      expect(memory.some((m) => m.metadata._is_interrupted === true)).toBe(true);
    });
  });

  it("ends input-required when the reply says input_required in its metadata (the default)", async () => {
    const served = await serveOnHono(() => ({ script: [] }));
    const url = served.baseUrl.replace("/a2a/friday", "/a2a/asker");
    class Asker extends AgentBase {
      async reply(): Promise<Msg> {
        return new Msg({
          name: "Asker",
          role: "assistant",
          content: "Your name?",
          metadata: { input_required: true },
        });
      }
      async observe(): Promise<void> {}
    }
    mountA2A(served.app, "/a2a/asker", {
      agentCard: buildAgentCard(new Asker(), { url }),
      executor: new AgentScopeExecutor({ agentFactory: () => new Asker() }),
    });
    const reply = await client(url).call(new Msg("user", "hi", "user"));
    expect(reply.getTextContent()).toBe("Your name?");
    expect(reply.metadata.a2a_task).toMatchObject({ state: "input-required" });
  });

  it("serves the card with the toolkit's tools as skills", async () => {
    const served = await serveOnHono(() => ({ script: [] }));
    const card = await new WellKnownAgentCardResolver({ baseUrl: served.baseUrl }).getAgentCard();
    expect(card.name).toBe("Friday");
    expect(card.description).toBe("Answers weather questions.");
    expect(card.skills.map((s) => s.id)).toEqual(["get_weather"]);
    expect(card.supportedInterfaces[0]).toMatchObject({
      url: served.baseUrl,
      protocolBinding: "JSONRPC",
    });
  });
});

describe("AgentScopeExecutor behind the SDK's own Express adapters", () => {
  it("answers through jsonRpcHandler and agentCardHandler", async () => {
    const { DefaultRequestHandler, InMemoryTaskStore } = await import("@a2a-js/sdk/server");
    const { agentCardHandler, jsonRpcHandler, UserBuilder } = await import(
      "@a2a-js/sdk/server/express"
    );
    const { default: express } = await import("express");
    const makeAgent = () => {
      const agent = new ReActAgent({
        name: "Expressive",
        sysPrompt: "Hi.",
        model: new ScriptedChatModel({ script: [scriptedText("Served by Express.")] }),
        formatter: new PlainFormatter(),
      });
      agent.setConsoleOutputEnabled(false);
      return agent;
    };
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const requestHandler = new DefaultRequestHandler(
      buildAgentCard(makeAgent(), { url: `${url}/rpc` }),
      new InMemoryTaskStore(),
      new AgentScopeExecutor({ agentFactory: makeAgent }),
    );
    const app = express();
    app.use(
      "/.well-known/agent-card.json",
      agentCardHandler({ agentCardProvider: requestHandler }),
    );
    app.use("/rpc", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
    server.on("request", app);
    const reply = await client(url).call(new Msg("user", "hello", "user"));
    expect(reply.getTextContent()).toBe("Served by Express.");
    expect(reply.metadata.a2a_task).toMatchObject({ state: "completed" });
  });
});

describe("createA2ANodeListener", () => {
  it("serves an agent on a plain Node http server", async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const model = new ScriptedChatModel({ script: [scriptedText("Plain Node works.")] });
    const makeAgent = () => {
      const agent = new ReActAgent({
        name: "Plain",
        sysPrompt: "Hi.",
        model,
        formatter: new PlainFormatter(),
      });
      agent.setConsoleOutputEnabled(false);
      return agent;
    };
    const listener = createA2ANodeListener({
      agentCard: buildAgentCard(makeAgent(), { url }),
      executor: new AgentScopeExecutor({ agentFactory: makeAgent }),
    });
    server.on("request", listener);
    const reply = await client(url).call(new Msg("user", "hello", "user"));
    expect(reply.getTextContent()).toBe("Plain Node works.");
    expect(reply.name).toBe("Plain");
    // The SDK's task store behind the listener holds the completed task.
    const taskId = (reply.metadata.a2a_task as { id: string }).id;
    const { ServerCallContext } = await import("@a2a-js/sdk/server");
    const task = await listener.handler.requestHandler.getTask(
      { tenant: "", id: taskId },
      new ServerCallContext(),
    );
    expect(task.artifacts[0]?.parts[0]?.content).toEqual({
      $case: "text",
      value: "Plain Node works.",
    });
  });

  it("refuses a body over the size cap and answers GET elsewhere with 404", async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const makeAgent = () =>
      new ReActAgent({
        name: "Cap",
        sysPrompt: "",
        model: new ScriptedChatModel(),
        formatter: new PlainFormatter(),
      });
    server.on(
      "request",
      createA2ANodeListener({
        agentCard: buildAgentCard(makeAgent(), { url }),
        executor: new AgentScopeExecutor({ agentFactory: makeAgent }),
        maxBodyBytes: 100,
      }),
    );
    const big = await fetch(url, {
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: { pad: "x".repeat(200) },
      }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toContain(
      "100 bytes",
    );
    expect((await fetch(`${url}/elsewhere`)).status).toBe(404);
  });
});
