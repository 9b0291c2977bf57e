import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestServer } from "./create-test-server.js";
import { readChunksFile, readJsonFile } from "./fixtures.js";

const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer k" },
    body: JSON.stringify(body),
    ...init,
  });

describe("createTestServer", () => {
  it("answers JSON on 127.0.0.1 and records method, path, headers and parsed body", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: { id: "x" } } },
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await post(`${server.url}/v1/chat/completions?api-version=1`, { model: "m" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "x" });
    const call = server.calls[0];
    expect(call).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      body: { model: "m" },
    });
    expect(call?.headers.authorization).toBe("Bearer k");
    expect(call?.searchParams.get("api-version")).toBe("1");
    expect(await call?.finished).toEqual({ completed: true });
  });

  it("advertises its keep-alive timeout: 1 s by default, keepAliveTimeoutMs when given", async () => {
    const route = { "/a": { response: { type: "json", body: 1 } } } as const;
    await using short = await createTestServer(route);
    await using long = await createTestServer(route, { keepAliveTimeoutMs: 60_000 });
    const shortRes = await post(`${short.url}/a`, {});
    const longRes = await post(`${long.url}/a`, {});
    await Promise.all([shortRes.text(), longRes.text()]);
    // undici closes the connection after each response when the timeout is under its 2 s margin.
    expect(shortRes.headers.get("keep-alive")).toBe("timeout=1");
    expect(longRes.headers.get("keep-alive")).toBe("timeout=60");
  });

  it("serves queued responses in order and says so when the queue runs out", async () => {
    await using server = await createTestServer({
      "/a": {
        response: [
          { type: "json", body: 1 },
          { type: "json", body: 2 },
        ],
      },
    });
    expect(await (await post(`${server.url}/a`, {})).json()).toBe(1);
    expect(await (await post(`${server.url}/a`, {})).json()).toBe(2);
    const third = await post(`${server.url}/a`, {});
    expect(third.status).toBe(500);
    expect(await third.text()).toMatch(/2 queued response\(s\) and received request #3/);
    server.reset();
    expect(await (await post(`${server.url}/a`, {})).json()).toBe(1);
    expect(server.calls).toHaveLength(1);
  });

  it("computes a response from the request, and answers 404 naming the known routes", async () => {
    await using server = await createTestServer({
      "/echo": {
        response: ({ call, callNumber }) => ({
          type: "json",
          body: { n: callNumber, got: call.body },
        }),
      },
    });
    expect(await (await post(`${server.url}/echo`, { q: 1 })).json()).toEqual({
      n: 0,
      got: { q: 1 },
    });
    const missing = await post(`${server.url}/nope`, {});
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/no route for POST \/nope \(routes: \/echo\)/);
  });

  it("streams OpenAI-style frames ending with [DONE], at once or paced", async () => {
    await using server = await createTestServer({
      "/s": {
        response: [
          { type: "stream", format: "openai", chunks: ['{"i":0}', { i: 1 }] },
          { type: "stream", format: "openai", chunks: [{ i: 0 }, { i: 1 }, { i: 2 }], delayMs: 30 },
        ],
      },
    });
    const res = await post(`${server.url}/s`, {});
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(await res.text()).toBe('data: {"i":0}\n\ndata: {"i":1}\n\ndata: [DONE]\n\n');

    const paced = await post(`${server.url}/s`, {});
    const reader = paced.body!.getReader();
    const decoder = new TextDecoder();
    const arrivals: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push(decoder.decode(value));
    }
    expect(arrivals.join("")).toBe(
      'data: {"i":0}\n\ndata: {"i":1}\n\ndata: {"i":2}\n\ndata: [DONE]\n\n',
    );
    expect(arrivals.length).toBeGreaterThan(1);
  });

  it("frames Anthropic and Gemini streams as those APIs do", async () => {
    await using server = await createTestServer({
      "/v1/messages": {
        response: { type: "stream", format: "anthropic", chunks: [{ type: "ping" }] },
      },
      "/v1beta/models/g:streamGenerateContent": {
        response: { type: "stream", format: "gemini", chunks: [{ candidates: [] }] },
      },
    });
    expect(await (await post(`${server.url}/v1/messages`, {})).text()).toBe(
      'event: ping\ndata: {"type":"ping"}\n\n',
    );
    const gemini = await post(`${server.url}/v1beta/models/g:streamGenerateContent?alt=sse`, {});
    expect(await gemini.text()).toBe('data: {"candidates":[]}\r\n\r\n');
  });

  it("answers Ollama's /api/chat (NDJSON stream), /api/embed and /api/tags", async () => {
    await using server = await createTestServer({
      "/api/chat": {
        response: {
          type: "stream",
          format: "ollama",
          chunks: [
            { message: { content: "Hi" }, done: false },
            { done: true, eval_count: 1 },
          ],
        },
      },
      "/api/embed": { response: { type: "json", body: { embeddings: [[0.1, 0.2]] } } },
      "/api/tags": { response: { type: "json", body: { models: [{ name: "qwen3:latest" }] } } },
    });
    const chat = await post(`${server.url}/api/chat`, { model: "qwen3", stream: true });
    expect(chat.headers.get("content-type")).toBe("application/x-ndjson");
    expect(await chat.text()).toBe(
      '{"message":{"content":"Hi"},"done":false}\n{"done":true,"eval_count":1}\n',
    );
    const embed = await post(`${server.url}/api/embed`, { model: "m", input: ["a"] });
    expect(await embed.json()).toEqual({ embeddings: [[0.1, 0.2]] });
    const tags = await fetch(`${server.url}/api/tags`);
    expect(await tags.json()).toEqual({ models: [{ name: "qwen3:latest" }] });
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/chat",
      "POST /api/embed",
      "GET /api/tags",
    ]);
  });

  it("injects an error status with a body and Retry-After", async () => {
    await using server = await createTestServer({
      "/e": {
        response: {
          type: "error",
          status: 429,
          body: { error: { message: "slow" } },
          retryAfter: 2,
        },
      },
    });
    const res = await post(`${server.url}/e`, {});
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toEqual({ error: { message: "slow" } });
  });

  it("cuts a stream mid-way: a reset connection, or a clean but early end", async () => {
    await using server = await createTestServer({
      "/cut": {
        response: [
          { type: "stream", format: "openai", chunks: [1, 2, 3], cutAfter: 1 },
          { type: "stream", format: "openai", chunks: [1, 2, 3], cutAfter: 2, cutMode: "end" },
        ],
      },
    });
    const res = await post(`${server.url}/cut`, {});
    await expect(res.text()).rejects.toThrow();
    const ended = await post(`${server.url}/cut`, {});
    expect(await ended.text()).toBe("data: 1\n\ndata: 2\n\n");
  });

  it("resets the connection before answering", async () => {
    await using server = await createTestServer({ "/r": { response: { type: "reset" } } });
    await expect(post(`${server.url}/r`, {})).rejects.toThrow(/fetch failed/);
    expect(server.calls).toHaveLength(1);
  });

  it("stalls longer than the client waits, and sees the client give up", async () => {
    await using server = await createTestServer({
      "/slow": { response: { type: "stall", ms: 5000, after: { type: "json", body: 1 } } },
    });
    await expect(
      post(`${server.url}/slow`, {}, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
    expect(server.calls[0]?.clientClosedEarly).toBe(true);
  });

  it("sees a client abort a paced stream (the connection closes early)", async () => {
    await using server = await createTestServer({
      "/s": {
        response: {
          type: "stream",
          format: "openai",
          chunks: Array.from({ length: 50 }, (_, i) => i),
          delayMs: 20,
        },
      },
    });
    const controller = new AbortController();
    const res = await post(`${server.url}/s`, {}, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    const outcome = await server.calls[0]?.finished;
    expect(outcome).toEqual({ completed: false });
  });

  it("serves binary bodies and closes while a request is stalled", async () => {
    const server = await createTestServer({
      "/img": {
        response: { type: "binary", body: new Uint8Array([1, 2, 3]), contentType: "image/png" },
      },
      "/hang": { response: { type: "stall" } },
    });
    const res = await fetch(`${server.url}/img`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3]);
    const hanging = fetch(`${server.url}/hang`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await server.close();
    expect(await hanging).toBeInstanceOf(Error);
  });
});

describe("fixture readers", () => {
  it("reads a recorded stream into lines and a JSON body", () => {
    const dir = mkdtempSync(join(tmpdir(), "ts-fixtures-"));
    writeFileSync(join(dir, "a.chunks.txt"), '{"a":1}\n{"a":2}\n\n');
    writeFileSync(join(dir, "a.json"), '{"ok":true}');
    expect(readChunksFile(join(dir, "a.chunks.txt"))).toEqual(['{"a":1}', '{"a":2}']);
    expect(readJsonFile(join(dir, "a.json"))).toEqual({ ok: true });
  });

  it("streams DashScope events numbered from 1 and records the X-DashScope-SSE header", async () => {
    await using server = await createTestServer({
      "/api/v1/services/aigc/text-generation/generation": {
        response: {
          type: "stream",
          format: "dashscope",
          chunks: [{ output: { choices: [] } }, { code: "InternalError", message: "boom" }],
        },
      },
    });
    const res = await post(
      `${server.url}/api/v1/services/aigc/text-generation/generation`,
      { model: "qwen-plus" },
      {
        headers: {
          "content-type": "application/json",
          authorization: "Bearer k",
          "X-DashScope-SSE": "enable",
        },
      },
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(await res.text()).toBe(
      'id:1\nevent:result\n:HTTP_STATUS/200\ndata:{"output":{"choices":[]}}\n\n' +
        'id:2\nevent:error\n:HTTP_STATUS/500\ndata:{"code":"InternalError","message":"boom"}\n\n',
    );
    expect(server.calls[0]?.headers["x-dashscope-sse"]).toBe("enable");
  });
});
