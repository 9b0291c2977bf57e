import { StructuredOutputError } from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { OpenAIChatMessage } from "../formatter/openai-chat-message.js";
import { OpenAIChatModel } from "./openai-chat-model.js";

const PATH = "/v1/chat/completions";
const messages: OpenAIChatMessage[] = [{ role: "user", content: "What is the weather in Paris?" }];
const Weather = z.object({ location: z.string(), temperature: z.number() });

function modelFor(server: TestServer, stream: boolean) {
  return new OpenAIChatModel({
    modelName: "gpt-4.1-nano",
    apiKey: "test-key",
    baseURL: `${server.url}/v1`,
    stream,
    maxRetries: 0,
  });
}

const textChunks = (text: string) => [
  { id: "s1", choices: [{ index: 0, delta: { role: "assistant", content: text } }] },
  { id: "s1", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
];

const completion = (message: Record<string, unknown>) => ({
  id: "c1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
});

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, StructuredOutputError);

describe("OpenAIChatModel structured output the model does not give", () => {
  it("streaming: no JSON and no tool call is a StructuredOutputError (missing) with the text", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "stream", format: "openai", chunks: textChunks("Sorry, I cannot tell.") },
          { type: "stream", format: "openai", chunks: textChunks("Really, I cannot.") },
        ],
      },
    });
    const error = await rejection(
      modelFor(server, true).call(messages, { structuredModel: Weather }),
    );
    expect(error.reason).toBe("missing");
    expect(error.lastText).toBe("Really, I cannot.");
    expect(error.message).toContain("The openai model gpt-4.1-nano gave no structured answer");
    // AgentScope's wire behaviour is kept: response_format first, then the forced tool.
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.body).toMatchObject({
      tool_choice: { type: "function", function: { name: "generate_structured_output" } },
    });
  });

  it("non-streaming: arguments that fail the schema are a StructuredOutputError (invalid)", async () => {
    const badCall = {
      content: "Here it is.",
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: {
            name: "generate_structured_output",
            arguments: '{"location": "Paris", "temperature": "warm"}',
          },
        },
      ],
    };
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: completion({ content: '{"location": "Paris"}' }) },
          { type: "json", body: completion(badCall) },
        ],
      },
    });
    const error = await rejection(
      modelFor(server, false).call(messages, { structuredModel: Weather }),
    );
    expect(error.reason).toBe("invalid");
    expect(error.issues).toEqual([
      { path: "temperature", message: "expected number, received string" },
    ]);
    expect(error.lastText).toBe("Here it is.");
  });
});
