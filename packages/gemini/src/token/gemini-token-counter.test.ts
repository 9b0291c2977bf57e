import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath } from "../__fixtures__/wire-fixtures.js";
import { GeminiTokenCounter } from "./gemini-token-counter.js";

const MODEL = "gemini-2.5-flash";
const PATH = geminiPath(MODEL, "countTokens");

describe("GeminiTokenCounter", () => {
  it("counts formatted contents with countTokens, tools as one more content on the Developer API", async () => {
    await using server = await createTestServer({
      [PATH]: {
        response: [
          { type: "json", body: { totalTokens: 17 } },
          { type: "json", body: { totalTokens: 42 } },
        ],
      },
    });
    const counter = new GeminiTokenCounter({ modelName: MODEL, apiKey: "k", baseURL: server.url });
    const messages = [
      { role: "user", parts: [{ text: "hi" }] },
      {
        role: "model",
        parts: [{ function_call: { id: null, name: "f", args: {} }, thought_signature: "c2ln" }],
      },
    ];
    expect(await counter.count(messages)).toBe(17);
    expect(server.calls[0]?.body).toEqual({
      contents: [
        { role: "user", parts: [{ text: "hi" }] },
        {
          role: "model",
          parts: [{ functionCall: { name: "f", args: {} }, thoughtSignature: "c2ln" }],
        },
      ],
    });
    const tool = {
      type: "function" as const,
      function: { name: "f", description: "d", parameters: { type: "object", properties: {} } },
    };
    expect(await counter.count(messages, [tool])).toBe(42);
    const contents = (server.calls[1]!.body as { contents: { parts: { text?: string }[] }[] })
      .contents;
    expect(contents).toHaveLength(3);
    expect(JSON.parse(contents[2]?.parts[0]?.text ?? "")).toEqual([
      { functionDeclarations: [tool.function] },
    ]);
  });
});
