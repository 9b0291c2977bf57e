import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { collect, modelFor } from "../__fixtures__/test-model.js";
import { joinDeltas, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";

const PATH = "/v1/messages";
const messages: AnthropicMessage[] = [
  { role: "user", content: [{ type: "text", text: "Hello!" }] },
];
// Node's `fetch` sends `sec-fetch-mode: cors` with every request; `node:http` does not.
const viaFetch = (headers: Record<string, string> | undefined) =>
  headers?.["sec-fetch-mode"] === "cors";

describe("the transport of a client the model builds", () => {
  it("is node:http by default (core's nodeHttpFetch), streamed or not", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: wireJson("anthropic-text") },
          { type: "stream", format: "anthropic", chunks: wireChunks("anthropic-text") },
        ],
      },
    });
    const answer = await modelFor(server, { stream: false }).call(messages);
    expect(answer.content[0]).toMatchObject({ type: "text" });
    const chunks = await collect(modelFor(server, { stream: true }).stream(messages));
    expect(chunks.at(-1)?.content).toEqual([
      { type: "text", text: joinDeltas(wireChunks("anthropic-text")) },
    ]);
    expect(server.calls.map((c) => viaFetch(c.headers))).toEqual([false, false]);
    expect(server.calls[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("is the fetch given in clientKwargs", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("anthropic-text") } },
    });
    await modelFor(server, { stream: false, clientKwargs: { fetch: globalThis.fetch } }).call(
      messages,
    );
    expect(viaFetch(server.calls[0]?.headers)).toBe(true);
  });
});
