import { describe, expect, it } from "vitest";
import { base64ToBytes } from "../utils/base64.js";
import {
  createTTSResponse,
  ttsAudioDelta,
  ttsResponseToDict,
  ttsUsageField,
} from "./tts-response.js";

describe("TTSResponse", () => {
  it("has AgentScope's snake_case dict form", () => {
    const response = createTTSResponse({
      content: null,
      id: "r1",
      createdAt: "2026-01-01 00:00:00.000",
      usage: { inputTokens: 3, outputTokens: 0, time: 0.5 },
      isLast: false,
    });
    expect(ttsResponseToDict(response)).toEqual({
      content: null,
      id: "r1",
      created_at: "2026-01-01 00:00:00.000",
      type: "tts",
      usage: { input_tokens: 3, output_tokens: 0, time: 0.5, type: "tts" },
      metadata: null,
      is_last: false,
    });
    expect(Object.keys(ttsResponseToDict(response))).toEqual([
      "content",
      "id",
      "created_at",
      "type",
      "usage",
      "metadata",
      "is_last",
    ]);
  });

  it("builds a delta from bytes or base64", () => {
    const a = ttsAudioDelta(new Uint8Array([1, 2, 3]), "audio/pcm;rate=16000");
    const b = ttsAudioDelta("AQID", "audio/pcm;rate=16000", { isLast: true });
    expect(a.isLast).toBe(false);
    expect(b.isLast).toBe(true);
    expect(a.content?.source).toEqual(b.content?.source);
    const source = a.content?.source as { data: string };
    expect([...base64ToBytes(source.data)]).toEqual([1, 2, 3]);
  });
});

describe("ttsUsageField", () => {
  it("fills the counts a provider left out, and is empty without usage", () => {
    expect(ttsUsageField({ inputTokens: 5 })).toEqual({
      usage: { inputTokens: 5, outputTokens: 0, time: 0 },
    });
    expect(ttsUsageField(undefined)).toEqual({});
  });
});
