import { describe, expect, it } from "vitest";
import { frameChunk, streamContentType, streamTrailer } from "./sse-framing.js";

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

  it("frames Ollama chunks as newline-delimited JSON with no trailer", () => {
    expect(frameChunk("ollama", '{"done": false}')).toBe('{"done": false}\n');
    expect(frameChunk("ollama", { done: true })).toBe('{"done":true}\n');
    expect(streamTrailer("ollama")).toBe("");
    expect(streamContentType("ollama")).toBe("application/x-ndjson");
    expect(streamContentType("openai")).toBe("text/event-stream");
  });

  it("frames DashScope chunks as numbered result events, and chunks with a code as errors", () => {
    expect(frameChunk("dashscope", '{"output":{}}', 0)).toBe(
      'id:1\nevent:result\n:HTTP_STATUS/200\ndata:{"output":{}}\n\n',
    );
    expect(frameChunk("dashscope", { code: "Throttling.RateQuota", message: "slow" }, 2)).toBe(
      'id:3\nevent:error\n:HTTP_STATUS/429\ndata:{"code":"Throttling.RateQuota","message":"slow"}\n\n',
    );
    expect(frameChunk("dashscope", { code: "", output: {} }, 1)).toMatch(/^id:2\nevent:result\n/);
    expect(streamTrailer("dashscope")).toBe("");
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
