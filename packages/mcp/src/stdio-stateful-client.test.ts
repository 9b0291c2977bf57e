import type { ToolResponse } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { CallWatchingStdIOClient } from "./__fixtures__/call-watch.js";
import { EVERYTHING_ENTRY, isAlive, waitFor } from "./__fixtures__/servers.js";
import { StdIOStatefulClient } from "./stdio-stateful-client.js";

const clients: StdIOStatefulClient[] = [];

/** A stdio client of server-everything; closed (and its process killed) in afterAll. */
function everything(name = "everything", env?: Record<string, string>): CallWatchingStdIOClient {
  const client = new CallWatchingStdIOClient({
    name,
    command: process.execPath,
    args: [EVERYTHING_ENTRY, "stdio"],
    stderr: "ignore",
    ...(env ? { env } : {}),
  });
  clients.push(client);
  return client;
}

afterAll(async () => {
  for (const client of clients) {
    const pid = client.pid;
    await client[Symbol.asyncDispose]().catch(() => {});
    if (pid !== null && isAlive(pid)) process.kill(pid, "SIGKILL");
  }
});

const texts = (r: ToolResponse) =>
  r.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`));

describe("StdIOStatefulClient (server-everything over stdio)", () => {
  it("connects, lists tools and calls them with text, image and error results", async () => {
    const client = everything();
    expect(client.isConnected).toBe(false);
    await client.connect();
    expect(client.isConnected).toBe(true);
    expect(client.pid).toBeGreaterThan(0);

    const tools = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "echo",
        "get-sum",
        "get-tiny-image",
        "trigger-long-running-operation",
      ]),
    );

    const echo = await client.getCallableFunction("echo");
    expect(echo.name).toBe("echo");
    expect(echo.mcpName).toBe("everything");
    expect(echo.description).toBe("Echoes back the input string");
    expect(echo.parameters).toMatchObject({
      type: "object",
      properties: { message: { type: "string", description: "Message to echo" } },
      required: ["message"],
    });
    const echoed = await echo.execute({ message: "hello" });
    expect(texts(echoed)).toEqual(["Echo: hello"]);
    expect(echoed.isLast).toBe(true);

    const image = await (await client.getCallableFunction("get-tiny-image")).execute({});
    expect(image.content.map((b) => b.type)).toEqual(["text", "image", "text"]);
    const img = image.content[1];
    expect(img?.type === "image" && img.source.type === "base64" && img.source.media_type).toBe(
      "image/png",
    );
    if (img?.type === "image" && img.source.type === "base64") {
      // A real PNG: the base64 decodes to the PNG signature.
      expect(Buffer.from(img.source.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    }

    // The server answers a call with missing arguments with an isError result.
    const bad = await echo.execute({});
    expect(bad.metadata?.is_error).toBe(true);
    expect(texts(bad)[0]).toBe("Error: the MCP tool 'echo' reported an error:");
    expect(texts(bad)[1]).toMatch(/Input validation error/);

    // Unwrapped, the raw CallToolResult comes back.
    const raw = await client.getCallableFunction("get-sum", { wrapToolResult: false });
    const result = await raw.execute({ a: 2, b: 3 });
    expect(result.content).toEqual([{ type: "text", text: "The sum of 2 and 3 is 5." }]);

    await client.close();
    expect(client.isConnected).toBe(false);
  });

  it("rejects unknown tool names, double connects and closing twice with clear errors", async () => {
    const client = everything();
    await expect(client.listTools()).rejects.toThrow(/not connected.*connect\(\)/);
    await client.connect();
    await expect(client.connect()).rejects.toThrow(/already connected/);
    await expect(client.getCallableFunction("no-such-tool")).rejects.toThrow(
      /Tool 'no-such-tool' not found in the MCP server 'everything'\. It has: echo/,
    );
    await client.close();
    await expect(client.close()).rejects.toThrow(/not connected/);
  });

  it("passes env to the server process", async () => {
    const client = everything("env", { AGENTSCOPE_TEST_MARK: "mark-42" });
    await client.connect();
    const res = await (await client.getCallableFunction("get-env")).execute({});
    const env = JSON.parse(texts(res)[0] ?? "{}") as Record<string, string>;
    expect(env.AGENTSCOPE_TEST_MARK).toBe("mark-42");
    expect(env.PATH).toBeDefined();
    await client.close();
  });

  it("closes the server process on `await using`", async () => {
    let pid: number | null = null;
    {
      await using client = everything("scoped");
      await client.connect();
      pid = client.pid;
      expect(pid).not.toBeNull();
      expect(isAlive(pid as number)).toBe(true);
    }
    await waitFor(() => !isAlive(pid as number), "the stdio server to exit");
  });

  it("answers a result over maxMessageBytes with an error result and keeps the session", async () => {
    const client = new StdIOStatefulClient({
      name: "bounded",
      command: process.execPath,
      args: [EVERYTHING_ENTRY, "stdio"],
      stderr: "ignore",
      maxMessageBytes: 64 * 1024,
    });
    clients.push(client);
    expect(new StdIOStatefulClient({ name: "d", command: "x" }).maxMessageBytes).toBe(
      10 * 1024 * 1024,
    );
    await client.connect();
    const pid = client.pid;
    const echo = await client.getCallableFunction("echo");
    const big = await echo.execute({ message: "x".repeat(100_000) });
    expect(big.metadata?.is_error).toBe(true);
    expect(texts(big)[0]).toMatch(
      /^Error occurred when calling MCP tool 'echo': .*The MCP server 'bounded' answered with a message of \d+ bytes, over the client's maxMessageBytes of 65536; it was dropped/,
    );
    // The session and its process stay; the next call works.
    expect(client.isConnected).toBe(true);
    expect(client.pid).toBe(pid);
    expect(texts(await echo.execute({ message: "small" }))).toEqual(["Echo: small"]);
    await client.close();
  });

  it("aborts a call through the signal", async () => {
    const client = everything("abort");
    await client.connect();
    const longOp = await client.getCallableFunction("trigger-long-running-operation");
    const controller = new AbortController();
    const sent = client.nextCallSent();
    const pending = longOp.execute({ duration: 30, steps: 3 }, { signal: controller.signal });
    // Aborted once the request is with the server. It is abandoned, not waited for: the tool
    // runs 30 s, the test's limit is 20 s.
    await sent;
    controller.abort();
    await expect(pending).rejects.toThrow();
    // The session is still usable.
    const echo = await client.getCallableFunction("echo");
    expect(texts(await echo.execute({ message: "after" }))).toEqual(["Echo: after"]);
    await client.close();
  }, 20_000);

  it("turns an execution timeout into an error result", async () => {
    const client = everything("timeout");
    await client.connect();
    const longOp = await client.getCallableFunction("trigger-long-running-operation", {
      executionTimeout: 300,
    });
    const res = await longOp.execute({ duration: 30, steps: 3 });
    expect(res.metadata?.is_error).toBe(true);
    expect(texts(res)[0]).toMatch(
      /^Error occurred when calling MCP tool 'trigger-long-running-operation': .*timed out/i,
    );
    await client.close();
  });

  it("reports a server killed mid-call as an error result, disconnects, and reconnects", async () => {
    const client = everything("dying");
    await client.connect();
    const longOp = await client.getCallableFunction("trigger-long-running-operation");
    const echo = await client.getCallableFunction("echo");
    const pid = client.pid as number;

    const sent = client.nextCallSent();
    const pending = longOp.execute({ duration: 30, steps: 3 });
    // Killed once the request is with the server: mid-call.
    await sent;
    process.kill(pid, "SIGKILL");
    const res = await pending;
    expect(res.metadata?.is_error).toBe(true);
    expect(texts(res)[0]).toMatch(
      /Error occurred when calling MCP tool 'trigger-long-running-operation': The MCP server 'dying' disconnected during the call/,
    );
    expect(client.isConnected).toBe(false);
    expect(client.lostReason?.message).toMatch(/closed/);

    // A call while disconnected is an error result, not a crash.
    const offline = await echo.execute({ message: "x" });
    expect(texts(offline)[0]).toMatch(/not connected.*connect\(\)/);

    // connect() again starts a new server; the same tool functions keep working.
    await client.connect();
    expect(client.isConnected).toBe(true);
    expect(client.pid).not.toBe(pid);
    expect(texts(await echo.execute({ message: "back" }))).toEqual(["Echo: back"]);
    await client.close();
  });
});
