// A real evaluator process for the resume test: runs the toy benchmark into SAVE_DIR, logging each
// solution's start and end to RUN_LOG; with BLOCK=<task id>, solutions of that task print
// "blocked" and never finish (the test SIGKILLs the process then).
import { appendFileSync } from "node:fs";
import { FileEvaluatorStorage, GeneralEvaluator } from "../index.js";
import { toyBenchmark, toySolution } from "./toy-benchmark.js";

const { SAVE_DIR = "", RUN_LOG = "", BLOCK } = process.env;
const evaluator = new GeneralEvaluator({
  name: "resume",
  benchmark: toyBenchmark(),
  nRepeat: 2,
  nWorkers: 2,
  storage: new FileEvaluatorStorage({ saveDir: SAVE_DIR }),
});
await evaluator.run(async (task, context) => {
  appendFileSync(RUN_LOG, `start ${task.id}/${context.repeatId}\n`);
  try {
    if (task.id === BLOCK) {
      console.log(`blocked ${task.id}/${context.repeatId}`);
      await new Promise(() => {});
    }
    return await toySolution(task, context);
  } finally {
    appendFileSync(RUN_LOG, `end ${task.id}/${context.repeatId}\n`);
  }
});
console.log("finished");
