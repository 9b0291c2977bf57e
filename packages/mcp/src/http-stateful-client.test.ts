import type { ToolResponse } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callWatchingFetch } from "./__fixtures__/call-watch.js";
import {
  type EverythingServer,
  type ProbeServer,
  startEverything,
  startProbeServer,
  stopAllEverything,
  waitFor,
} from "./__fixtures__/servers.js";
import { HttpStatefulClient } from "./http-stateful-client.js";

const clients: HttpStatefulClient[] = [];
afterAll(async () => {
  for (const client of clients) await client[Symbol.asyncDispose]().catch(() => {});
  await stopAllEverything();
});

const texts = (r: ToolResponse) =>
  r.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`));

describe.each([
  ["streamable_http", "streamableHttp"],
  ["sse", "sse"],
] as const)("HttpStatefulClient over %s (server-everything)", (transport, mode) => {
  let server: EverythingServer;
  const client = (name: string, url = server.url) => {
    const c = new HttpStatefulClient({ name, transport, url });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startEverything(mode);
  }, 90_000);

  it("lists tools and calls them with text, image, embedded resource and error results", async () => {
    await using c = client("everything");
    await c.connect();
    expect(c.isConnected).toBe(true);
    const names = (await c.listTools()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-tiny-image", "get-sum"]));

    const sum = await c.getCallableFunction("get-sum");
    expect(texts(await sum.execute({ a: 40, b: 2 }))).toEqual(["The sum of 40 and 2 is 42."]);

    const image = await (await c.getCallableFunction("get-tiny-image")).execute({});
    expect(image.content[1]).toMatchObject({
      type: "image",
      source: { type: "base64", media_type: "image/png" },
    });

    const ref = await (await c.getCallableFunction("get-resource-reference")).execute({
      resourceType: "Text",
      resourceId: 2,
    });
    expect(ref.content).toHaveLength(3);
    const embedded = JSON.parse(texts(ref)[1] ?? "") as Record<string, string>;
    expect(embedded.uri).toBe("demo://resource/dynamic/text/2");
    expect(embedded.mimeType).toBe("text/plain");
    expect(embedded.text).toMatch(/^Resource 2: This is a plaintext resource/);

    const structured = await (await c.getCallableFunction("get-structured-content")).execute({
      location: "Chicago",
    });
    expect(structured.metadata?.structured_content).toEqual({
      temperature: 36,
      conditions: "Light rain / drizzle",
      humidity: 82,
    });
    // The server already sent the JSON as text: it is not repeated.
    expect(structured.content).toHaveLength(1);

    // The tool throws on the server: an isError result.
    const failed = await (await c.getCallableFunction("gzip-file-as-resource")).execute({
      name: "x.gz",
      data: "ftp://example.invalid/file",
      outputType: "resource",
    });
    expect(failed.metadata?.is_error).toBe(true);
    expect(texts(failed).join("\n")).toMatch(/Unsupported URL protocol/);

    // A binary embedded resource (a gzip blob) is described, not dumped.
    const gz = await (await c.getCallableFunction("gzip-file-as-resource")).execute({
      name: "hello.gz",
      data: "data:text/plain;base64,aGVsbG8gd29ybGQ=",
      outputType: "resource",
    });
    const blob = JSON.parse(texts(gz)[0] ?? "") as Record<string, string>;
    expect(blob.mimeType).toBe("application/gzip");
    expect(blob.blob).toMatch(/^<\d+ bytes of binary data, not shown>$/);

    const links = await (await c.getCallableFunction("get-resource-links")).execute({ count: 2 });
    expect(links.content).toHaveLength(3);
    expect(JSON.parse(texts(links)[1] ?? "")).toMatchObject({
      type: "resource_link",
      name: "Blob Resource 1",
    });
  });

  it("reports a server killed mid-call as an error result, disconnects, and reconnects", async () => {
    const own = await startEverything(mode);
    const watch = callWatchingFetch();
    const c = new HttpStatefulClient({
      name: "dying",
      transport,
      url: own.url,
      clientKwargs: { fetch: watch.fetch },
    });
    clients.push(c);
    await c.connect();
    const longOp = await c.getCallableFunction("trigger-long-running-operation");
    const echo = await c.getCallableFunction("echo");

    const reached = watch.nextCallReached();
    const pending = longOp.execute({ duration: 60, steps: 3 });
    // Killed once the server has the request: mid-call.
    await reached;
    await own.kill();
    const res = await pending;
    expect(res.metadata?.is_error).toBe(true);
    expect(texts(res)[0]).toMatch(
      /Error occurred when calling MCP tool 'trigger-long-running-operation': The MCP server 'dying' disconnected during the call/,
    );
    // The message says "disconnected": neither the 60 s operation finished nor a request timeout
    // ended the call.
    expect(c.isConnected).toBe(false);

    const offline = await echo.execute({ message: "x" });
    expect(texts(offline)[0]).toMatch(/not connected/);
    await expect(c.connect()).rejects.toThrow(/Cannot connect to the MCP server 'dying'/);
    expect(c.isConnected).toBe(false);

    // The server comes back on the same port: connect() again, and the same tools work.
    await startEverything(mode, { port: own.port });
    await c.connect();
    expect(c.isConnected).toBe(true);
    expect(texts(await echo.execute({ message: "back" }))).toEqual(["Echo: back"]);
    await c.close();
  }, 90_000);

  it("notices a server that dies while idle", async () => {
    const own = await startEverything(mode);
    const c = client("idle", own.url);
    await c.connect();
    await own.kill();
    await waitFor(() => !c.isConnected, "the client to notice the dead server", 40_000);
    expect(c.lostReason).toBeDefined();
    await c.close(); // after a loss, close() only forgets it
  }, 90_000);
});

describe("HttpStatefulClient reconnect and headers (in-process SDK server)", () => {
  let probe: ProbeServer;
  beforeAll(async () => {
    probe = await startProbeServer();
  });
  afterAll(async () => {
    await probe.close();
  });

  it("sends the configured headers with every request", async () => {
    await using c = new HttpStatefulClient({
      name: "probe",
      transport: "streamable_http",
      url: probe.url,
      headers: { Authorization: "Bearer secret-token", "X-Agent": "friday" },
    });
    await c.connect();
    const whoami = await c.getCallableFunction("whoami");
    expect((await whoami.execute({})).content).toEqual([
      { type: "text", text: "authorization=Bearer secret-token; x-agent=friday" },
    ]);
    expect(probe.headers.length).toBeGreaterThan(2);
    for (const h of probe.headers) expect(h.authorization).toBe("Bearer secret-token");
  });

  it("cancels the MCP request on the server when the signal aborts", async () => {
    await using c = new HttpStatefulClient({
      name: "probe",
      transport: "streamable_http",
      url: probe.url,
    });
    await c.connect();
    const wait = await c.getCallableFunction("wait_for_abort");
    const controller = new AbortController();
    const pending = wait.execute({ label: "one" }, { signal: controller.signal });
    await waitFor(() => probe.started.includes("one"), "the call to start");
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => probe.cancelled.includes("one"), "the server to see the cancellation");
  });

  it("closes and connects again, ending the session on the server", async () => {
    const c = new HttpStatefulClient({
      name: "probe",
      transport: "streamable_http",
      url: probe.url,
    });
    clients.push(c);
    await c.connect();
    const whoami = await c.getCallableFunction("whoami");
    await c.close();
    expect(probe.methods).toContain("DELETE");
    await c.connect();
    expect(texts(await whoami.execute({}))[0]).toMatch(/^authorization=undefined/);
    await c.close();
  });

  it("checks its options", () => {
    expect(
      () => new HttpStatefulClient({ name: "x", transport: "websocket" as "sse", url: probe.url }),
    ).toThrow(/transport: expected "streamable_http" or "sse", received "websocket"/);
    expect(() => new HttpStatefulClient({ name: "x", transport: "sse", url: "not a url" })).toThrow(
      /url: "not a url" is not a URL/,
    );
    expect(
      () => new HttpStatefulClient({ name: "x", transport: "sse", url: probe.url, timeout: -1 }),
    ).toThrow(/timeout: expected a positive number of milliseconds/);
    expect(() => new HttpStatefulClient({ name: "", transport: "sse", url: probe.url })).toThrow(
      /name: expected a non-empty string/,
    );
  });
});
