import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { sseResponse } from "./sse-response.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

// A Hono app as the server builds it: a middleware sets a header before the SSE route answers.
function app(route: Parameters<typeof sseResponse>[1]): Hono {
  const a = new Hono();
  a.use("*", async (c, next) => {
    c.header("x-request-id", "req-1");
    await next();
  });
  a.get("/events", (c) => sseResponse(c, route));
  return a;
}

async function listen(a: Hono): Promise<string> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: a.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  close = () => new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const SSE_HEADERS = ["content-type", "cache-control", "x-request-id"] as const;

describe("sseResponse", () => {
  it("writes the same headers and frames straight to node as through Hono's streamSSE", async () => {
    const a = app(async (sink) => {
      await sink.write("event: a\ndata: {}\nid: 1-0\n\n");
      await sink.write("data: 2\nid: 1-1\n\n");
    });
    const direct = await fetch(`${await listen(a)}/events`);
    const viaHono = await a.request("/events");
    const headers = (r: Response) => SSE_HEADERS.map((h) => [h, r.headers.get(h)]);
    expect(headers(direct)).toEqual([
      ["content-type", "text/event-stream"],
      ["cache-control", "no-cache"],
      ["x-request-id", "req-1"],
    ]);
    expect(headers(viaHono)).toEqual(headers(direct));
    expect(direct.status).toBe(200);
    const body = "event: a\ndata: {}\nid: 1-0\n\ndata: 2\nid: 1-1\n\n";
    expect(await direct.text()).toBe(body);
    expect(await viaHono.text()).toBe(body);
  });

  it("tells the stream when the client goes away", async () => {
    const aborted = deferred();
    const a = app(async (sink) => {
      sink.onAbort(aborted.resolve);
      await sink.write("data: 1\n\n");
      await aborted.promise;
    });
    const client = new AbortController();
    const res = await fetch(`${await listen(a)}/events`, { signal: client.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    client.abort();
    await aborted.promise;
  });
});
