import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timedFetch } from "./timed-fetch.js";

describe("timedFetch", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/stall-body") {
        // Headers and one event, then silence.
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: first\n\n");
        return;
      }
      if (req.url === "/ok") {
        res.writeHead(200, { "content-type": "application/json", "x-extra": "1" });
        res.end('{"ok":true}');
        return;
      }
      // /never: no answer at all
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("passes a normal response through with its status, headers and body", async () => {
    const res = await timedFetch({ timeout: 5000, sseReadTimeout: 5000 })(`${base}/ok`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-extra")).toBe("1");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("aborts when the headers do not come within `timeout`", async () => {
    await expect(
      timedFetch({ timeout: 200, sseReadTimeout: 60_000 })(`${base}/never`),
    ).rejects.toThrow(/within 200 ms/);
  });

  it("errors the body when it is silent longer than `sseReadTimeout`", async () => {
    const res = await timedFetch({ timeout: 5000, sseReadTimeout: 300 })(`${base}/stall-body`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    await expect(reader.read()).rejects.toThrow(/silent for more than 300 ms/);
  });

  it("still honours the caller's own abort signal", async () => {
    const controller = new AbortController();
    const pending = timedFetch({ timeout: 60_000, sseReadTimeout: 60_000 })(`${base}/never`, {
      signal: controller.signal,
    });
    controller.abort(new Error("caller gave up"));
    await expect(pending).rejects.toThrow(/caller gave up/);
  });
});
