// Truncation of a long history by TruncatedFormatterBase: milliseconds and token-counter calls.

/** What this benchmark measures (printed by the runner). */
export const description =
  "TruncatedFormatterBase.format on a 10,000-message history (median of 5 runs after a warm-up)";

const N = 10_000;
const RUNS = 5;

/** One token per character of each formatted message's JSON; counts its calls. */
class CharCounter {
  calls = 0;
  async count(messages) {
    this.calls++;
    let n = 0;
    for (const m of messages) n += JSON.stringify(m).length;
    return n;
  }
}

function makeFormatters(core) {
  /** An OpenAI-chat-like formatter: one provider message per Msg, tool results as "tool". */
  class ChatFormatter extends core.TruncatedFormatterBase {
    async formatMessages(msgs) {
      const out = [];
      for (const msg of msgs) {
        const text = [];
        const toolCalls = [];
        for (const block of msg.getContentBlocks()) {
          if (block.type === "text") text.push({ type: "text", text: block.text });
          else if (block.type === "tool_use") {
            toolCalls.push({
              id: block.id,
              type: "function",
              function: { name: block.name, arguments: JSON.stringify(block.input) },
            });
          } else if (block.type === "tool_result") {
            const { text: output } = await this.convertToolResultToString(block.output);
            out.push({ role: "tool", tool_call_id: block.id, content: output, name: block.name });
          }
        }
        if (text.length || toolCalls.length) {
          const m = { role: msg.role, name: msg.name, content: text.length ? text : null };
          if (toolCalls.length) m.tool_calls = toolCalls;
          out.push(m);
        }
      }
      return out;
    }
  }

  /** An OpenAI-multi-agent-like formatter: the base's grouping, agent runs in <history>. */
  class MultiAgentFormatter extends core.TruncatedFormatterBase {
    formatToolSequence(msgs) {
      return new ChatFormatter({ saveBase64Data: this.saveBase64Data }).format(msgs);
    }
    async formatAgentMessage(msgs, isFirst) {
      const lines = msgs.map((m) => `${m.name}: ${m.getTextContent() ?? ""}`).join("\n");
      const prompt = isFirst ? "# Conversation History\n" : "";
      return [
        {
          role: "user",
          content: [{ type: "text", text: `${prompt}<history>\n${lines}\n</history>` }],
        },
      ];
    }
  }
  return { ChatFormatter, MultiAgentFormatter };
}

function history(core, n) {
  const { Msg } = core;
  const msgs = [
    new Msg({ name: "system", role: "system", content: "You are a helpful assistant." }),
  ];
  for (let i = 0; msgs.length < n; i++) {
    if (i % 10 === 9) {
      const id = `call_${i}`;
      msgs.push(
        new Msg({
          name: "Friday",
          role: "assistant",
          content: [{ type: "tool_use", id, name: "search", input: { query: `topic ${i}` } }],
        }),
        new Msg({
          name: "system",
          role: "system",
          content: [
            {
              type: "tool_result",
              id,
              name: "search",
              output: [{ type: "text", text: `found ${i}` }],
            },
          ],
        }),
      );
    } else if (i % 2 === 0) {
      msgs.push(
        new Msg({
          name: i % 4 ? "Alice" : "Bob",
          role: "user",
          content: `Question ${i}: what about item ${i}?`,
        }),
      );
    } else {
      msgs.push(
        new Msg({ name: "Friday", role: "assistant", content: `Answer ${i}: item ${i} is fine.` }),
      );
    }
  }
  return msgs.slice(0, n);
}

async function measure(make, msgs, maxTokens) {
  const times = [];
  let calls = 0;
  let kept = 0;
  for (let run = 0; run <= RUNS; run++) {
    const counter = new CharCounter();
    const formatter = make({ tokenCounter: counter, maxTokens });
    const started = performance.now();
    const out = await formatter.format(msgs);
    const ms = performance.now() - started;
    if (run > 0) times.push(ms); // run 0 warms up
    calls = counter.calls;
    kept = out.length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], calls, kept };
}

/** AgentScope's algorithm for comparison: format and count after every single drop. */
async function naiveLoop(core, make, msgs, maxTokens) {
  const plan = core.dropOldestPlan(msgs);
  const counter = new CharCounter();
  const formatter = make({});
  const started = performance.now();
  for (let step = 0; step <= plan.steps; step++) {
    const out = await formatter.format(plan.messagesAt(step));
    if ((await counter.count(out)) <= maxTokens) break;
  }
  return { ms: performance.now() - started, calls: counter.calls };
}

/** Runs the benchmark and prints one line per scenario. */
export async function run(core) {
  if (
    typeof core.TruncatedFormatterBase !== "function" ||
    typeof core.dropOldestPlan !== "function"
  ) {
    throw new Error(
      "@agentscope-ts/core does not export TruncatedFormatterBase and dropOldestPlan.",
    );
  }
  const { ChatFormatter, MultiAgentFormatter } = makeFormatters(core);
  const msgs = history(core, N);
  const chat = (o) => new ChatFormatter(o);
  const multi = (o) => new MultiAgentFormatter(o);
  const fullChat = await new CharCounter().count(await chat({}).format(msgs));
  const fullMulti = await new CharCounter().count(await multi({}).format(msgs));
  console.log(
    `history: ${msgs.length} messages, ${fullChat} tokens as chat, ${fullMulti} as multi-agent`,
  );

  const rows = [
    ["chat, fits (no truncation)", chat, fullChat],
    ["chat, drop the oldest message", chat, fullChat - 10],
    ["chat, keep ~50%", chat, Math.floor(fullChat * 0.5)],
    ["chat, keep ~5%", chat, Math.floor(fullChat * 0.05)],
    ["multi-agent, keep ~50%", multi, Math.floor(fullMulti * 0.5)],
  ];
  for (const [label, make, budget] of rows) {
    const r = await measure(make, msgs, budget);
    console.log(
      `${label.padEnd(32)} ${r.ms.toFixed(1).padStart(8)} ms  ${String(r.calls).padStart(3)} counter calls  ${r.kept} formatted messages kept`,
    );
  }

  for (const n of [1_000, 2_000]) {
    const small = history(core, n);
    const full = await new CharCounter().count(await chat({}).format(small));
    const budget = Math.floor(full * 0.5);
    const fast = await measure(chat, small, budget);
    const naive = await naiveLoop(core, chat, small, budget);
    console.log(
      `chat, keep ~50% of ${n}: search ${fast.ms.toFixed(1)} ms / ${fast.calls} calls; drop-one-and-recount loop ${naive.ms.toFixed(1)} ms / ${naive.calls} calls`,
    );
  }
}
