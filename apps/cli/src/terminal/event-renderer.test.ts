import { type AgentEvent, Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { clip, EventRenderer } from "./event-renderer.js";
import { styleFor } from "./style.js";

const base = { agentId: "a", agentName: "Friday", replyId: "r" };

function chunk(msgId: string, text: string, thinking = "", last = false): AgentEvent {
  const msg = new Msg({ id: msgId, name: "Friday", role: "assistant", content: [] });
  return { ...base, type: "model_chunk", msgId, msg, delta: { text, thinking }, last };
}

function render(events: AgentEvent[], options: { color?: boolean; streamText?: boolean } = {}) {
  let out = "";
  const sink = { write: (t: string) => (out += t), isTTY: true };
  const style = styleFor(sink, options.color ? {} : { NO_COLOR: "1" });
  const renderer = new EventRenderer(sink, style, {
    agentName: "Friday",
    streamText: options.streamText ?? true,
    maxResultChars: 20,
  });
  for (const e of events) renderer.render(e);
  return out;
}

describe("EventRenderer", () => {
  const toolUse = { type: "tool_use" as const, id: "c1", name: "echo", input: { message: "hi" } };
  const events: AgentEvent[] = [
    chunk("m1", "", "Let me"),
    chunk("m1", "", " think."),
    chunk("m1", "Calling", ""),
    chunk("m1", " echo.", "", true),
    { ...base, type: "tool_call", msgId: "m1", toolUse },
    {
      ...base,
      type: "tool_result_chunk",
      msgId: "t1",
      toolResult: {
        type: "tool_result",
        id: "c1",
        name: "echo",
        output: [{ type: "text", text: "Echo:\n  hi there, a long line" }],
      },
      last: true,
    },
    chunk("m2", "Done.", "", true),
    {
      ...base,
      type: "reply",
      msgId: "m2",
      msg: new Msg({ id: "m2", name: "Friday", role: "assistant", content: "Done." }),
      interrupted: false,
    },
  ];

  it("streams thinking, text, and tool calls and results in one line each", () => {
    expect(render(events)).toBe(
      [
        "thinking: Let me think.",
        "Friday: Calling echo.",
        '→ echo {"message":"hi"}',
        "← echo: Echo: hi there, a lo… (+7 chars)",
        "Friday: Done.",
        "",
      ].join("\n"),
    );
  });

  it("dims thinking and tool results on a colour terminal", () => {
    const out = render(events, { color: true });
    expect(out).toContain("\x1b[2mthinking: \x1b[22m\x1b[2mLet me\x1b[22m");
    expect(out).toContain("\x1b[2m← echo: Echo: hi there, a lo… (+7 chars)\x1b[22m");
  });

  it("writes a reply that was not streamed, such as the answer to an interruption", () => {
    const interrupted = new Msg({
      id: "m9",
      name: "Friday",
      role: "assistant",
      content: "I noticed that you have interrupted me.",
    });
    const out = render([
      chunk("m1", "Half an ans"),
      { ...base, type: "reply", msgId: "m9", msg: interrupted, interrupted: true },
    ]);
    expect(out).toBe("Friday: Half an ans\nFriday: I noticed that you have interrupted me.\n");
  });

  it("shows only tool calls when text is not streamed (run)", () => {
    expect(render(events, { streamText: false })).toBe(
      '→ echo {"message":"hi"}\n← echo: Echo: hi there, a lo… (+7 chars)\n',
    );
  });

  it("clip folds whitespace and says how much it cut", () => {
    expect(clip("a\n b", 10)).toBe("a b");
    expect(clip("abcdef", 3)).toBe("abc… (+3 chars)");
  });

  it("draws a tool call once, whether toolCall() or its event comes first", () => {
    let out = "";
    const sink = { write: (t: string) => (out += t), isTTY: true };
    const renderer = new EventRenderer(sink, styleFor(sink, { NO_COLOR: "1" }), {
      agentName: "Friday",
      streamText: true,
    });
    renderer.toolCall(toolUse);
    renderer.render({ ...base, type: "tool_call", msgId: "m1", toolUse });
    const second = { ...toolUse, id: "c2" };
    renderer.render({ ...base, type: "tool_call", msgId: "m1", toolUse: second });
    renderer.toolCall(second);
    expect(out).toBe('→ echo {"message":"hi"}\n→ echo {"message":"hi"}\n');
  });
});
