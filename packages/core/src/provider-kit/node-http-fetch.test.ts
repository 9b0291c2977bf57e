import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, globalAgent as httpsAgent } from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nodeHttpFetch } from "./node-http-fetch.js";

/** One request as the server saw it. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  remotePort: number | undefined;
}

type Route = (req: IncomingMessage, res: ServerResponse, seen: Seen) => unknown;

const routes = new Map<string, Route>();
const seen: Seen[] = [];
const closed: string[] = [];

function handler(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const record: Seen = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
      remotePort: req.socket.remotePort,
    };
    seen.push(record);
    res.on("close", () => {
      if (!res.writableFinished) closed.push(record.url);
    });
    const route = routes.get(req.url ?? "");
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    void route(req, res, record);
  });
}

const json = (res: ServerResponse, status: number, value: unknown, headers = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
};

let server: Server;
let base: string;
let tlsServer: Server;
let tlsBase: string;

beforeAll(async () => {
  server = createServer(handler);
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fixture = (name: string) =>
    readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
  tlsServer = createHttpsServer(
    { key: fixture("localhost-key.pem"), cert: fixture("localhost-cert.pem") },
    handler,
  );
  await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
  tlsBase = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  tlsServer.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => tlsServer.close(resolve));
});

afterEach(() => {
  routes.clear();
  seen.length = 0;
  closed.length = 0;
});

// Node's `fetch` sends `sec-fetch-mode: cors` with every request; `node:http` does not: the
// header tells which of the two sent a request.
const sentByFetch = (record: Seen | undefined) => record?.headers["sec-fetch-mode"] === "cors";

describe("nodeHttpFetch", () => {
  it("sends a plain JSON request over node:http and resolves to the platform's Response", async () => {
    routes.set("/v1/chat", (_req, res) =>
      json(
        res,
        201,
        { id: "c1", text: "héllo" },
        { "x-request-id": "r-1", "set-cookie": ["a=1", "b=2"] },
      ),
    );
    const response = await nodeHttpFetch(`${base}/v1/chat`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer k", "content-type": "application/json" }),
      body: JSON.stringify({ model: "m" }),
    });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.statusText).toBe("Created");
    expect(response.ok).toBe(true);
    expect(response.headers.get("x-request-id")).toBe("r-1");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ id: "c1", text: "héllo" });
    const [request] = seen;
    expect(sentByFetch(request)).toBe(false);
    expect(request).toMatchObject({ method: "POST", url: "/v1/chat", body: '{"model":"m"}' });
    expect(request?.headers).toMatchObject({
      authorization: "Bearer k",
      "content-type": "application/json",
      "content-length": "13",
      accept: "*/*",
    });
  });

  it("keeps the connection alive between requests", async () => {
    routes.set("/a", (_req, res) => json(res, 200, { ok: true }));
    for (let i = 0; i < 3; i++) await (await nodeHttpFetch(`${base}/a`)).text();
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.remotePort)).size).toBe(1);
    expect(seen.every((s) => !sentByFetch(s) && s.method === "GET")).toBe(true);
  });

  it("sends byte bodies, and a string body without a type as text/plain (as fetch does)", async () => {
    routes.set("/echo", (_req, res, record) => json(res, 200, { got: record.body }));
    const bytes = new TextEncoder().encode("bytes ✓");
    await nodeHttpFetch(`${base}/echo`, { method: "POST", body: bytes });
    await nodeHttpFetch(new URL(`${base}/echo`), { method: "put", body: bytes.slice().buffer });
    await nodeHttpFetch(`${base}/echo`, { method: "POST", body: "plain" });
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ["POST", "bytes ✓"],
      ["PUT", "bytes ✓"],
      ["POST", "plain"],
    ]);
    expect(seen[2]?.headers["content-type"]).toBe("text/plain;charset=UTF-8");
  });

  it("streams a body that is not JSON as it arrives", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    routes.set("/sse", async (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      await released;
      res.end("data: two\n\n");
    });
    const response = await nodeHttpFetch(`${base}/sse`, { method: "POST", body: "{}" });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first event is read while the server still holds the rest back.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe("data: one\n\n");
    release();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += decoder.decode(r.value);
    expect(rest).toBe("data: two\n\n");
  });

  it("reads a JSON body that arrives in several pieces whole", async () => {
    routes.set("/pieces", async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      for (const piece of ['{"parts":', '["a","b"', ',"c"]}']) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end();
    });
    const response = await nodeHttpFetch(`${base}/pieces`);
    expect(await response.json()).toEqual({ parts: ["a", "b", "c"] });
  });

  it("streams a JSON body above the buffer limit, whole", async () => {
    const big = { text: "x".repeat(5 * 1024 * 1024) };
    routes.set("/big", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const text = JSON.stringify(big);
      for (let at = 0; at < text.length; at += 256 * 1024)
        res.write(text.slice(at, at + 256 * 1024));
      res.end();
    });
    const response = await nodeHttpFetch(`${base}/big`);
    expect(((await response.json()) as typeof big).text.length).toBe(big.text.length);
  });

  it("decodes a gzip body, and leaves a request that asks for an encoding to fetch", async () => {
    routes.set("/gz", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ zipped: true })));
    });
    expect(await (await nodeHttpFetch(`${base}/gz`)).json()).toEqual({ zipped: true });
    expect(sentByFetch(seen[0])).toBe(false);
    const asked = await nodeHttpFetch(`${base}/gz`, { headers: { "Accept-Encoding": "gzip" } });
    expect(await asked.json()).toEqual({ zipped: true });
    expect(sentByFetch(seen[1])).toBe(true);
  });

  it("gives a null-body status no body, and an error status its body", async () => {
    routes.set("/none", (_req, res) => res.writeHead(204).end());
    routes.set("/fail", (_req, res) => json(res, 429, { error: { message: "slow down" } }));
    const none = await nodeHttpFetch(`${base}/none`, { method: "DELETE" });
    expect([none.status, none.body]).toEqual([204, null]);
    const failed = await nodeHttpFetch(`${base}/fail`, { method: "POST", body: "{}" });
    expect([failed.status, failed.ok]).toEqual([429, false]);
    expect(await failed.json()).toEqual({ error: { message: "slow down" } });
  });

  it("follows a redirect through fetch", async () => {
    routes.set("/old", (_req, res) => res.writeHead(307, { location: "/new" }).end());
    routes.set("/new", (_req, res, record) => json(res, 200, { moved: record.body }));
    const response = await nodeHttpFetch(`${base}/old`, { method: "POST", body: "kept" });
    expect(await response.json()).toEqual({ moved: "kept" });
    expect(seen.map((s) => [s.url, sentByFetch(s)])).toEqual([
      ["/old", false],
      ["/old", true],
      ["/new", true],
    ]);
  });

  it("rejects with the signal's reason when aborted before, while waiting, or while streaming", async () => {
    const before = new AbortController();
    const reason = new Error("stopped early");
    before.abort(reason);
    await expect(nodeHttpFetch(`${base}/never`, { signal: before.signal })).rejects.toBe(reason);
    expect(seen).toHaveLength(0);

    routes.set("/stall", () => undefined);
    const waiting = new AbortController();
    const pending = nodeHttpFetch(`${base}/stall`, { signal: waiting.signal });
    await until(() => seen.length === 1);
    waiting.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await until(() => closed.includes("/stall"));

    routes.set("/drip", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n");
    });
    const streaming = new AbortController();
    const response = await nodeHttpFetch(`${base}/drip`, { signal: streaming.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const cut = new Error("cut mid-stream");
    streaming.abort(cut);
    await expect(reader.read()).rejects.toBe(cut);
    await until(() => closed.includes("/drip"));
  });

  it("ends the request when the body's reader cancels", async () => {
    routes.set("/long", (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.write("part");
    });
    const response = await nodeHttpFetch(`${base}/long`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await until(() => closed.includes("/long"));
  });

  it("fails as fetch fails: a TypeError with the cause", async () => {
    const port = await closedPort();
    const error = await nodeHttpFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: "fetch failed", cause: { code: "ECONNREFUSED" } });
    await expect(
      nodeHttpFetch(`${base}/x`, { headers: { "x-bad": "line\nbreak" } }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it("sends over https with the https module's global agent", async () => {
    routes.set("/secure", (_req, res) => json(res, 200, { secure: true }));
    const ca = readFileSync(new URL("./__fixtures__/localhost-cert.pem", import.meta.url));
    const previous = httpsAgent.options.ca;
    httpsAgent.options.ca = ca;
    try {
      expect(await (await nodeHttpFetch(`${tlsBase}/secure`)).json()).toEqual({ secure: true });
    } finally {
      httpsAgent.options.ca = previous;
      httpsAgent.destroy();
    }
    expect(sentByFetch(seen[0])).toBe(false);
  });

  it("leaves to fetch what node:http would not send as fetch does", async () => {
    routes.set("/any", (_req, res) => json(res, 200, { ok: true }));
    // A FormData body, a Request, an option node:http does not take.
    const form = new FormData();
    form.set("purpose", "batch");
    await nodeHttpFetch(`${base}/any`, { method: "POST", body: form });
    await nodeHttpFetch(new Request(`${base}/any`));
    await nodeHttpFetch(`${base}/any`, { cache: "no-store" });
    // Credentials in the URL (fetch refuses them), another class's headers; PATCH is sent here.
    const withCredentials = base.replace("http://", "http://user:secret@");
    await expect(nodeHttpFetch(`${withCredentials}/any`)).rejects.toBeInstanceOf(TypeError);
    class OtherHeaders {
      readonly "x-seen" = "yes";
    }
    await nodeHttpFetch(`${base}/any`, { headers: new OtherHeaders() as unknown as HeadersInit });
    await nodeHttpFetch(`${base}/any`, { method: "PATCH", body: "{}" });
    expect(seen.map(sentByFetch)).toEqual([true, true, true, true, false]);
    expect(seen[3]?.headers["x-seen"]).toBe("yes");
    expect(seen[4]?.method).toBe("PATCH");
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data/);
  });

  it("leaves every request to fetch when fetch was replaced or given a dispatcher", async () => {
    routes.set("/any", (_req, res) => json(res, 200, { ok: true }));
    const platformFetch = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = (input, init) => {
      calls.push(String(input));
      return platformFetch(input, init);
    };
    try {
      await nodeHttpFetch(`${base}/any`);
    } finally {
      globalThis.fetch = platformFetch;
    }
    expect(calls).toEqual([`${base}/any`]);

    // A dispatcher the user configured (here: Node's own Agent class, with a connect option).
    const slot = Symbol.for("undici.globalDispatcher.1");
    const globals = globalThis as unknown as Record<symbol, unknown>;
    await (await platformFetch(`${base}/any`)).text();
    const nodeDefault = globals[slot] as { constructor: new (o: unknown) => unknown };
    await nodeHttpFetch(`${base}/any`);
    globals[slot] = new nodeDefault.constructor({ connect: { timeout: 5_000 } });
    try {
      await nodeHttpFetch(`${base}/any`);
    } finally {
      globals[slot] = nodeDefault;
    }
    await nodeHttpFetch(`${base}/any`);
    expect(seen.map(sentByFetch)).toEqual([true, true, false, true, false]);
  });
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A local port nothing listens on (a server's, opened and closed). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
