// Per-chunk cost of OllamaChatModel assembling an /api/chat NDJSON stream into cumulative
// responses, for growing answers (flat per-chunk cost = O(delta)), next to the raw `ollama`
// library reading the same stream, both against the replay test server on 127.0.0.1.
import { OllamaChatModel } from "@agentscope-ts/ollama";
import { createTestServer } from "@agentscope-ts/test-server";
import { Ollama } from "ollama/browser";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "OllamaChatModel.stream vs the raw ollama library on one NDJSON stream: µs per chunk for 1k / 4k / 16k-chunk answers, median of 5 runs";

const SIZES = [1_000, 4_000, 16_000];
const RUNS = 5;
const messages = [{ role: "user", content: "Write a long story." }];

function chunks(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({ model: "qwen3", message: { role: "assistant", content: `word${i} ` }, done: false });
  }
  out.push({
    model: "qwen3",
    message: { role: "assistant", content: "" },
    done: true,
    prompt_eval_count: 10,
    eval_count: n,
  });
  return out;
}

/** Runs `fn` RUNS times after a warm-up and returns the median milliseconds. */
async function time(fn) {
  await fn();
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    await fn();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

/** Runs the benchmark and prints one line per answer size. */
export async function run() {
  for (const n of SIZES) {
    const server = await createTestServer({
      "/api/chat": { response: { type: "stream", format: "ollama", chunks: chunks(n) } },
    });
    try {
      const model = new OllamaChatModel({ modelName: "qwen3", host: server.url, stream: true });
      let length = 0;
      const ours = await time(async () => {
        for await (const chunk of model.stream(messages))
          length = chunk.content[0]?.text.length ?? 0;
      });
      const client = new Ollama({ host: server.url });
      const raw = await time(async () => {
        const stream = await client.chat({ model: "qwen3", messages, stream: true });
        let text = "";
        for await (const part of stream) text += part.message.content;
        if (text.length !== length) throw new Error("the raw loop read a different answer");
      });
      console.log(
        `${String(n).padStart(6)} chunks (${length} chars): OllamaChatModel ${((ours * 1000) / n).toFixed(1)} µs/chunk, raw ollama ${((raw * 1000) / n).toFixed(1)} µs/chunk`,
      );
    } finally {
      await server.close();
    }
  }
}
