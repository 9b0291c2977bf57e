import { concatBytes } from "@agentscope-ts/core";
import {
  expectSpeech,
  fillAudio,
  speakingAgentTurn,
  speechPcm,
  splitPcm,
} from "@agentscope-ts/test-helpers";
import { createTestServer, readJsonFile } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath } from "../__fixtures__/wire-fixtures.js";
import { GeminiTTSModel } from "../tts/gemini-tts-model.js";

const ANSWER = "Good morning! The sky is clear today.";
const SENTENCES = ["Good morning! ", "The sky is clear today."];
const perSentence = SENTENCES.map((s) => speechPcm(s, "@agentscope-ts/gemini").pcm);
const chunks = readJsonFile<unknown[]>(
  new URL("../__fixtures__/tts/gemini-tts-stream.json", import.meta.url),
);

describe("ReActAgent speaking through GeminiTTSModel", () => {
  it("speaks each sentence once it is complete; the speech decodes in order", async () => {
    await using server = await createTestServer({
      [geminiPath("gemini-2.5-flash-preview-tts", "streamGenerateContent")]: {
        response: perSentence.map((pcm) => ({
          type: "stream" as const,
          format: "gemini" as const,
          chunks: fillAudio(chunks, splitPcm(pcm, 3)),
        })),
      },
    });
    const tts = new GeminiTTSModel({ apiKey: "k", baseURL: server.url });
    const turn = await speakingAgentTurn(tts, ANSWER);
    expect(turn.text).toBe(ANSWER);
    expect(turn.warnings).toEqual([]);
    const spoken = server.calls.map(
      (c) => (c.body as { contents: { parts: { text: string }[] }[] }).contents[0]?.parts[0]?.text,
    );
    expect(spoken).toEqual(SENTENCES);
    expectSpeech(turn.speech, concatBytes(perSentence), 24_000);
  });
});
