import { sentBy } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { joinDeltas, wireChunks, wireJson } from "../__fixtures__/wire-fixtures.js";
import { OpenAIChatModel } from "./openai-chat-model.js";

const PATH = "/v1/chat/completions";
const messages = [{ role: "user" as const, content: "Hi" }];

describe("the transport of a client the model builds", () => {
  it("is node:http by default (core's nodeHttpFetch), streamed or not", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: wireJson("openai-text") },
          { type: "stream", format: "openai", chunks: wireChunks("openai-text") },
        ],
      },
    });
    const options = { modelName: "gpt-4.1-nano", apiKey: "k", baseURL: `${server.url}/v1` };
    const answer = await new OpenAIChatModel({ ...options, stream: false }).call(messages);
    expect(answer.content[0]).toMatchObject({ type: "text" });
    let last: unknown;
    for await (const chunk of new OpenAIChatModel({ ...options, stream: true }).stream(messages)) {
      last = chunk;
    }
    expect((last as { content: unknown[] }).content).toEqual([
      { type: "text", text: joinDeltas(wireChunks("openai-text"), "content") },
    ]);
    expect(server.calls.map((c) => sentBy(c.headers))).toEqual(["node:http", "node:http"]);
    expect(server.calls[0]?.headers.authorization).toBe("Bearer k");
  });

  it("is the fetch given in clientKwargs", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("openai-text") } },
    });
    const model = new OpenAIChatModel({
      modelName: "gpt-4.1-nano",
      apiKey: "k",
      baseURL: `${server.url}/v1`,
      stream: false,
      clientKwargs: { fetch: globalThis.fetch },
    });
    await model.call(messages);
    expect(sentBy(server.calls[0]?.headers)).toBe("fetch");
  });
});
