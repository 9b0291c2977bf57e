import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import {
  ChatModelBase,
  type ChatModelBaseOptions,
  type ChatModelRequest,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from "./chat-model-base.js";
import type { ChatResponse } from "./chat-response.js";
import { createChatResponse } from "./create-chat-response.js";

const messages = [{ role: "user", content: "hi" }];

/**
 * A tiny streaming provider: POSTs to `baseUrl + path`, reads `data: <json>` lines and yields the
 * text so far. Parsing is deliberately naive (JSON.parse, `choices[0]`), as a provider's may be.
 */
class SseModel extends ChatModelBase {
  readonly provider = "sse";
  constructor(
    readonly url: string,
    options: Partial<ChatModelBaseOptions> = {},
  ) {
    super({ modelName: "sse-model", retry: { initialDelayMs: 1, maxDelayMs: 2 }, ...options });
  }
  protected override async *doStream(
    _messages: readonly Record<string, unknown>[],
    request: ChatModelRequest,
  ): AsyncIterable<ChatResponse> {
    const response = await fetch(this.url, { method: "POST", signal: request.signal });
    const decoder = new TextDecoder();
    let text = "";
    let pending = "";
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(bytes, { stream: true });
      let end = pending.indexOf("\n\n");
      while (end >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        end = pending.indexOf("\n\n");
        if (!line.startsWith("data: ")) continue;
        const data = JSON.parse(line.slice(6)) as { choices: { delta: string }[] };
        text += (data.choices[0] as { delta: string }).delta;
        yield createChatResponse({ content: [{ type: "text", text }] });
      }
    }
  }
}

/** Routes of the stalling server: each writes some SSE and then stalls or ends. */
const routes: Record<string, (res: ServerResponse) => void> = {
  "/stall-after-first": (res) => {
    res.write(`data: ${JSON.stringify({ choices: [{ delta: "Hel" }] })}\n\n`);
  },
  "/stall-before-headers": () => {},
  "/malformed": (res) => {
    res.end("data: {bad\n\n");
  },
  "/no-choices": (res) => {
    res.end(`data: ${JSON.stringify({ id: "x" })}\n\n`);
  },
  "/ok": (res) => {
    res.write(`data: ${JSON.stringify({ choices: [{ delta: "Hel" }] })}\n\n`);
    res.end(`data: ${JSON.stringify({ choices: [{ delta: "lo" }] })}\n\n`);
  },
};

let server: Server;
let base = "";
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const route = routes[req.url ?? ""];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    if (req.url !== "/stall-before-headers") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.flushHeaders();
    }
    route(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  hits.length = 0;
  vi.useRealTimers();
});

async function drain(model: ChatModelBase): Promise<{ texts: string[]; error: unknown }> {
  const texts: string[] = [];
  try {
    for await (const chunk of model.stream(messages)) {
      texts.push((chunk.content[0] as { text: string }).text);
    }
    return { texts, error: undefined };
  } catch (error) {
    return { texts, error };
  }
}

describe("ChatModelBase default timeouts", () => {
  it("applies a 60 s idle timeout and a 10 min request timeout unless told otherwise", () => {
    const model = new SseModel(`${base}/ok`);
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(60_000);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(600_000);
    expect(model.idleTimeout).toBe(DEFAULT_IDLE_TIMEOUT_MS);
    expect(model.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    const unbounded = new SseModel(`${base}/ok`, { idleTimeout: null, requestTimeout: null });
    expect(unbounded.idleTimeout).toBeNull();
    expect(unbounded.requestTimeout).toBeNull();
  });

  it("rejects a timeout that is not a positive number, naming the option", () => {
    expect(() => new SseModel(base, { idleTimeout: -1 })).toThrow(ValidationError);
    expect(() => new SseModel(base, { requestTimeout: 0 })).toThrow(/requestTimeout/);
  });

  it("fails a stream that stalls with default options once the default idle timeout passes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let yielded = 0;
    class StallingModel extends ChatModelBase {
      readonly provider = "stall";
      protected override async *doStream(): AsyncIterable<ChatResponse> {
        yielded++;
        yield createChatResponse({ content: [{ type: "text", text: "a" }] });
        await new Promise(() => {}); // the provider goes silent and ignores the signal
      }
    }
    const model = new StallingModel({ modelName: "m" });
    const done = drain(model);
    await vi.advanceTimersByTimeAsync(DEFAULT_IDLE_TIMEOUT_MS - 1);
    let settled = false;
    void done.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { texts, error } = await done;
    expect(texts).toEqual(["a"]);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "stall" });
    expect((error as Error).message).toMatch(/60000 ms \(idleTimeout\)/);
    expect(yielded).toBe(1);
  });

  it("fails a request that never answers once the default request timeout passes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let attempts = 0;
    class SilentModel extends ChatModelBase {
      readonly provider = "silent";
      protected override doCall(): Promise<ChatResponse> {
        attempts++;
        return new Promise(() => {});
      }
    }
    const model = new SilentModel({ modelName: "m", stream: false, maxRetries: 0 });
    const done = model.call(messages).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS);
    const error = await done;
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/600000 ms \(requestTimeout\)/);
    expect(attempts).toBe(1);
  });
});

describe("ChatModelBase against a stalling HTTP server", () => {
  it("ends a stream that stalls after its first chunk with a retryable ModelError naming idleTimeout", async () => {
    const model = new SseModel(`${base}/stall-after-first`, { idleTimeout: 50, maxRetries: 0 });
    const { texts, error } = await drain(model);
    expect(texts).toEqual(["Hel"]);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "sse" });
    expect((error as Error).message).toContain("sse-model stalled: no stream chunk for 50 ms");
    expect((error as Error).message).toContain("idleTimeout");
  });

  it("retries a request that never answers, then gives up naming requestTimeout", async () => {
    const model = new SseModel(`${base}/stall-before-headers`, {
      requestTimeout: 40,
      maxRetries: 1,
    });
    const { texts, error } = await drain(model);
    expect(texts).toEqual([]);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toMatch(/40 ms \(requestTimeout\).*gave up after 2 attempts/);
    expect(hits).toEqual(["/stall-before-headers", "/stall-before-headers"]);
  });

  it("treats limits beyond what timers can hold as none", async () => {
    const month = 30 * 24 * 3600 * 1000;
    const model = new SseModel(`${base}/ok`, { idleTimeout: month, requestTimeout: month });
    const { texts, error } = await drain(model);
    expect(error).toBeUndefined();
    expect(texts).toEqual(["Hel", "Hello"]);
  });

  it("streams a healthy answer under the same limits", async () => {
    const model = new SseModel(`${base}/ok`, { idleTimeout: 5_000, requestTimeout: 10_000 });
    const { texts, error } = await drain(model);
    expect(error).toBeUndefined();
    expect(texts).toEqual(["Hel", "Hello"]);
  });

  it("turns malformed stream data into a retryable ModelError with the SyntaxError as cause", async () => {
    const model = new SseModel(`${base}/malformed`, { maxRetries: 2 });
    const { error } = await drain(model);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: true, provider: "sse" });
    expect((error as Error).message).toMatch(/malformed response \(SyntaxError: /);
    expect((error as Error).cause).toBeInstanceOf(ModelError);
    expect(((error as Error).cause as Error).cause).toBeInstanceOf(SyntaxError);
    expect(hits).toEqual(["/malformed", "/malformed", "/malformed"]);
  });

  it("turns a TypeError from a chunk of the wrong shape into a ModelError keeping the cause", async () => {
    const model = new SseModel(`${base}/no-choices`, { maxRetries: 2 });
    const { error } = await drain(model);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toMatch(/failed while handling the response \(TypeError: /);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(hits).toEqual(["/no-choices"]);
  });
});
