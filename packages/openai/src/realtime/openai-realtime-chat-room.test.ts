import { connect } from "node:net";
import { bytesToBase64, ChatRoom, RealtimeAgent, RealtimeEventLog } from "@agentscope-ts/core";
import { fillAudio, speechPcm } from "@agentscope-ts/test-helpers";
import { createTestServer, readJsonFile, type WebSocketStep } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { OpenAIRealtimeModel } from "./openai-realtime-model.js";

const wire = readJsonFile<Record<string, unknown[]>>(
  new URL("../__fixtures__/realtime/openai-realtime-turn.json", import.meta.url),
);
const line = speechPcm("Hello Bob.", "@agentscope-ts/openai");
const frames = (list: unknown[]): WebSocketStep[] => list.map((data) => ({ type: "send", data }));

describe("ChatRoom on two OpenAI Realtime sessions", () => {
  it("the user's text reaches both agents; Bob hears Alice's speech on his own session", async () => {
    const greet: WebSocketStep[] = [
      ...frames(wire.session ?? []),
      { type: "expect", match: { type: "session.update" } },
      ...frames(wire.sessionUpdated ?? []),
      { type: "expect", match: { type: "conversation.item.create", item: { type: "message" } } },
    ];
    await using server = await createTestServer(
      {},
      {
        websockets: {
          "/alice/v1/realtime": {
            script: [
              ...greet,
              ...frames(fillAudio((wire.answer ?? []).slice(0, 4), [line.pcm])),
              { type: "stall" },
            ],
          },
          "/bob/v1/realtime": {
            script: [
              ...greet,
              { type: "expect", match: { type: "input_audio_buffer.append" } },
              { type: "stall" },
            ],
          },
        },
      },
    );
    const port = Number(new URL(server.url).port);
    const model = (who: string) =>
      new OpenAIRealtimeModel({
        apiKey: "sk-room",
        baseURL: `${server.url}/${who}/v1`,
        webSocketOptions: { createConnection: () => connect(port, "127.0.0.1") },
      });
    const alice = new RealtimeAgent({
      name: "Alice",
      sysPrompt: "You are Alice.",
      model: model("alice"),
    });
    const bob = new RealtimeAgent({ name: "Bob", sysPrompt: "You are Bob.", model: model("bob") });
    const room = new ChatRoom([alice, bob]);
    const log = new RealtimeEventLog();
    await room.start(log.handle);
    await room.handleInput({ type: "client_text_append", text: "Say hello to each other." });

    await log.waitFor("agent_response_audio_delta", (e) => e.agent_name === "Alice");
    await expect
      .poll(() =>
        server
          .connectionsTo("/bob/v1/realtime")[0]
          ?.messages.filter((m) => (m as { type?: string }).type === "input_audio_buffer.append"),
      )
      .toEqual([{ type: "input_audio_buffer.append", audio: bytesToBase64(line.pcm) }]);
    for (const who of ["alice", "bob"]) {
      expect(server.connectionsTo(`/${who}/v1/realtime`)[0]?.messages).toContainEqual({
        type: "conversation.item.create",
        item: {
          type: "message",
          role: "user",
          content: [{ type: "input_text", text: "Say hello to each other." }],
        },
      });
    }
    // Alice does not hear herself.
    expect(
      server
        .connectionsTo("/alice/v1/realtime")[0]
        ?.messages.some((m) => (m as { type?: string }).type === "input_audio_buffer.append"),
    ).toBe(false);
    await room.stop();
    expect(
      log
        .of("agent_ended")
        .map((e) => e.agent_name)
        .sort(),
    ).toEqual(["Alice", "Bob"]);
  });
});
