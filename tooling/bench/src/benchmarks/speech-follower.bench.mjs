// What speaking a streamed answer costs per chunk: a ReActAgent streams a 2,000- and a
// 20,000-character answer in 4-character chunks with a scripted TTS model (streaming input, and
// one-shot sentence by sentence), against the same reply without a TTS model. The added CPU µs
// per chunk must be flat (O(delta) per chunk, not O(answer so far)).
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "../measure.mjs";

/** What this benchmark measures (printed by the runner). */
export const description =
  "CPU µs per streamed chunk that speech adds (scripted TTS, streaming input and one-shot) at 2k and 20k characters (median of 5)";

const RUNS = 5;
const CHUNK = 4;

/** CPU µs (user + system) of `fn` (the machine is shared). */
async function cpu(fn) {
  const started = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(started);
  return used.user + used.system;
}

// The /testing entry of the same build as `core` (AGENTSCOPE_BENCH_CORE may point at another one).
function testingEntry() {
  const core = process.env.AGENTSCOPE_BENCH_CORE;
  return core
    ? import(pathToFileURL(join(dirname(fileURLToPath(pathToFileURL(core))), "testing.js")).href)
    : import("@agentscope-ts/core/testing");
}

export async function run(core) {
  const { ScriptedChatModel, ScriptedStreamingTTSModel, ScriptedTTSModel, PlainFormatter } =
    await testingEntry();
  const { ReActAgent, Msg } = core;

  const sentence = "The weather is mild today, with a light breeze from the west. ";
  const answer = (chars) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
  const tts = {
    none: () => undefined,
    "streaming input": () =>
      new ScriptedStreamingTTSModel({ chunkChars: 64, sampleRate: 8000, msPerChar: 1 }),
    "one-shot": () => new ScriptedTTSModel({ chunkChars: 64, sampleRate: 8000, msPerChar: 1 }),
  };

  // CPU µs of one reply streaming `text`, with the TTS model `make()` gives.
  const reply = (text, make) =>
    cpu(async () => {
      const ttsModel = make();
      const agent = new ReActAgent({
        name: "Friday",
        sysPrompt: "You are Friday.",
        model: new ScriptedChatModel({ script: [{ text }], chunkSize: CHUNK }),
        formatter: new PlainFormatter(),
        ...(ttsModel ? { ttsModel } : {}),
      });
      agent.setConsoleOutputEnabled(false);
      await agent.reply(new Msg("user", "Weather?", "user"));
    });

  for (const chars of [2_000, 20_000]) {
    const text = answer(chars);
    const chunks = Math.ceil(chars / CHUNK);
    const times = { none: [], "streaming input": [], "one-shot": [] };
    await reply(text, tts["streaming input"]); // warm-up
    for (let r = 0; r < RUNS; r++) {
      for (const [label, make] of Object.entries(tts)) times[label].push(await reply(text, make));
    }
    const base = median(times.none);
    for (const label of ["streaming input", "one-shot"]) {
      const added = (median(times[label]) - base) / chunks;
      console.log(`${label}, ${chars} chars (${chunks} chunks): +${added.toFixed(2)} µs per chunk`);
    }
  }
}
