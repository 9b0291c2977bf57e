import { describe, expect, it } from "vitest";
import { Msg } from "../message/msg.js";
import { MessagePrinter } from "./message-printer.js";
import { ConsoleOutputSink, type OutputSink } from "./output-sink.js";

class Capture implements OutputSink {
  writes: string[] = [];
  write(text: string): void {
    this.writes.push(text);
  }
  get text(): string {
    return this.writes.join("");
  }
}

describe("MessagePrinter", () => {
  it("prints a streamed message without reprinting what was printed", () => {
    const printer = new MessagePrinter();
    const out = new Capture();
    const chunk = (text: string) =>
      new Msg({ id: "m1", name: "Friday", content: text, role: "assistant" });
    printer.print(chunk("Hel"), false, out);
    printer.print(chunk("Hello"), false, out);
    printer.print(chunk("Hello"), false, out);
    printer.print(chunk("Hello world"), true, out);
    expect(out.writes).toEqual(["Friday: Hel", "lo", " world\n"]);
    expect(printer.streaming).toBe(0);
  });

  it("prints thinking then text, and tool calls as JSON on the last chunk", () => {
    const printer = new MessagePrinter();
    const out = new Capture();
    const id = "m2";
    printer.print(
      new Msg({
        id,
        name: "A",
        role: "assistant",
        content: [{ type: "thinking", thinking: "hm" }],
      }),
      false,
      out,
    );
    printer.print(
      new Msg({
        id,
        name: "A",
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Hi" },
          { type: "tool_use", id: "t1", name: "add", input: { a: 1 } },
        ],
      }),
      false,
      out,
    );
    expect(out.text).toBe("A(thinking): hmm\nA: Hi");
    printer.print(
      new Msg({
        id,
        name: "A",
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Hi" },
          { type: "tool_use", id: "t1", name: "add", input: { a: 1 } },
          { type: "image", source: { type: "url", url: "http://x/y.png" } },
        ],
      }),
      true,
      out,
    );
    const json = JSON.stringify(
      { type: "tool_use", id: "t1", name: "add", input: { a: 1 } },
      null,
      4,
    );
    expect(out.text).toBe(`A(thinking): hmm\nA: Hi\n${json}\n`);
  });

  it("prints a message of only a tool result with the sender's name", () => {
    const printer = new MessagePrinter();
    const out = new Capture();
    const block = { type: "tool_result" as const, id: "t1", name: "add", output: "3" };
    printer.print(new Msg({ name: "system", role: "system", content: [block] }), true, out);
    expect(out.text).toBe(`system: ${JSON.stringify(block, null, 4)}\n`);
  });

  it("keeps separate prefixes per message id", () => {
    const printer = new MessagePrinter();
    const out = new Capture();
    printer.print(new Msg({ id: "a", name: "A", role: "assistant", content: "one" }), false, out);
    printer.print(new Msg({ id: "b", name: "B", role: "assistant", content: "two" }), false, out);
    printer.print(
      new Msg({ id: "a", name: "A", role: "assistant", content: "one more" }),
      true,
      out,
    );
    expect(out.writes).toEqual(["A: one", "B: two", " more\n"]);
    expect(printer.streaming).toBe(1);
  });
});

describe("ConsoleOutputSink", () => {
  it("logs whole lines only", () => {
    const logged: unknown[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.join(" "));
    try {
      const sink = new ConsoleOutputSink();
      sink.write("A: Hel");
      sink.write("lo\nB: x");
      expect(logged).toEqual(["A: Hello"]);
      sink.write("y\n");
      sink.write("tail");
      sink.flush();
      expect(logged).toEqual(["A: Hello", "B: xy", "tail"]);
    } finally {
      console.log = original;
    }
  });
});
