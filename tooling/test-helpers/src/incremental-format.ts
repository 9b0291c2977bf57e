import {
  type ContentBlock,
  type FormatterBase,
  type ImageBlock,
  InMemoryMemory,
  Msg,
  readMemoryHistory,
} from "@agentscope-ts/core";
import { expect } from "vitest";

/** Options of {@link expectIncrementalFormatMatchesFull}. */
export interface IncrementalFormatCheckOptions {
  /** The random walks, one per seed. Defaults to five fixed seeds. */
  seeds?: readonly number[];
  /** Steps (a change of the history, then one format) per walk. Defaults to 60. */
  steps?: number;
  /** Whether messages may hold thinking blocks (leave out where the formatter warns on them). */
  thinking?: boolean;
}

/** What one run of {@link expectIncrementalFormatMatchesFull} saw. */
export interface IncrementalFormatCheck {
  /** Format calls made with a history. */
  formats: number;
  /** Calls whose output began with the previous call's formatted messages themselves (reused). */
  reused: number;
}

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const HIDDEN = "hidden";

/** mulberry32: a small seeded generator, so every walk is repeatable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function image(): ImageBlock {
  return { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } };
}

/** One random message (or a tool call and its result) of the kinds an agent's memory holds. */
function randomMessages(rand: () => number, n: number, thinking: boolean): Msg[] {
  const pick = Math.floor(rand() * 7);
  const text = `text ${n} ${"x".repeat(Math.floor(rand() * 20))}`;
  switch (pick) {
    case 0:
      return [new Msg("user", text, "user")];
    case 1:
      return [new Msg("user", [{ type: "text", text }, image()], "user")];
    case 2: {
      const blocks: ContentBlock[] = [{ type: "text", text }];
      if (thinking) blocks.unshift({ type: "thinking", thinking: `thought ${n}` });
      return [new Msg("Friday", blocks, "assistant")];
    }
    case 3:
      return [new Msg("system", `a later system note ${n}`, "system")];
    default: {
      const id = `call_${n}`;
      const output =
        pick === 4
          ? `result ${n}`
          : pick === 5
            ? [{ type: "text" as const, text: `result ${n}` }]
            : [{ type: "text" as const, text: `chart ${n}` }, image()];
      return [
        new Msg(
          "Friday",
          [{ type: "tool_use", id, name: "lookup", input: { query: text, n } }],
          "assistant",
        ),
        new Msg("system", [{ type: "tool_result", id, name: "lookup", output }], "system"),
      ];
    }
  }
}

/**
 * Property check of a chat formatter's incremental formatting: random histories in an
 * `InMemoryMemory` are grown (mostly) and changed (deletions, marks, a summary, a changed system
 * prompt, messages edited in place, blocks edited in place followed by `memory.content =
 * memory.content`, a plan hint added and removed) step by step, and each step's
 * `format([system, ...memory], { history })` through one long-lived formatter must equal, as
 * JSON, a full format by a fresh one. Returns how often the output was reused, so the caller can
 * check that the reuse was exercised.
 */
export async function expectIncrementalFormatMatchesFull(
  make: () => FormatterBase<object>,
  options: IncrementalFormatCheckOptions = {},
): Promise<IncrementalFormatCheck> {
  const seeds = options.seeds ?? [1, 2, 3, 4, 5];
  const steps = options.steps ?? 60;
  const check: IncrementalFormatCheck = { formats: 0, reused: 0 };
  for (const seed of seeds) {
    const rand = random(seed);
    const memory = new InMemoryMemory();
    const formatter = make();
    let sysPrompt = "You are Friday.";
    let previous: object[] = [];
    let n = 0;
    for (let step = 0; step < steps; step++) {
      const stored = memory.content;
      const target = stored[Math.floor(rand() * stored.length)]?.[0];
      const op = rand();
      let hint = false;
      if (op < 0.04 && target) await memory.delete([target.id]);
      else if (op < 0.08 && target)
        await memory.updateMessagesMark({ msgIds: [target.id], newMark: HIDDEN });
      else if (op < 0.1) await memory.updateCompressedSummary(`summary at ${step}`);
      else if (op < 0.14) sysPrompt = `You are Friday, step ${step}.`;
      else if (op < 0.18 && target) target.content = `edited in place at ${step}`;
      else if (op < 0.21 && target && Array.isArray(target.content)) {
        target.content.push({ type: "text", text: `pushed in place at ${step}` });
      } else if (op < 0.24 && target && Array.isArray(target.content)) {
        // A block changed in place is not seen; the documented remedy is an edit of the memory.
        const block = target.content[0];
        if (block?.type === "text") block.text = `rewritten in place at ${step}`;
        else if (block?.type === "tool_use") block.input = { rewritten: step };
        else if (block?.type === "tool_result") block.output = `rewritten in place at ${step}`;
        memory.content = [...memory.content];
      } else if (op < 0.25) await memory.clear();
      else {
        hint = op < 0.3;
        await memory.add(randomMessages(rand, n++, options.thinking ?? false));
        if (hint)
          await memory.add(new Msg("user", `<hint>${step}</hint>`, "user"), { marks: "hint" });
      }

      const { msgs, history } = await readMemoryHistory(memory, { excludeMark: HIDDEN }, 1);
      expect(history).toBeDefined();
      const list = [new Msg("system", sysPrompt, "system"), ...msgs];
      const incremental = await formatter.format(list, { history });
      const full = await make().format(list);
      expect(JSON.stringify(incremental)).toBe(JSON.stringify(full));
      check.formats++;
      if (incremental.length > 1 && previous.length > 1 && incremental[1] === previous[1]) {
        check.reused++;
      }
      previous = incremental;
      if (hint) await memory.deleteByMark("hint");
    }
  }
  return check;
}
