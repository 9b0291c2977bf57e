import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentEvent, Msg, ReActAgent } from "@agentscope-ts/core";
import { weatherAndTimeToolkit } from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { dashscopeStream } from "../__fixtures__/wire-fixtures.js";
import { DashScopeChatFormatter } from "../formatter/dashscope-chat-formatter.js";
import { DashScopeChatModel } from "../model/dashscope-chat-model.js";

const TEXT = "/api/v1/services/aigc/text-generation/generation";
const MULTIMODAL = "/api/v1/services/aigc/multimodal-generation/generation";

/** One DashScope stream event (incremental_output, result_format "message"). */
function event(requestId: string, message: Record<string, unknown>, finish = "null", out = 1) {
  return {
    output: {
      choices: [{ message: { role: "assistant", content: "", ...message }, finish_reason: finish }],
    },
    usage: { input_tokens: 300, output_tokens: out, total_tokens: 300 + out },
    request_id: requestId,
  };
}

/** A turn that thinks, then calls `name` with its arguments split over two events. */
function toolTurn(requestId: string, thinking: string, id: string, name: string) {
  return [
    event(requestId, { reasoning_content: thinking }),
    event(requestId, {
      tool_calls: [
        { index: 0, id, type: "function", function: { name, arguments: '{"location": "Hang' } },
      ],
    }),
    event(
      requestId,
      { tool_calls: [{ index: 0, id: "", type: "function", function: { arguments: 'zhou"}' } }] },
      "tool_calls",
      12,
    ),
  ];
}

const answerParts = ["It is cloudy and 7°C", " in Hangzhou, where it is 09:30."];
const answerTurn = [
  event("r3", { reasoning_content: "Both tools answered." }),
  ...answerParts.map((content, i) =>
    event("r3", { content }, i === answerParts.length - 1 ? "stop" : "null", 10 + i),
  ),
];

function agentFor(server: TestServer, calls: string[]) {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new DashScopeChatModel({
      modelName: "qwen3-max",
      apiKey: "test-key",
      enableThinking: true,
      baseHttpApiUrl: `${server.url}/api/v1`,
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    }),
    formatter: new DashScopeChatFormatter(),
    toolkit: weatherAndTimeToolkit(calls),
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

describe("ReActAgent with DashScopeChatModel against the test server", () => {
  it("completes a two-tool conversation with thinking, streaming", async () => {
    await using server = await createTestServer({
      [TEXT]: {
        response: [
          {
            type: "stream",
            format: "dashscope",
            chunks: toolTurn("r1", "Weather first.", "call_w", "weather"),
            delayMs: 2,
          },
          {
            type: "stream",
            format: "dashscope",
            chunks: toolTurn("r2", "Now the time.", "call_t", "local_time"),
            delayMs: 2,
          },
          { type: "stream", format: "dashscope", chunks: answerTurn, delayMs: 2 },
        ],
      },
    });
    const calls: string[] = [];
    const agent = agentFor(server, calls);
    const events: AgentEvent[] = [];
    for await (const e of agent.stream(new Msg("user", "Weather and time in Hangzhou?", "user"))) {
      events.push(e);
    }
    const reply = events.find((e) => e.type === "reply");
    expect(reply?.type === "reply" && reply.msg.getTextContent()).toBe(answerParts.join(""));
    expect(calls).toEqual(["weather:Hangzhou", "time:Hangzhou"]);
    expect(
      events
        .filter((e) => e.type === "tool_call")
        .map((e) => e.type === "tool_call" && e.toolUse.name),
    ).toEqual(["weather", "local_time"]);
    const thinking = events
      .filter((e) => e.type === "model_chunk")
      .map((e) => (e.type === "model_chunk" ? e.delta.thinking : ""))
      .join("");
    expect(thinking).toBe("Weather first.Now the time.Both tools answered.");

    // Every request streams with thinking and offers both tools; the last one carries both tool
    // calls (empty content, as the reference sends them) and their results.
    expect(server.calls).toHaveLength(3);
    for (const call of server.calls) {
      expect(call.headers["x-dashscope-sse"]).toBe("enable");
      const body = call.body as { parameters: Record<string, unknown> };
      expect(body.parameters).toMatchObject({
        result_format: "message",
        incremental_output: true,
        enable_thinking: true,
      });
      expect(
        (body.parameters.tools as { function: { name: string } }[]).map((t) => t.function.name),
      ).toEqual(["weather", "local_time"]);
    }
    const third = (server.calls[2]!.body as { input: { messages: Record<string, unknown>[] } })
      .input.messages;
    expect(third[0]).toEqual({
      role: "system",
      content: "You are a helpful assistant named Friday.",
    });
    expect(third).toContainEqual({
      role: "assistant",
      content: [],
      tool_calls: [
        {
          id: "call_w",
          type: "function",
          function: { name: "weather", arguments: '{"location": "Hangzhou"}' },
        },
      ],
    });
    expect(third).toContainEqual({
      role: "tool",
      tool_call_id: "call_t",
      content: "09:30 in Hangzhou",
      name: "local_time",
    });
  });

  it("sends a Qwen-VL request carrying an image read from a local file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dashscope-vl-"));
    try {
      const path = join(dir, "dog.png");
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      writeFileSync(path, bytes);
      await using server = await createTestServer({
        [MULTIMODAL]: { response: dashscopeStream("qwen-vl") },
      });
      const formatter = new DashScopeChatFormatter();
      const model = new DashScopeChatModel({
        modelName: "qwen-vl-max",
        apiKey: "test-key",
        baseHttpApiUrl: `${server.url}/api/v1`,
      });
      const messages = await formatter.format([
        new Msg(
          "user",
          [
            { type: "text", text: "What is in the image?" },
            { type: "image", source: { type: "url", url: `file://${path}` } },
          ],
          "user",
        ),
      ]);
      const response = await model.call(messages);
      expect(server.calls[0]?.path).toBe(MULTIMODAL);
      expect(server.calls[0]?.body).toEqual({
        model: "qwen-vl-max",
        input: {
          messages: [
            {
              role: "user",
              content: [
                { text: "What is in the image?" },
                { image: `data:image/png;base64,${bytes.toString("base64")}` },
              ],
            },
          ],
        },
        parameters: { result_format: "message", incremental_output: true },
      });
      expect(response.content).toEqual([
        { type: "text", text: "The image showsa dog and a girl on a beach." },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
