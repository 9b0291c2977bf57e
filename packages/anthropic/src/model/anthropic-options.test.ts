// The shared option names on Claude: `thinking` in the shape every provider takes sends what the
// API's own object sends; and core's one error shape for HTTP failures.
import { ValidationError } from "@agentscope-ts/core";
import { expectHttpErrorShape } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { modelFor } from "../__fixtures__/test-model.js";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import type { AnthropicMessage } from "../formatter/anthropic-message.js";
import type { AnthropicChatModelOptions } from "./anthropic-chat-model.js";

const PATH = "/v1/messages";
const messages: AnthropicMessage[] = [{ role: "user", content: [{ type: "text", text: "Hi" }] }];

describe("AnthropicChatModel thinking", () => {
  it("sends { budgetTokens } as the API's thinking object, true with the smallest budget", async () => {
    await using server = await createTestServer({
      [PATH]: { response: { type: "json", body: wireJson("anthropic-text") } },
    });
    const sent = async (thinking: AnthropicChatModelOptions["thinking"]) => {
      await modelFor(server, { stream: false, thinking }).call(messages);
      return (server.calls.at(-1)?.body as { thinking?: unknown } | undefined)?.thinking;
    };
    const wire = await sent({ type: "enabled", budget_tokens: 2048 });
    expect(await sent({ budgetTokens: 2048 })).toEqual(wire);
    expect(await sent(true)).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(await sent(false)).toEqual({ type: "disabled" });
    expect(() => modelFor(server, { thinking: { effort: "high" } })).toThrow(ValidationError);
  });
});

describe("AnthropicChatModel errors", () => {
  it("HTTP 401, 429 and 500 become core's one ModelError shape", async () => {
    await expectHttpErrorShape({
      provider: "anthropic",
      path: PATH,
      body: (status) => ({
        type: "error",
        error: { type: "api_error", message: `failed ${status}` },
      }),
      call: (server) => modelFor(server, { stream: false, maxRetries: 0 }).call(messages),
    });
  });
});
