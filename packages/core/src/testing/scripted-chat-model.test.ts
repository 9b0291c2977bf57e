import { describe, expect, it } from "vitest";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import type { ChatResponse } from "../model/chat-response.js";
import { ScriptedChatModel } from "./scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "./scripted-steps.js";

const user = (text: string) => [{ role: "user", content: text }];

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const out: ChatResponse[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe("ScriptedChatModel", () => {
  it("streams text in chunks of chunkSize, each chunk cumulative", async () => {
    const model = new ScriptedChatModel({ chunkSize: 4, script: [scriptedText("Hello, world")] });
    const chunks = await collect(model.stream(user("hi")));
    expect(chunks.map((c) => (c.content[0] as { text: string }).text)).toEqual([
      "Hell",
      "Hello, w",
      "Hello, world",
    ]);
  });

  it("streams thinking, text and tool calls, with usage and metadata", async () => {
    const model = new ScriptedChatModel({
      chunkSize: 5,
      script: [
        {
          thinking: "Let me look",
          text: "Checking.",
          toolCalls: [
            { id: "t1", name: "get_weather", input: { city: "Paris" } },
            { name: "get_time", input: {} },
          ],
          usage: { inputTokens: 12, outputTokens: 7 },
          metadata: { note: 1 },
          id: "resp",
        },
      ],
    });
    const final = await model.call(user("weather?"));
    expect(final.id).toBe("resp");
    expect(final.metadata).toEqual({ note: 1 });
    expect(final.usage).toMatchObject({ inputTokens: 12, outputTokens: 7 });
    expect(final.content).toEqual([
      { type: "thinking", thinking: "Let me look" },
      { type: "text", text: "Checking." },
      {
        type: "tool_use",
        id: "t1",
        name: "get_weather",
        input: { city: "Paris" },
        raw_input: '{"city":"Paris"}',
      },
      { type: "tool_use", id: "call_0_1", name: "get_time", input: {}, raw_input: "{}" },
    ]);
  });

  it("records every request, and steps can be functions of the request", async () => {
    const model = new ScriptedChatModel({
      script: [
        (messages, _options, callIndex) =>
          scriptedText(`call ${callIndex}: ${String(messages[0]?.content)}`),
        scriptedToolCall("search", { q: "x" }, { callId: "c9", text: "searching" }),
      ],
    });
    const tools = [
      { type: "function" as const, function: { name: "search", description: "", parameters: {} } },
    ];
    expect((await model.call(user("one"))).content).toEqual([
      { type: "text", text: "call 0: one" },
    ]);
    const second = await model.call(user("two"), { tools, toolChoice: "required" });
    expect((second.content[1] as ToolUseBlock).id).toBe("c9");
    expect(model.callCount).toBe(2);
    expect(model.calls[1]?.messages).toEqual(user("two"));
    expect(model.calls[1]?.options).toMatchObject({ tools, toolChoice: "required", attempt: 1 });
  });

  it("throws scripted errors, which the base class retries when retryable", async () => {
    const model = new ScriptedChatModel({
      script: [
        new ModelError("rate limited", { status: 429, retryable: true, retryAfterMs: 5 }),
        scriptedText("after retry"),
      ],
    });
    expect((await model.call(user("x"))).content).toEqual([{ type: "text", text: "after retry" }]);
    expect(model.callCount).toBe(2);
    expect(model.calls.map((c) => c.options.attempt)).toEqual([1, 2]);
  });

  it("fails clearly when the script runs out", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("only one")] });
    await model.call(user("a"));
    const error = await model.call(user("b")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentScopeError);
    expect((error as Error).message).toMatch(
      /ran out of script: request #2 has no step \(the script had 1 step\(s\)\).*push\(\)/,
    );
    model.push(scriptedText("more"));
    expect((await model.call(user("c"))).content).toEqual([{ type: "text", text: "more" }]);
  });

  it("stops within a few chunk delays when aborted mid-stream", async () => {
    const model = new ScriptedChatModel({
      chunkSize: 1,
      chunkDelayMs: 50,
      script: [scriptedText("abcdefghijklmnopqrstuvwxyz")],
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const c of model.stream(user("x"), { signal: controller.signal })) {
        seen.push((c.content[0] as { text: string }).text);
        if (seen.length === 2) setTimeout(() => controller.abort(), 0);
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(seen).toEqual(["a", "ab"]);
  });

  it("yields one chunk with empty content for an empty step", async () => {
    const model = new ScriptedChatModel({ script: [{}] });
    const chunks = await collect(model.stream(user("x")));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.content).toEqual([]);
  });
});
