import { getEventListeners } from "node:events";
import { InterruptedError, signalController } from "@agentscope-ts/core";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import type { OpenAIResponseInputItem } from "../formatter/openai-response-input.js";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-chat-model.js";
import { abortOptions } from "./openai-client.js";
import { OpenAIResponseModel } from "./openai-response-model.js";

const messages: OpenAIChatMessage[] = [{ role: "user", content: "Hi" }];
const input: OpenAIResponseInputItem[] = [{ role: "user", content: "Hi" }];

function chatModel(server: TestServer, options: Partial<OpenAIChatModelOptions> = {}) {
  return new OpenAIChatModel({
    modelName: "gpt-4.1-nano",
    apiKey: "test-key",
    baseURL: `${server.url}/v1`,
    stream: false,
    ...options,
  });
}

/** Resolves once the server has received `n` requests (bounded). */
async function requestsArrived(server: TestServer, n = 1): Promise<void> {
  for (let i = 0; i < 500 && server.calls.length < n; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(server.calls.length).toBe(n);
}

// Aborting before the response headers arrive must close the HTTP request itself (a non-streamed
// answer sends its headers only when the whole answer is ready): the signal reaches `fetch`.
describe("abort reaches the HTTP request before any response", () => {
  it.each([
    ["a client the model builds", (_server: TestServer) => ({})],
    [
      "a client the user passes in",
      (server: TestServer) => ({
        client: new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0 }),
      }),
    ],
  ])("with %s", async (_label, extra) => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "stall" } },
    });
    const controller = new AbortController();
    const pending = chatModel(server, extra(server))
      .call(messages, { signal: controller.signal })
      .catch((e: unknown) => e);
    await requestsArrived(server);
    controller.abort();
    expect(await pending).toBeInstanceOf(InterruptedError);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
    expect(server.calls[0]?.clientClosedEarly).toBe(true);
  });

  it("for the Responses API too", async () => {
    await using server = await createTestServer({
      "/v1/responses": { response: { type: "stall" } },
    });
    const controller = new AbortController();
    const model = new OpenAIResponseModel({
      modelName: "gpt-5-nano",
      apiKey: "test-key",
      baseURL: `${server.url}/v1`,
      stream: false,
    });
    const pending = model.call(input, { signal: controller.signal }).catch((e: unknown) => e);
    await requestsArrived(server);
    controller.abort();
    expect(await pending).toBeInstanceOf(InterruptedError);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
    expect(server.calls[0]?.clientClosedEarly).toBe(true);
  });
});

describe("the fetch the model's client uses", () => {
  it("is the user's clientKwargs.fetch, given the request without our private key", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const seen: RequestInit[] = [];
    const model = chatModel(server, {
      clientKwargs: {
        fetch: (input: string | URL | Request, init?: RequestInit) => {
          if (init) seen.push(init);
          return fetch(input, init);
        },
      },
    });
    const response = await model.call(messages, { signal: new AbortController().signal });
    expect(response.id).toBe("chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU");
    expect(seen).toHaveLength(1);
    expect(Object.getOwnPropertySymbols(seen[0])).toEqual([]);
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.signal?.aborted).toBe(false);
  });

  it("is handed the model attempt's own signal, and a linking one for any other signal", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const seen: (AbortSignal | null | undefined)[] = [];
    const model = chatModel(server, {
      clientKwargs: {
        fetch: (input: string | URL | Request, init?: RequestInit) => {
          seen.push(init?.signal);
          return fetch(input, init);
        },
      },
    });
    await model.call(messages);
    // The attempt's signal (core made it): no third signal, the SDK's abort forwarded to it.
    expect(seen[0] && signalController(seen[0])).toBeInstanceOf(AbortController);
    // A signal core did not make (a request outside the attempt loop) is linked instead.
    const own = new AbortController();
    await model.client.chat.completions.create(
      { model: "gpt-4.1-nano", messages: [{ role: "user", content: "Hi" }] },
      abortOptions(model.client, own.signal),
    );
    const linking = seen[1];
    expect(linking).toBeInstanceOf(AbortSignal);
    expect(linking).not.toBe(own.signal);
    expect(linking && signalController(linking)).toBeUndefined();
    own.abort(new Error("stop"));
    expect(linking?.aborted).toBe(true);
    expect((linking?.reason as Error | undefined)?.message).toBe("stop");
  });

  it("leaves no listener per request on a signal that outlives the requests", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const model = chatModel(server);
    const longLived = new AbortController();
    for (let i = 0; i < 12; i++) {
      await model.client.chat.completions.create(
        { model: "gpt-4.1-nano", messages: [{ role: "user", content: "Hi" }] },
        abortOptions(model.client, longLived.signal),
      );
    }
    expect(getEventListeners(longLived.signal, "abort")).toHaveLength(0);
  });

  it("keeps the SDK's own timeout working (clientKwargs.timeout)", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "stall" } },
    });
    // 1 s, not less: under load a shorter timeout can fire before the server has seen the request,
    // and the assertions below are about the server's side of that request.
    const model = chatModel(server, { clientKwargs: { timeout: 1000 }, maxRetries: 0 });
    const error = await model.call(messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/timed? ?out/i);
    expect(await server.calls[0]?.finished).toEqual({ completed: false });
    expect(server.calls[0]?.clientClosedEarly).toBe(true);
  });
});
