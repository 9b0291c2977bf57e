import { describe, expect, it } from "vitest";
import type { ContentBlock } from "../message/content-block.js";
import { Msg, type MsgRole } from "../message/msg.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import { systemTextMessage } from "./system-text-message.js";
import {
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "./truncated-formatter-base.js";
import { TruncationError } from "./truncation-error.js";

type Formatted = Record<string, unknown>;

/** A tiny chat formatter in the style of OpenAIChatFormatter: one entry per message. */
class FakeChatFormatter extends TruncatedFormatterBase {
  protected override async formatMessages(msgs: Msg[]): Promise<Formatted[]> {
    const out: Formatted[] = [];
    for (const msg of msgs) {
      const text: string[] = [];
      const toolCalls: Formatted[] = [];
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") text.push(block.text);
        else if (block.type === "tool_use") toolCalls.push({ id: block.id, name: block.name });
        else if (block.type === "tool_result") {
          const { text: output } = await this.convertToolResultToString(block.output);
          out.push({ role: "tool", tool_call_id: block.id, content: output });
        }
      }
      if (text.length > 0 || toolCalls.length > 0) {
        out.push({
          role: msg.role,
          name: msg.name,
          content: text.join("\n"),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        });
      }
    }
    return out;
  }
}

const HISTORY_PROMPT = "# Conversation History\n";

/** A tiny multi-agent formatter in the style of OpenAIMultiAgentFormatter (base grouping). */
class FakeMultiAgentFormatter extends TruncatedFormatterBase {
  protected override async formatSystemMessage(msg: Msg): Promise<Formatted> {
    return { ...systemTextMessage(msg) };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<Formatted[]> {
    return new FakeChatFormatter({ saveBase64Data: this.saveBase64Data }).format(msgs);
  }

  protected override async formatAgentMessage(msgs: Msg[], isFirst: boolean) {
    const lines = msgs.map((m) => `${m.name}: ${m.getTextContent() ?? ""}`).join("\n");
    const prompt = isFirst ? HISTORY_PROMPT : "";
    return [{ role: "user", content: `${prompt}<history>\n${lines}\n</history>` }];
  }
}

/** Counts one token per character of the JSON of each message, and counts its own calls. */
class CharCounter implements TokenCounter {
  calls = 0;
  lastTools: readonly unknown[] | undefined;
  async count(messages: readonly Record<string, unknown>[], tools?: readonly unknown[]) {
    this.calls++;
    this.lastTools = tools;
    let n = tools ? JSON.stringify(tools).length : 0;
    for (const m of messages) n += JSON.stringify(m).length;
    return n;
  }
}

const msg = (name: string, role: MsgRole, content: string | ContentBlock[]) =>
  new Msg({ name, role, content });
const sys = (text = "You are a helpful assistant.") => msg("system", "system", text);
const user = (text: string) => msg("user", "user", text);
const bot = (text: string) => msg("assistant", "assistant", text);
const toolUse = (...ids: string[]) =>
  msg(
    "assistant",
    "assistant",
    ids.map((id) => ({ type: "tool_use", id, name: "get_capital", input: { id } })),
  );
const toolResult = (id: string, role: MsgRole = "system") =>
  msg("system", role, [{ type: "tool_result", id, name: "get_capital", output: `result ${id}` }]);

async function tokensOf(
  msgs: Msg[],
  make: (o: TruncatedFormatterBaseOptions) => TruncatedFormatterBase = (o) =>
    new FakeChatFormatter(o),
) {
  return new CharCounter().count(await make({}).format(msgs));
}

describe("TruncatedFormatterBase", () => {
  it("formats without counting when tokenCounter or maxTokens is missing", async () => {
    const counter = new CharCounter();
    const msgs = [sys(), user("hi"), bot("hello")];
    const out = await new FakeChatFormatter({ tokenCounter: counter }).format(msgs);
    expect(out).toHaveLength(3);
    expect(await new FakeChatFormatter({ maxTokens: 1 }).format(msgs)).toEqual(out);
    expect(counter.calls).toBe(0);
  });

  it("returns everything with one counter call when it fits, passing the tools to the counter", async () => {
    const counter = new CharCounter();
    const msgs = [sys(), user("hi"), bot("hello")];
    const tools = [{ type: "function", function: { name: "f" } }];
    const budget = (await tokensOf(msgs)) + JSON.stringify(tools).length;
    const formatter = new FakeChatFormatter({ tokenCounter: counter, maxTokens: budget });
    const out = await formatter.format(msgs, { tools });
    expect(out.map((m) => m.content)).toEqual(["You are a helpful assistant.", "hi", "hello"]);
    expect(counter.calls).toBe(1);
    expect(counter.lastTools).toBe(tools);
    // The tools count against the budget: one token less and the oldest message goes.
    const tight = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: budget - 1 });
    expect((await tight.format(msgs, { tools })).map((m) => m.content)).toEqual([
      "You are a helpful assistant.",
      "hello",
    ]);
  });

  it("keeps the system message and drops the oldest messages first", async () => {
    const msgs = [sys(), user("m1"), bot("m2"), user("m3"), bot("m4"), user("m5")];
    const budget = await tokensOf([msgs[0] as Msg, msgs[4] as Msg, msgs[5] as Msg]);
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: budget });
    const out = await formatter.format(msgs);
    expect(out.map((m) => m.content)).toEqual(["You are a helpful assistant.", "m4", "m5"]);
    expect(msgs).toHaveLength(6); // the input is not changed
  });

  it("drops a tool call together with all of its results", async () => {
    const msgs = [
      sys(),
      user("what are the capitals?"),
      toolUse("1", "2"),
      toolResult("1"),
      toolResult("2", "user"),
      bot("Paris and Berlin."),
      user("thanks"),
    ];
    const tail = [msgs[0] as Msg, msgs[5] as Msg, msgs[6] as Msg];
    // A budget that would fit everything from the second tool result on still drops it too.
    const budget = await tokensOf([msgs[0] as Msg, ...msgs.slice(4)]);
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: budget });
    const out = await formatter.format(msgs);
    expect(out).toEqual(await new FakeChatFormatter().format(tail));
    expect(out.some((m) => m.role === "tool")).toBe(false);
  });

  it("keeps a system message that dropping brings to the front, as AgentScope's loop does", async () => {
    const msgs = [user("a"), sys("late system"), user("b"), user("c")];
    const budget = await tokensOf([msgs[1] as Msg, msgs[3] as Msg]);
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: budget });
    expect((await formatter.format(msgs)).map((m) => m.content)).toEqual(["late system", "c"]);
  });

  it("throws a clear TruncationError when the system prompt alone is over budget", async () => {
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: 10 });
    const error = await formatter.format([sys(), user("hi"), bot("hello")]).catch((e) => e);
    expect(error).toBeInstanceOf(TruncationError);
    expect(error.message).toMatch(
      /system prompt message alone takes \d+ tokens, more than maxTokens \(10\)/,
    );
    expect(error.maxTokens).toBe(10);
    expect(error.tokens).toBe(await tokensOf([sys()]));
  });

  it("throws when only a tool call without result is left, naming the call", async () => {
    const msgs = [sys(), user("go"), toolUse("call-9"), user("still waiting")];
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: 40 });
    await expect(formatter.format(msgs)).rejects.toThrow(
      /tool call\(s\) "call-9" that have no tool result.*maxTokens \(40\)|maxTokens \(40\).*"call-9" that have no tool result/,
    );
  });

  it("returns [] when dropping everything is needed and there is no system message", async () => {
    const formatter = new FakeChatFormatter({ tokenCounter: new CharCounter(), maxTokens: 1 });
    expect(await formatter.format([user("a"), bot("b")])).toEqual([]);
  });

  it("rejects bad options and bad input with errors naming the field", async () => {
    expect(() => new FakeChatFormatter({ maxTokens: 0 })).toThrow(
      /maxTokens: must be greater than 0/,
    );
    expect(() => new FakeChatFormatter({ tokenCounter: {} as TokenCounter })).toThrow(
      /tokenCounter: expected an object with a count/,
    );
    await expect(new FakeChatFormatter().format([user("a"), "b" as never])).rejects.toThrow(
      /msgs\[1\]: expected a Msg, received string/,
    );
  });

  it("says which hook is missing when the default grouping is used without hooks", async () => {
    class Incomplete extends TruncatedFormatterBase {}
    await expect(new Incomplete().format([user("a")])).rejects.toThrow(
      /Incomplete\.formatAgentMessage is not implemented/,
    );
    await expect(new Incomplete().format([sys()])).rejects.toThrow(
      /Incomplete\.formatSystemMessage is not implemented.*\(for a leading system message\)/,
    );
  });
});

describe("TruncatedFormatterBase multi-agent grouping", () => {
  const conversation = () => [
    sys("You're Friday."),
    msg("Alice", "user", "Hi Bob."),
    msg("Bob", "assistant", "Hi Alice."),
    toolUse("1"),
    toolResult("1"),
    msg("Bob", "assistant", "Tokyo."),
    msg("Alice", "user", "Thanks."),
  ];

  it("wraps agent-message runs in <history>, the prompt on the first only, tool sequences apart", async () => {
    const out = await new FakeMultiAgentFormatter().format(conversation());
    expect(out).toEqual([
      { role: "system", content: [{ type: "text", text: "You're Friday." }] },
      {
        role: "user",
        content: `${HISTORY_PROMPT}<history>\nAlice: Hi Bob.\nBob: Hi Alice.\n</history>`,
      },
      {
        role: "assistant",
        name: "assistant",
        content: "",
        tool_calls: [{ id: "1", name: "get_capital" }],
      },
      { role: "tool", tool_call_id: "1", content: "result 1" },
      { role: "user", content: "<history>\nBob: Tokyo.\nAlice: Thanks.\n</history>" },
    ]);
  });

  it("gives the prompt to the first agent run that survives truncation", async () => {
    const msgs = conversation();
    const keep = [msgs[0] as Msg, ...msgs.slice(3)];
    const make = (o: TruncatedFormatterBaseOptions) => new FakeMultiAgentFormatter(o);
    const budget = await tokensOf(keep, make);
    const out = await make({ tokenCounter: new CharCounter(), maxTokens: budget }).format(msgs);
    expect(out.at(-1)).toEqual({
      role: "user",
      content: `${HISTORY_PROMPT}<history>\nBob: Tokyo.\nAlice: Thanks.\n</history>`,
    });
    expect(out).toHaveLength(4);
  });
});

// ---- Equivalence with AgentScope's loop, and the number of counter calls ----

/** A direct port of AgentScope's `_truncate` (one step). */
function referenceTruncate(msgs: Msg[]): Msg[] {
  let start = 0;
  if (msgs.length > 0 && msgs[0]?.role === "system") {
    if (msgs.length === 1) throw new Error("system");
    start = 1;
  }
  const ids = new Set<string>();
  for (let i = start; i < msgs.length; i++) {
    const m = msgs[i] as Msg;
    for (const b of m.getContentBlocks("tool_use")) ids.add(b.id);
    for (const b of m.getContentBlocks("tool_result")) ids.delete(b.id);
    if (ids.size === 0) return [...msgs.slice(0, start), ...msgs.slice(i + 1)];
  }
  if (ids.size > 0) throw new Error("unmatched");
  return msgs.slice(0, start);
}

/** AgentScope's `format` loop: format, count, drop one unit, repeat. */
async function referenceFormat(
  make: (o: TruncatedFormatterBaseOptions) => TruncatedFormatterBase,
  msgs: Msg[],
  maxTokens: number,
  counter = new CharCounter(),
): Promise<Formatted[]> {
  const plain = make({});
  let current = [...msgs];
  for (let guard = 0; guard <= msgs.length + 1; guard++) {
    const out = await plain.format(current);
    if ((await counter.count(out)) <= maxTokens) return out;
    current = referenceTruncate(current);
  }
  throw new Error("empty"); // AgentScope loops forever here
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHistory(random: () => number): Msg[] {
  const pick = (n: number) => Math.floor(random() * n);
  const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(1 + pick(n)).trim();
  const msgs: Msg[] = random() < 0.7 ? [sys(words(3))] : [];
  const open: string[] = [];
  let nextId = 0;
  const length = pick(25);
  for (let i = 0; i < length; i++) {
    const r = random();
    if (r < 0.3) msgs.push(msg(["Alice", "Bob"][pick(2)] as string, "user", words(4)));
    else if (r < 0.5) msgs.push(bot(words(4)));
    else if (r < 0.65) {
      const ids = Array.from({ length: 1 + pick(2) }, () => `c${nextId++}`);
      open.push(...ids);
      msgs.push(toolUse(...ids));
    } else if (r < 0.85 && open.length > 0) {
      const [id] = open.splice(pick(open.length), 1);
      msgs.push(toolResult(id as string, random() < 0.5 ? "system" : "user"));
    } else if (r < 0.9) msgs.push(toolResult(`stray${i}`));
    else if (r < 0.95) msgs.push(sys(words(2)));
    else msgs.push(user(words(1)));
  }
  if (random() < 0.8) for (const id of open) msgs.push(toolResult(id));
  return msgs;
}

describe("TruncatedFormatterBase search", () => {
  const makers: [string, (o: TruncatedFormatterBaseOptions) => TruncatedFormatterBase][] = [
    ["chat", (o) => new FakeChatFormatter(o)],
    ["multi-agent", (o) => new FakeMultiAgentFormatter(o)],
  ];

  it.each(makers)(
    "gives exactly the result (or error) of AgentScope's drop-one loop (%s)",
    async (_name, make) => {
      const random = rng(20250101);
      let truncated = 0;
      for (let round = 0; round < 300; round++) {
        const msgs = randomHistory(random);
        const full = await tokensOf(msgs, make);
        const maxTokens = 1 + Math.floor(random() * full * 1.1);
        const expected = await referenceFormat(make, msgs, maxTokens).then(
          (out) => ({ out }),
          (e: Error) => ({ error: e.message }),
        );
        const formatter = make({ tokenCounter: new CharCounter(), maxTokens });
        const actual = await formatter.format(msgs).then(
          (out) => ({ out }),
          (e: Error) => ({ error: e.message }),
        );
        if ("out" in expected) {
          expect(actual).toEqual(expected);
          if (maxTokens < full) truncated++;
        } else {
          const pattern = {
            system: /system prompt message alone/,
            unmatched: /no tool result/,
            empty: /every message dropped/,
          }[expected.error as "system" | "unmatched" | "empty"];
          expect("error" in actual && actual.error).toMatch(pattern);
        }
      }
      expect(truncated).toBeGreaterThan(50);
    },
  );

  it("calls the token counter O(log n) times, where AgentScope's loop calls it O(n) times", async () => {
    for (const n of [256, 1024, 4096]) {
      const msgs: Msg[] = [sys()];
      for (let i = 0; msgs.length < n; i++) {
        if (i % 10 === 5) msgs.push(toolUse(`t${i}`), toolResult(`t${i}`));
        else msgs.push(i % 2 ? bot(`answer number ${i}`) : user(`question number ${i}`));
      }
      const all = await tokensOf(msgs);
      for (const keep of [0.17, 0.45, 0.62, 0.93]) {
        const budget = Math.floor(all * keep);
        const counter = new CharCounter();
        const formatter = new FakeChatFormatter({ tokenCounter: counter, maxTokens: budget });
        const out = await formatter.format(msgs);
        expect(counter.calls).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)) + 2);
        if (n === 1024) {
          const refCounter = new CharCounter();
          const make = (o: TruncatedFormatterBaseOptions) => new FakeChatFormatter(o);
          expect(out).toEqual(await referenceFormat(make, msgs, budget, refCounter));
          expect(refCounter.calls).toBeGreaterThan(50);
        }
      }
    }
  });

  it("needs only two counter calls when a single message has to go", async () => {
    const msgs = [sys(), ...Array.from({ length: 2000 }, (_, i) => user(`message ${i}`))];
    const budget = (await tokensOf(msgs)) - 5;
    const counter = new CharCounter();
    const out = await new FakeChatFormatter({ tokenCounter: counter, maxTokens: budget }).format(
      msgs,
    );
    expect(out).toHaveLength(2000);
    expect(out[1]?.content).toBe("message 1");
    expect(counter.calls).toBe(2);
  });
});
