import { sentBy } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { collect, modelFor } from "../__fixtures__/test-model.js";
import { joinDeltas, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";

const PATH = "/v1/messages";
const messages: AnthropicMessage[] = [
  { role: "user", content: [{ type: "text", text: "Hello!" }] },
];

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
    expect(server.calls.map((c) => sentBy(c.headers))).toEqual(["node:http", "node:http"]);
    expect(server.calls[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("is the fetch given in clientKwargs", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("anthropic-text") } },
    });
    await modelFor(server, { stream: false, clientKwargs: { fetch: globalThis.fetch } }).call(
      messages,
    );
    expect(sentBy(server.calls[0]?.headers)).toBe("fetch");
  });
});
