import { Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { geminiPath, wireJson } from "../__fixtures__/wire-fixtures.js";
import { GeminiChatFormatter } from "../formatter/gemini-chat-formatter.js";
import { GeminiChatModel } from "../model/gemini-chat-model.js";

const MODEL = "gemini-3-pro-preview";
const thoughtSig1 = "c2lnbmF0dXJlLW9mLXRob3VnaHQtb25l";
const thoughtSig2 = "c2lnbmF0dXJlLW9mLXRob3VnaHQtdHdv";
const callSig = "c2lnbmF0dXJlLW9mLXRoZS1jYWxs";

const chunk = (parts: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  usageMetadata: { promptTokenCount: 20, totalTokenCount: 90 },
  responseId: "r-sigs",
});

/**
 * One answer with two separately signed thought runs (each closed by an empty thought part that
 * holds only its signature, as Gemini streams them), text, then two parallel calls of which only
 * the first is signed (Gemini 3's rule for parallel calls).
 */
const answer = [
  chunk([{ text: "Paris first.", thought: true }]),
  chunk([{ text: "", thought: true, thoughtSignature: thoughtSig1 }]),
  chunk([{ text: " Then London.", thought: true }]),
  chunk([{ text: "", thought: true, thoughtSignature: thoughtSig2 }]),
  chunk([{ text: "Checking both cities." }]),
  chunk(
    [
      { functionCall: { name: "weather", args: { location: "Paris" } }, thoughtSignature: callSig },
      { functionCall: { name: "weather", args: { location: "London" } } },
    ],
    { finishReason: "STOP" },
  ),
];

describe("Gemini thinking with several signatures, streamed and sent back", () => {
  it("joins the thought runs into one thinking block and sends the signatures back where Gemini checks them, in order", async () => {
    await using server = await createTestServer({
      [geminiPath(MODEL, "streamGenerateContent")]: {
        response: { type: "stream", format: "gemini", chunks: answer },
      },
      [geminiPath(MODEL, "generateContent")]: {
        response: { type: "json", body: wireJson("google-text") },
      },
    });
    const model = new GeminiChatModel({
      modelName: MODEL,
      apiKey: "test-key",
      baseURL: server.url,
      thinkingConfig: { includeThoughts: true },
    });
    const chunks = [];
    for await (const c of model.stream([{ role: "user", parts: [{ text: "Weather?" }] }])) {
      chunks.push(c);
    }
    const last = chunks.at(-1)!;
    // AgentScope's layout (thinking first): one thinking block without a signature; the last
    // non-call signature on the text block; each call's own signature on its tool_use block.
    expect(last.content).toEqual([
      { type: "thinking", thinking: "Paris first. Then London." },
      { type: "text", text: "Checking both cities.", thought_signature: thoughtSig2 },
      {
        type: "tool_use",
        id: callSig,
        name: "weather",
        input: { location: "Paris" },
        raw_input: '{"location": "Paris"}',
        thought_signature: callSig,
      },
      {
        type: "tool_use",
        id: "call_1",
        name: "weather",
        input: { location: "London" },
        raw_input: '{"location": "London"}',
      },
    ]);
    // The first chunk was not changed by the later thought run.
    expect(chunks[0]?.content).toEqual([{ type: "thinking", thinking: "Paris first." }]);

    const formatted = await new GeminiChatFormatter().format([
      new Msg("user", "Weather?", "user"),
      new Msg("Friday", last.content, "assistant"),
    ]);
    const modelParts = formatted[1]?.parts;
    expect(modelParts).toEqual([
      { text: "Checking both cities.", thought_signature: thoughtSig2 },
      {
        function_call: { id: null, name: "weather", args: { location: "Paris" } },
        thought_signature: callSig,
      },
      { function_call: { id: null, name: "weather", args: { location: "London" } } },
    ]);

    // Through the SDK onto the wire: both signatures, in the order they came.
    await new GeminiChatModel({
      modelName: MODEL,
      apiKey: "test-key",
      baseURL: server.url,
      stream: false,
    }).call(formatted);
    const sent = JSON.stringify(server.calls[1]?.body);
    const at = [thoughtSig2, callSig].map((sig) => sent.indexOf(`"thoughtSignature":"${sig}"`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at[0]).toBeLessThan(at[1] as number);
    // Thought text and the first run's signature stay home: Gemini reads no thought parts back
    // and checks only the calls' signatures (AgentScope's formatter skips thinking blocks too).
    expect(sent).not.toContain("Paris first.");
    expect(sent).not.toContain(thoughtSig1);
  });
});
