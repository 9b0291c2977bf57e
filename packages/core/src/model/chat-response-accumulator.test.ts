import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolUseBlock } from "../message/content-block.js";

// Counts the characters handed to the JSON repair functions, to check the work stays linear.
const repaired = vi.hoisted(() => ({ chars: 0 }));
vi.mock("./partial-json.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./partial-json.js")>();
  return {
    ...real,
    parsePartialJson: (text: string) => {
      repaired.chars += text.length;
      return real.parsePartialJson(text);
    },
    parseStreamingJsonDict: (...args: Parameters<typeof real.parseStreamingJsonDict>) => {
      repaired.chars += args[0].length;
      return real.parseStreamingJsonDict(...args);
    },
  };
});

import { ChatResponseAccumulator } from "./chat-response-accumulator.js";
import { chunkDeltaOf } from "./chunk-delta.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("ChatResponseAccumulator", () => {
  it("builds cumulative chunks in AgentScope's block order without touching earlier ones", () => {
    const acc = new ChatResponseAccumulator({ id: "resp-1" });
    acc.addText("Hel");
    const first = acc.snapshot();
    acc.addThinking("hmm").addText("lo");
    const second = acc.snapshot();
    expect(first.content).toEqual([{ type: "text", text: "Hel" }]);
    expect(second.content).toEqual([
      { type: "thinking", thinking: "hmm" },
      { type: "text", text: "Hello" },
    ]);
    expect(second.id).toBe("resp-1");
    expect(second.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  });

  it("assembles two interleaved tool calls by index", () => {
    const acc = new ChatResponseAccumulator();
    acc.addToolCallDelta({ index: 0, id: "call_a", name: "get_weather", arguments: '{"ci' });
    acc.addToolCallDelta({ index: 1, id: "call_b", name: "search", arguments: '{"q": "ne' });
    const mid = acc.snapshot();
    acc.addToolCallDelta({ index: 0, arguments: 'ty": "Paris"}' });
    acc.addToolCallDelta({ index: 1, name: "ignored", arguments: 'ws"}' });
    const end = acc.snapshot();

    const midCalls = mid.content as ToolUseBlock[];
    expect(midCalls.map((b) => [b.id, b.name, b.input])).toEqual([
      ["call_a", "get_weather", {}],
      ["call_b", "search", { q: "ne" }],
    ]);
    expect(end.content).toEqual([
      {
        type: "tool_use",
        id: "call_a",
        name: "get_weather",
        input: { city: "Paris" },
        raw_input: '{"city": "Paris"}',
      },
      {
        type: "tool_use",
        id: "call_b",
        name: "search",
        input: { q: "news" },
        raw_input: '{"q": "news"}',
      },
    ]);
    expect(acc.finish()).toBeUndefined();
  });

  it("matches pieces by id when the API sends no index, and continues the latest call otherwise", () => {
    const acc = new ChatResponseAccumulator();
    acc.addToolCallDelta({ id: "x", name: "a", arguments: '{"k":' });
    acc.addToolCallDelta({ id: "y", name: "b", arguments: "{}" });
    acc.addToolCallDelta({ id: "x", arguments: " 1}" });
    acc.addToolCallDelta({ arguments: "" });
    const blocks = acc.response().content as ToolUseBlock[];
    expect(blocks.map((b) => [b.id, b.input])).toEqual([
      ["x", { k: 1 }],
      ["y", {}],
    ]);
  });

  it("keeps input {} until finish() with parseToolInput 'final', then yields a final chunk", () => {
    const acc = new ChatResponseAccumulator({ parseToolInput: "final" });
    acc.addToolCallDelta({ index: 0, id: "c", name: "t", arguments: '{"a": 1}' });
    expect((acc.snapshot().content[0] as ToolUseBlock).input).toEqual({});
    const last = acc.finish();
    expect((last!.content[0] as ToolUseBlock).input).toEqual({ a: 1 });
  });

  it("parses valid streamed arguments incrementally: every chunk up to date, no repair pass", () => {
    const acc = new ChatResponseAccumulator();
    const value = "x".repeat(5000);
    repaired.chars = 0;
    acc.addToolCallDelta({ index: 0, id: "c", name: "write", arguments: `{"text": "${value}` });
    const first = acc.snapshot();
    acc.addToolCallDelta({ index: 0, arguments: "yy" });
    const second = acc.snapshot();
    expect((first.content[0] as ToolUseBlock).input).toEqual({ text: value });
    expect((second.content[0] as ToolUseBlock).input).toEqual({ text: `${value}yy` });
    acc.addToolCallDelta({ index: 0, arguments: '", "n": [1, tr' });
    expect((acc.snapshot().content[0] as ToolUseBlock).input).toEqual({
      text: `${value}yy`,
      n: [1, true],
    });
    acc.addToolCallDelta({ index: 0, arguments: "ue]}" });
    const last = acc.snapshot();
    expect((last.content[0] as ToolUseBlock).input).toEqual({ text: `${value}yy`, n: [1, true] });
    expect(acc.finish()).toBeUndefined();
    expect(repaired.chars).toBe(0);
  });

  it("carries each chunk's added text and thinking beside it", () => {
    const acc = new ChatResponseAccumulator();
    acc.addText("Hel").addThinking("hm");
    const first = acc.snapshot();
    acc.addText("lo");
    const second = acc.snapshot();
    const third = acc.snapshot();
    expect(chunkDeltaOf(first.content)).toEqual({ text: "Hel", thinking: "hm" });
    expect(chunkDeltaOf(second.content)).toEqual({ text: "lo", thinking: "" });
    // A chunk that added neither carries none (readers see from the lengths that nothing is new).
    expect(chunkDeltaOf(third.content)).toBeUndefined();
    acc.addToolCallDelta({ index: 0, id: "call_1", name: "get_weather", arguments: '{"ci' });
    expect(chunkDeltaOf(acc.snapshot().content)).toBeUndefined();
    acc.addText("!");
    expect(chunkDeltaOf(acc.snapshot().content)).toEqual({ text: "!", thinking: "" });
  });

  it("re-repairs long malformed arguments lazily, and finish() brings them up to date", () => {
    // Single quotes are not JSON: the incremental parser gives up and the repair takes over.
    const acc = new ChatResponseAccumulator();
    const value = "x".repeat(5000);
    acc.addToolCallDelta({ index: 0, id: "c", name: "write", arguments: `{'text': '${value}` });
    const first = acc.snapshot();
    expect(((first.content[0] as ToolUseBlock).input.text as string).length).toBe(5000);
    acc.addToolCallDelta({ index: 0, arguments: "yy" });
    const lagging = acc.snapshot();
    // A 2-character growth of a 5 KB argument is not repaired again yet...
    expect(((lagging.content[0] as ToolUseBlock).input.text as string).length).toBe(5000);
    expect((lagging.content[0] as ToolUseBlock).raw_input?.endsWith("yy")).toBe(true);
    // ...but the final chunk is exact.
    acc.addToolCallDelta({ index: 0, arguments: "'}" });
    const final = acc.finish();
    expect((final!.content[0] as ToolUseBlock).input.text).toBe(`${value}yy`);
  });

  it("adds whole tool calls, thinking signatures, audio and usage", () => {
    vi.useFakeTimers({ now: 100_000, toFake: ["Date"] });
    const acc = new ChatResponseAccumulator({ startTime: 100_000 - 1500 });
    acc.setToolCall({ id: "g1", name: "f", input: { a: 1 }, rawInput: '{"a": 1}' });
    acc.addThinking("t").setThinkingSignature("sig");
    acc.addAudio("AAA", "audio/mp3").addAudio("BBB");
    acc.setUsage({ inputTokens: 10 }).setUsage({ outputTokens: 4 });
    const r = acc.snapshot();
    expect(r.content).toEqual([
      { type: "thinking", thinking: "t", signature: "sig" },
      { type: "audio", source: { type: "base64", media_type: "audio/mp3", data: "AAABBB" } },
      { type: "tool_use", id: "g1", name: "f", input: { a: 1 }, raw_input: '{"a": 1}' },
    ]);
    expect(r.usage).toMatchObject({ inputTokens: 10, outputTokens: 4 });
    expect(r.usage?.time).toBe(1.5);
  });

  it("joins unsigned thinking segments into one block, as providers of plain reasoning stream it", () => {
    const acc = new ChatResponseAccumulator();
    acc.addThinking("First, ").addThinking("the weather.");
    const first = acc.snapshot();
    acc.addThinking(" Then the time.").addText("Checking.");
    const second = acc.snapshot();
    expect(first.content).toEqual([{ type: "thinking", thinking: "First, the weather." }]);
    expect(second.content).toEqual([
      { type: "thinking", thinking: "First, the weather. Then the time." },
      { type: "text", text: "Checking." },
    ]);
    expect(chunkDeltaOf(second.content)).toEqual({
      text: "Checking.",
      thinking: " Then the time.",
    });
  });

  it("keeps each signed thinking block apart with its own signature, leaving yielded chunks alone", () => {
    // Claude rejects a thinking block whose signature is not its own: a block signed once is
    // closed, and thinking after it opens the next block.
    const acc = new ChatResponseAccumulator();
    acc.addThinking("First, ").addThinking("the weather.").setThinkingSignature("sig-1");
    const first = acc.snapshot();
    acc.addThinking(" Then the time.").setThinkingSignature("sig-2").addText("Checking.");
    const second = acc.snapshot();
    expect(first.content).toEqual([
      { type: "thinking", thinking: "First, the weather.", signature: "sig-1" },
    ]);
    expect(second.content).toEqual([
      { type: "thinking", thinking: "First, the weather.", signature: "sig-1" },
      { type: "thinking", thinking: " Then the time.", signature: "sig-2" },
      { type: "text", text: "Checking." },
    ]);
    expect(chunkDeltaOf(first.content)?.thinking).toBe("First, the weather.");
    expect(chunkDeltaOf(second.content)).toEqual({
      text: "Checking.",
      thinking: " Then the time.",
    });
  });

  it("starts a new thinking block when the provider says so, and keeps whole blocks in order", () => {
    const acc = new ChatResponseAccumulator();
    acc.addThinking("one");
    acc.startThinkingBlock().addThinking("two");
    acc.addThinkingBlock({ type: "thinking", thinking: "", redacted_data: "enc" } as never);
    acc.addThinking("three").setThinkingSignature("sig-3");
    expect(acc.snapshot().content).toEqual([
      { type: "thinking", thinking: "one" },
      { type: "thinking", thinking: "two" },
      { type: "thinking", thinking: "", redacted_data: "enc" },
      { type: "thinking", thinking: "three", signature: "sig-3" },
    ]);
  });

  it("keeps a signed thinking block without text (thinking not shown) and counts it as content", () => {
    const acc = new ChatResponseAccumulator();
    acc.setThinkingSignature("sig-only");
    expect(acc.hasContent).toBe(true);
    expect(acc.snapshot().content).toEqual([
      { type: "thinking", thinking: "", signature: "sig-only" },
    ]);
  });

  it("derives structured output metadata from the text or the last tool call", () => {
    const text = new ChatResponseAccumulator({ structuredOutput: "text" });
    text.addText('{"answer": "4');
    expect(text.snapshot().metadata).toEqual({ answer: "4" });
    text.addText('2"}');
    expect(text.snapshot().metadata).toEqual({ answer: "42" });

    const tool = new ChatResponseAccumulator({ structuredOutput: "tool_use" });
    tool.addToolCallDelta({ index: 0, id: "s", name: "generate_response", arguments: '{"ok": tr' });
    expect(tool.snapshot().metadata).toEqual({ ok: true });

    const explicit = new ChatResponseAccumulator({ structuredOutput: "text" });
    explicit.addText("{}").setMetadata({ given: 1 });
    expect(explicit.snapshot().metadata).toEqual({ given: 1 });
  });

  it("streams a 60 KB malformed argument in 1-character deltas with linear, not quadratic, repair work", () => {
    // Re-repairing the whole argument on every delta would hand the repair about 1.8 billion
    // characters here (60k repairs of up to 60 KB); the amortised repairs stay a small multiple.
    const acc = new ChatResponseAccumulator();
    const json = `{'text': '${"y".repeat(60_000)}'}`;
    repaired.chars = 0;
    acc.addToolCallDelta({ index: 0, id: "c", name: "write" });
    let chunks = 0;
    for (const ch of json) {
      acc.addToolCallDelta({ index: 0, arguments: ch }).addText(ch === "y" ? "" : ch);
      acc.snapshot();
      chunks++;
    }
    const final = acc.finish() ?? acc.snapshot();
    expect(chunks).toBe(json.length);
    expect(((final.content.at(-1) as ToolUseBlock).input.text as string).length).toBe(60_000);
    expect(repaired.chars).toBeGreaterThan(json.length);
    // Measured: about 43 × the length (eager repairs of the first 2 KB, then every eighth of
    // growth); quadratic would be about 30 000 ×.
    expect(repaired.chars).toBeLessThan(100 * json.length);
  });
});
