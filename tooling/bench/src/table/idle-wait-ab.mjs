// In one process, batches of runs with the in-memory transport alternate with batches whose `fetch`
// first waits (`idle`: sleeps 1 ms, as a process waiting on a socket does; `turn`: one event-loop
// turn, no sleep): `node idle-wait-ab.mjs raw|agent [idle|turn] [pairs]` prints the medians of
// both (ms of CPU per 10-round run) and of their difference. Comparing the difference of the raw
// loop and of the framework shows what waiting adds to each without the spread between processes.
import { answerResponse } from "./mock-routes.mjs";

const [impl = "agent", mode = "idle", pairsArg = "16"] = process.argv.slice(2);
const pause =
  mode === "turn"
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 1));
let waiting = false;
globalThis.fetch = async (_input, init) => {
  if (waiting) await pause();
  return answerResponse(JSON.parse(init.body));
};
const { rawRunner, agentRunner } = await import("./loops.mjs");
const run =
  impl === "raw" ? rawRunner("http://memory/v1", false) : agentRunner("http://memory/v1", false);
for (let i = 0; i < 100; i++) await run("tools:10", "Weather in Paris?");

async function batch(wait) {
  waiting = wait;
  const before = process.cpuUsage();
  for (let i = 0; i < 20; i++) await run("tools:10", "Weather in Paris?");
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 20_000;
}

const plain = [];
const waited = [];
const diffs = [];
for (let k = 0; k < Number(pairsArg); k++) {
  // Alternate which goes first so drift in machine load hits both alike.
  const first = k % 2 === 1;
  const a = await batch(first);
  const b = await batch(!first);
  const [w, p] = first ? [a, b] : [b, a];
  plain.push(p);
  waited.push(w);
  diffs.push(w - p);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(
  JSON.stringify({
    impl,
    mode,
    plain: +median(plain).toFixed(3),
    waited: +median(waited).toFixed(3),
    added: +median(diffs).toFixed(3),
  }),
);
process.exit(0);
