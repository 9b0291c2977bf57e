import { ModelError } from "@agentscope-ts/core";
import { expectTruncatedToolCall, readUntilError } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireChunks } from "../__fixtures__/wire-fixtures.js";
import { OllamaChatModel } from "./ollama-chat-model.js";

const PATH = "/api/chat";
const USER = [{ role: "user", content: "Weather in New York?" }];
const modelFor = (server: TestServer) =>
  new OllamaChatModel({
    modelName: "qwen3",
    host: server.url,
    stream: true,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
  });
const [firstCall, , done] = wireChunks("chat-tool-call") as [string, string, string];

describe("OllamaChatModel: a stream cut in the middle of a tool call", () => {
  it("fails a stream whose last line stops inside the call, before Ollama's final done object", async () => {
    // Ollama sends each call whole in one NDJSON line: a cut connection leaves half a line, which
    // the ollama library drops before it reports the missing `done`.
    const half = firstCall.slice(0, firstCall.indexOf('"New York"') + 5);
    await using server = await createTestServer({
      [PATH]: { response: { type: "stream", format: "raw", chunks: [`${half}`] } },
    });
    const { chunks, error } = await readUntilError(modelFor(server).stream(USER));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ provider: "ollama", retryable: true });
    expect((error as Error).message).toMatch(/ended before Ollama's final "done" message/);
    expect(chunks).toEqual([]);
  });

  it("fails when a call's arguments came as a JSON string cut short (done_reason length), naming the call", async () => {
    // Servers that speak Ollama's API may send `arguments` as a JSON string (the library passes it
    // through); one cut by the output token limit must not run.
    const cut = JSON.parse(firstCall) as {
      message: { tool_calls: { function: { arguments: unknown } }[] };
    };
    (cut.message.tool_calls[0] as { function: { arguments: unknown } }).function.arguments =
      '{"city": "New Yo';
    const length = { ...(JSON.parse(done) as Record<string, unknown>), done_reason: "length" };
    await using server = await createTestServer({
      [PATH]: {
        response: {
          type: "stream",
          format: "ollama",
          chunks: [JSON.stringify(cut), JSON.stringify(length)],
        },
      },
    });
    const chunks = await expectTruncatedToolCall(modelFor(server).stream(USER), {
      provider: "ollama",
      name: "get_temperature",
    });
    expect(chunks.at(-1)?.content.at(-1)).toMatchObject({ raw_input: '{"city": "New Yo' });
  });
});
