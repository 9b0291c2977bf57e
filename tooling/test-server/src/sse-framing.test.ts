import { describe, expect, it } from "vitest";
import { frameChunk, streamTrailer } from "./sse-framing.js";

describe("frameChunk", () => {
  it("frames OpenAI-style chunks as data lines, strings byte for byte", () => {
    expect(frameChunk("openai", '{"a": 1}')).toBe('data: {"a": 1}\n\n');
    expect(frameChunk("openai", { a: 1 })).toBe('data: {"a":1}\n\n');
    expect(streamTrailer("openai")).toBe("data: [DONE]\n\n");
  });

  it("frames Anthropic chunks as event/data pairs named by their type", () => {
    expect(frameChunk("anthropic", '{"type":"message_stop"}')).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(() => frameChunk("anthropic", { no: "type" })).toThrow(/needs a string "type"/);
    expect(streamTrailer("anthropic")).toBe("");
  });

  it("frames Gemini alt=sse chunks with CRLF separators and no trailer", () => {
    expect(frameChunk("gemini", { candidates: [] })).toBe('data: {"candidates":[]}\r\n\r\n');
    expect(streamTrailer("gemini")).toBe("");
  });

  it("frames OpenAI Responses events like Anthropic's: event named by type, no [DONE]", () => {
    expect(frameChunk("openai-responses", { type: "response.completed" })).toBe(
      'event: response.completed\ndata: {"type":"response.completed"}\n\n',
    );
    expect(streamTrailer("openai-responses")).toBe("");
  });

  it("writes raw chunks exactly as given, with no trailer", () => {
    expect(frameChunk("raw", ": ping\n\n")).toBe(": ping\n\n");
    expect(frameChunk("raw", "data: {bad\n\n")).toBe("data: {bad\n\n");
    expect(streamTrailer("raw")).toBe("");
  });
});
