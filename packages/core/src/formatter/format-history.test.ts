import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { readMemoryHistory } from "../memory/read-memory-history.js";
import { Msg } from "../message/msg.js";
import type { TokenCounter } from "../token/token-counter-base.js";
import { CountingChatFormatter } from "./__fixtures__/counting-chat-formatter.js";
import type { FormatHistory } from "./format-history.js";
import { TruncatedFormatterBase } from "./truncated-formatter-base.js";

type Formatted = Record<string, unknown>;

/** The same without formatMessagesFrom: it can only format everything. */
class WholeChatFormatter extends TruncatedFormatterBase {
  calls = 0;
  protected override async formatMessages(msgs: Msg[]): Promise<Formatted[]> {
    this.calls++;
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() ?? "" }));
  }
}

class CharCounter implements TokenCounter {
  async count(messages: readonly Formatted[]) {
    return messages.reduce((n, m) => n + JSON.stringify(m).length, 0);
  }
}

const user = (text: string) => new Msg("user", text, "user");
const system = (text = "You are Friday.") => new Msg("system", text, "system");

/** A memory with `n` messages, and a function formatting `[system, ...memory]` with its history. */
async function setup(formatter: TruncatedFormatterBase, n = 3) {
  const memory = new InMemoryMemory();
  for (let i = 0; i < n; i++) await memory.add(user(`m${i}`));
  const format = async (sys = system()) => {
    const { msgs, history } = await readMemoryHistory(memory, {}, 1);
    return formatter.format([sys, ...msgs], { history });
  };
  return { memory, format };
}

describe("format with a history", () => {
  it("formats only the appended messages and reuses the rest, equal to a full format", async () => {
    const formatter = new CountingChatFormatter();
    const { memory, format } = await setup(formatter);
    const first = await format();
    await memory.add([user("m3"), new Msg("system", "later", "system")]);
    const second = await format();
    expect(formatter.starts).toEqual([0, 4]);
    expect(second.slice(0, 4)).toEqual(first);
    expect(second[1]).toBe(first[1]); // reused, not formatted again
    const full = await new CountingChatFormatter().format([
      system(),
      ...(await memory.getMemory()),
    ]);
    expect(second).toEqual(full);
    await format();
    expect(formatter.starts).toEqual([0, 4, 6]); // nothing new: an empty tail
  });

  it("formats everything again after an edit, a changed system prompt, or another memory", async () => {
    const formatter = new CountingChatFormatter();
    const { memory, format } = await setup(formatter);
    await format();
    const [firstMsg] = await memory.getMemory();
    await memory.delete([(firstMsg as Msg).id]);
    expect((await format()).map((m) => m.content)).toEqual(["You are Friday.", "m1", "m2"]);
    await memory.updateCompressedSummary("earlier");
    expect((await format()).map((m) => m.content)).toEqual([
      "You are Friday.",
      "earlier",
      "m1",
      "m2",
    ]);
    expect((await format(system("You are Thursday.")))[0]?.content).toBe("You are Thursday.");
    const other = await setup(formatter, 1);
    expect((await other.format()).map((m) => m.content)).toEqual(["You are Friday.", "m0"]);
    expect(formatter.starts).toEqual([0, 0, 0, 0, 0]);
  });

  it("sees a stored message whose content was replaced or grew in place", async () => {
    const formatter = new CountingChatFormatter();
    const { memory, format } = await setup(formatter);
    await format();
    const [stored] = await memory.getMemory();
    (stored as Msg).content = "replaced";
    expect((await format())[1]?.content).toBe("replaced");
    (stored as Msg).content = [{ type: "text", text: "a" }];
    await format();
    ((stored as Msg).content as { type: "text"; text: string }[]).push({ type: "text", text: "b" });
    expect((await format())[1]?.content).toBe(JSON.stringify((stored as Msg).content));
    expect(formatter.starts).toEqual([0, 0, 0, 0]);
  });

  it("sees a message changed while the formatter was still formatting it", async () => {
    let changeNow: () => void = () => {};
    class Slow extends CountingChatFormatter {
      protected override formatMessages(msgs: Msg[]): Promise<Formatted[]> {
        return this.formatMessagesFrom(msgs, 0);
      }
      protected override async formatMessagesFrom(msgs: Msg[], start: number) {
        const out = await super.formatMessagesFrom(msgs, start); // read before the change
        changeNow();
        return out;
      }
    }
    const formatter = new Slow();
    const { memory, format } = await setup(formatter);
    const [stored] = await memory.getMemory();
    changeNow = () => {
      (stored as Msg).content = "changed meanwhile";
    };
    expect((await format())[1]?.content).toBe("m0");
    changeNow = () => {};
    expect((await format())[1]?.content).toBe("changed meanwhile");
  });

  it("keeps its output when the caller changes the returned list", async () => {
    const formatter = new CountingChatFormatter();
    const { memory, format } = await setup(formatter);
    const first = await format();
    first.pop();
    first.push({ role: "user", content: "injected" });
    await memory.add(user("m3"));
    expect((await format()).map((m) => m.content)).toEqual([
      "You are Friday.",
      "m0",
      "m1",
      "m2",
      "m3",
    ]);
  });

  it("extends one earlier output from two concurrent calls without mixing them", async () => {
    const formatter = new CountingChatFormatter();
    const { memory } = await setup(formatter);
    const read = async () => {
      const { msgs, history } = await readMemoryHistory(memory, {}, 1);
      return { list: [system(), ...msgs], history };
    };
    const base = await read();
    await formatter.format(base.list, { history: base.history });
    await memory.add(user("m3"));
    const a = await read();
    await memory.add(user("m4"));
    const b = await read();
    const [outA, outB] = await Promise.all([
      formatter.format(a.list, { history: a.history }),
      formatter.format(b.list, { history: b.history }),
    ]);
    expect(outA.map((m) => m.content)).toEqual(["You are Friday.", "m0", "m1", "m2", "m3"]);
    expect(outB.map((m) => m.content)).toEqual(["You are Friday.", "m0", "m1", "m2", "m3", "m4"]);
    expect(formatter.starts).toEqual([0, 4, 4]);
  });

  it("formats everything in formatters that merge messages or are overridden", async () => {
    const whole = new WholeChatFormatter();
    const { memory, format } = await setup(whole);
    await format();
    await memory.add(user("m3"));
    expect(await format()).toHaveLength(5);
    expect(whole.calls).toBe(2);

    class Wrapped extends CountingChatFormatter {
      protected override async formatMessages(msgs: Msg[]): Promise<Formatted[]> {
        return [...(await super.formatMessages(msgs)), { role: "user", content: "footer" }];
      }
    }
    class OwnFormat extends CountingChatFormatter {
      override async format(...args: Parameters<CountingChatFormatter["format"]>) {
        return super.format(...args);
      }
    }
    // A spy on the instance (as vi.spyOn installs one) that calls through.
    const spied = new CountingChatFormatter();
    const own = Reflect.get(CountingChatFormatter.prototype, "formatMessages") as (
      msgs: Msg[],
    ) => Promise<Formatted[]>;
    Object.defineProperty(spied, "formatMessages", {
      value: (msgs: Msg[]) => own.call(spied, msgs),
    });
    for (const formatter of [new Wrapped(), new OwnFormat(), spied]) {
      const run = await setup(formatter);
      await run.format();
      await run.memory.add(user("m3"));
      const out = await run.format();
      expect(out.at(-1)?.content).toBe(formatter instanceof Wrapped ? "footer" : "m3");
      expect(formatter.starts).toEqual([0, 0]);
    }
  });

  it("reuses the untruncated output when it fits and truncates as a full format would", async () => {
    const counter = new CharCounter();
    const msgs = [system(), user("m0"), user("m1"), user("m2"), user("m3")];
    const fullTokens = await counter.count(await new CountingChatFormatter().format(msgs));
    const fits = new CountingChatFormatter({ tokenCounter: counter, maxTokens: fullTokens });
    const tight = new CountingChatFormatter({ tokenCounter: counter, maxTokens: fullTokens - 1 });
    for (const formatter of [fits, tight]) {
      const { memory, format } = await setup(formatter);
      await format();
      await memory.add(user("m3"));
      const out = await format();
      const plain = new CountingChatFormatter({
        tokenCounter: counter,
        maxTokens: formatter.maxTokens,
      });
      expect(out).toEqual(await plain.format([system(), ...(await memory.getMemory())]));
      expect(formatter.starts[1]).toBe(4); // the untruncated formatting reused the first call's
    }
    expect(tight.starts.length).toBeGreaterThan(2); // truncation formatted candidates in full
  });

  it("rejects a malformed history naming the field", async () => {
    const formatter = new CountingChatFormatter();
    const bad: [unknown, string][] = [
      [{ source: "memory", start: 1, epoch: 1 }, "history.source"],
      [{ source: {}, start: 3, epoch: 1 }, "history.start"],
      [{ source: {}, start: 1.5, epoch: 1 }, "history.start"],
      [{ source: {}, start: 1, epoch: null }, "history.epoch"],
    ];
    for (const [history, path] of bad) {
      const error = await formatter
        .format([system(), user("hi")], { history: history as FormatHistory })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([path]);
    }
  });
});
