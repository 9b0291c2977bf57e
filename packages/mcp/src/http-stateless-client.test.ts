import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ToolResponse } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callWatchingFetch } from "./__fixtures__/call-watch.js";
import {
  type EverythingServer,
  startEverything,
  stopAllEverything,
} from "./__fixtures__/servers.js";
import { HttpStatelessClient } from "./http-stateless-client.js";

afterAll(async () => {
  await stopAllEverything();
});

const texts = (r: ToolResponse) =>
  r.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`));
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe("HttpStatelessClient (server-everything over Streamable HTTP)", () => {
  let server: EverythingServer;
  beforeAll(async () => {
    server = await startEverything("streamableHttp");
  }, 90_000);

  it("opens and ends one session per request", async () => {
    const client = new HttpStatelessClient({
      name: "stateless",
      transport: "streamable_http",
      url: server.url,
    });
    expect(client.stateful).toBe(false);
    const before = count(server.output(), /Session initialized with ID/g);
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("echo");

    const echo = await client.getCallableFunction("echo");
    expect(texts(await echo.execute({ message: "one" }))).toEqual(["Echo: one"]);
    expect(texts(await echo.execute({ message: "two" }))).toEqual(["Echo: two"]);

    // listTools + two calls: three sessions, each ended with a DELETE.
    const out = server.output();
    expect(count(out, /Session initialized with ID/g) - before).toBe(3);
    expect(count(out, /Received session termination request/g)).toBeGreaterThanOrEqual(3);
  });

  it("works over SSE too", async () => {
    const sse = await startEverything("sse");
    const client = new HttpStatelessClient({ name: "sse", transport: "sse", url: sse.url });
    const image = await (await client.getCallableFunction("get-tiny-image")).execute({});
    expect(image.content.map((b) => b.type)).toEqual(["text", "image", "text"]);
  }, 90_000);

  it("gives an error result when the server is gone", async () => {
    const own = await startEverything("streamableHttp");
    const client = new HttpStatelessClient({
      name: "gone",
      transport: "streamable_http",
      url: own.url,
    });
    const echo = await client.getCallableFunction("echo");
    await own.kill();
    const res = await echo.execute({ message: "x" });
    expect(res.metadata?.is_error).toBe(true);
    expect(texts(res)[0]).toMatch(
      /^Error occurred when calling MCP tool 'echo': Cannot connect to the MCP server 'gone'/,
    );
  }, 90_000);

  it("reports a server killed mid-call as an error result", async () => {
    const own = await startEverything("streamableHttp");
    const watch = callWatchingFetch();
    const client = new HttpStatelessClient({
      name: "dying",
      transport: "streamable_http",
      url: own.url,
      clientKwargs: { fetch: watch.fetch },
    });
    const longOp = await client.getCallableFunction("trigger-long-running-operation");
    const reached = watch.nextCallReached();
    const pending = longOp.execute({ duration: 60, steps: 3 });
    // Killed once the server has the request: mid-call.
    await reached;
    await own.kill();
    const res = await pending;
    // "Disconnected", not the operation's result nor a request timeout.
    expect(texts(res)[0]).toMatch(/The MCP server 'dying' disconnected during the call/);
  }, 90_000);
});

describe("HTTP timeouts", () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    // Accepts requests and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("gives up on a server that never answers after `timeout`", async () => {
    const client = new HttpStatelessClient({
      name: "silent",
      transport: "streamable_http",
      url,
      timeout: 300,
    });
    // The error names the 300 ms limit: that limit, not a later one, ended the wait.
    await expect(client.listTools()).rejects.toThrow(
      /Cannot connect to the MCP server 'silent'.*within 300 ms \(the client's timeout\)/,
    );
  });
});
