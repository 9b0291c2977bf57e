import { concatBytes, ModelError } from "@agentscope-ts/core";
import { expectSpeech, speakingAgentTurn, speechPcm } from "@agentscope-ts/test-helpers";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { OpenAITTSModel } from "../tts/openai-tts-model.js";

const ANSWER = "It is sunny in Paris. Take your sunglasses!";
const SENTENCES = ["It is sunny in Paris. ", "Take your sunglasses!"];
const perSentence = SENTENCES.map((s) => speechPcm(s, "@agentscope-ts/openai").pcm);

describe("ReActAgent speaking through OpenAITTSModel", () => {
  it("speaks each sentence once it is complete; the speech decodes in order", async () => {
    await using server = await createTestServer({
      "/v1/audio/speech": {
        response: perSentence.map((pcm) => ({ type: "binary" as const, body: pcm })),
      },
    });
    const tts = new OpenAITTSModel({ apiKey: "k", baseURL: `${server.url}/v1` });
    const turn = await speakingAgentTurn(tts, ANSWER);
    expect(turn.text).toBe(ANSWER);
    expect(turn.warnings).toEqual([]);
    expect(server.calls.map((c) => (c.body as { input: string }).input)).toEqual(SENTENCES);
    expectSpeech(turn.speech, concatBytes(perSentence), 24_000);
  });

  it("keeps the printed answer when the TTS model fails, with a warning naming the error", async () => {
    await using server = await createTestServer({
      "/v1/audio/speech": {
        response: [
          { type: "binary", body: perSentence[0] as Uint8Array },
          { type: "error", status: 400, body: { error: { message: "Invalid voice" } } },
        ],
      },
    });
    const tts = new OpenAITTSModel({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0 });
    const turn = await speakingAgentTurn(tts, ANSWER);
    expect(turn.text).toBe(ANSWER);
    expect(turn.warnings).toHaveLength(1);
    expect(turn.warnings[0]?.error).toBeInstanceOf(ModelError);
    expect(turn.warnings[0]?.message).toMatch(/Invalid voice/);
    expectSpeech(turn.speech, perSentence[0] as Uint8Array, 24_000);
  });
});
