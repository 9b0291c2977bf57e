// A BullMQ worker process for the queue test: runs the toy benchmark's jobs from REDIS_URL into
// SAVE_DIR, logging each solution's end to RUN_LOG. With VICTIM=1 it takes one job, prints
// "blocked <task>/<repeat>" and hangs (the test SIGKILLs it mid-job).
import { appendFileSync } from "node:fs";
import { FileEvaluatorStorage, QueueEvaluator } from "../index.js";
import { toyBenchmark, toySolution } from "./toy-benchmark.js";

const { REDIS_URL = "", SAVE_DIR = "", RUN_LOG = "", QUEUE = "", VICTIM, WORKER = "?" } = process.env;
const evaluator = new QueueEvaluator({
  name: "queue",
  queueName: QUEUE,
  benchmark: toyBenchmark(),
  nRepeat: 2,
  storage: new FileEvaluatorStorage({ saveDir: SAVE_DIR }),
  connection: { url: REDIS_URL },
  backoffMs: 50,
});
const { worker } = await evaluator.startWorker(
  async (task, context) => {
    console.log(`start ${task.id}/${context.repeatId}`);
    if (VICTIM === "1") {
      console.log(`blocked ${task.id}/${context.repeatId}`);
      await new Promise(() => {});
    }
    const output = await toySolution(task, context);
    appendFileSync(RUN_LOG, `end ${task.id}/${context.repeatId} by ${WORKER}\n`);
    return output;
  },
  { lockDurationMs: 1_000, stalledIntervalMs: 300, maxStalledCount: 2 },
);
await worker.waitUntilReady();
console.log("ready");
process.on("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});
