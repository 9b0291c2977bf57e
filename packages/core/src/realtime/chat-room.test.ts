import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { ScriptedRealtimeModel } from "../testing/scripted-realtime-model.js";
import { pcm16Bytes, pcm16Samples } from "../tts/pcm.js";
import { base64ToBytes, bytesToBase64 } from "../utils/base64.js";
import { ChatRoom } from "./chat-room.js";
import { RealtimeAgent } from "./realtime-agent.js";
import { RealtimeEventLog } from "./realtime-event-log.js";

describe("ChatRoom", () => {
  it("two agents and a user: the user reaches both, each hears the other, the front end hears all", async () => {
    const alice = new ScriptedRealtimeModel({ inputSampleRate: 16_000, outputSampleRate: 24_000 });
    const bob = new ScriptedRealtimeModel({ inputSampleRate: 24_000, outputSampleRate: 24_000 });
    const room = new ChatRoom([
      new RealtimeAgent({ name: "Alice", sysPrompt: "You are Alice.", model: alice }),
      new RealtimeAgent({ name: "Bob", sysPrompt: "You are Bob.", model: bob }),
    ]);
    const log = new RealtimeEventLog();
    await room.start(log.handle);
    await log.waitFor("agent_ready", (e) => e.agent_name === "Alice");
    await log.waitFor("agent_ready", (e) => e.agent_name === "Bob");

    await room.handleInput({ type: "client_text_append", text: "Hi both!" });
    for (const model of [alice, bob]) {
      expect(
        model.calls.filter((c) => c.kind === "send").map((c) => c.kind === "send" && c.block),
      ).toEqual([{ type: "text", text: "Hi both!" }]);
    }

    // Alice speaks 6 samples at 24 kHz: Bob (24 kHz) hears them as they are; Alice does not hear herself.
    const speech = bytesToBase64(pcm16Bytes([1, 2, 3, 4, 5, 6]));
    alice.push(
      { type: "model_response_created", response_id: "r_a" },
      {
        type: "model_response_audio_delta",
        response_id: "r_a",
        item_id: "i_a",
        delta: speech,
        format: { type: "audio/pcm", rate: 24_000 },
      },
    );
    await log.waitFor("agent_response_audio_delta", (e) => e.agent_name === "Alice");
    await Promise.resolve();
    const heardByBob = bob.calls.filter((c) => c.kind === "send" && c.block.type === "audio");
    expect(heardByBob).toHaveLength(1);
    expect(alice.calls.filter((c) => c.kind === "send" && c.block.type === "audio")).toHaveLength(
      0,
    );

    // Bob answers at 24 kHz; Alice listens at 16 kHz and gets it resampled (6 → 4 samples).
    bob.push({
      type: "model_response_audio_delta",
      response_id: "r_b",
      item_id: "i_b",
      delta: speech,
      format: { type: "audio/pcm", rate: 24_000 },
    });
    await Promise.resolve();
    const heardByAlice = alice.calls.find((c) => c.kind === "send" && c.block.type === "audio");
    if (
      heardByAlice?.kind !== "send" ||
      heardByAlice.block.type !== "audio" ||
      heardByAlice.block.source.type !== "base64"
    ) {
      throw new Error("Alice did not hear Bob");
    }
    expect(pcm16Samples(base64ToBytes(heardByAlice.block.source.data))).toHaveLength(4);
    expect(log.of("agent_response_audio_delta").map((e) => e.agent_name)).toEqual(["Alice", "Bob"]);

    await room.stop();
    expect(
      log
        .of("agent_ended")
        .map((e) => e.agent_name)
        .sort(),
    ).toEqual(["Alice", "Bob"]);
    expect([alice.state, bob.state]).toEqual(["closed", "closed"]);
  });

  it("stops the agents it started when one fails to start, and refuses an empty room", async () => {
    const ok = new ScriptedRealtimeModel();
    const stuck = new ScriptedRealtimeModel({ stallConnect: true, connectTimeout: 20 });
    const room = new ChatRoom([
      new RealtimeAgent({ name: "A", sysPrompt: "", model: ok }),
      new RealtimeAgent({ name: "B", sysPrompt: "", model: stuck }),
    ]);
    await expect(room.start(() => {})).rejects.toThrow("connectTimeout");
    expect(ok.state).toBe("closed");
    expect(() => new ChatRoom([])).toThrow(ValidationError);
  });
});
