import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { spawnScript } from "../__fixtures__/spawn-script.js";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";

const child = fileURLToPath(new URL("../__fixtures__/resume-child.ts", import.meta.url));
const dir = await mkdtemp(join(tmpdir(), "as-eval-resume-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

it("resumes after the evaluator process is SIGKILLed mid-run: every solution exists exactly once", async () => {
  const saveDir = join(dir, "out");
  const runLog = join(dir, "runs.log");
  const first = await spawnScript(child, { SAVE_DIR: saveDir, RUN_LOG: runLog, BLOCK: "wrong" });
  // Both workers stuck on `wrong` (repeats 0 and 1): every earlier solution is saved, two are mid-run.
  await first.waitForLine((l) => l === "blocked wrong/0");
  await first.waitForLine((l) => l === "blocked wrong/1");
  first.child.kill("SIGKILL");
  expect((await first.exited).signal).toBe("SIGKILL");
  const storage = new FileEvaluatorStorage({ saveDir });
  expect(await storage.solutionResultExists("flaky", "1")).toBe(true);
  expect(await storage.solutionResultExists("wrong", "0")).toBe(false);
  const logBefore = (await readFile(runLog, "utf8")).trim().split("\n");

  const second = await spawnScript(child, { SAVE_DIR: saveDir, RUN_LOG: runLog });
  const { code, stderr } = await second.exited;
  expect(stderr).toBe("");
  expect(code).toBe(0);
  expect(second.lines).toContain("finished");

  const log = (await readFile(runLog, "utf8")).trim().split("\n");
  const secondRun = log.slice(logBefore.length).filter((l) => l.startsWith("start"));
  expect(secondRun.sort()).toEqual(
    ["wrong", "boom", "slow"].flatMap((t) => [`start ${t}/0`, `start ${t}/1`]).sort(),
  );
  const ends = log.filter((l) => l.startsWith("end")).sort();
  const all = ["add", "mul", "flaky", "wrong", "boom", "slow"].flatMap((t) => [
    `end ${t}/0`,
    `end ${t}/1`,
  ]);
  expect(ends).toEqual(all.sort()); // each solution finished exactly once over both runs
  for (const t of ["add", "mul", "flaky", "wrong", "boom", "slow"]) {
    for (const r of ["0", "1"]) {
      expect(await storage.solutionResultExists(t, r)).toBe(true);
      expect(await storage.evaluationResultExists(t, r, "exact_match")).toBe(true);
    }
  }
  const aggregation = await storage.getAggregationResult();
  expect(aggregation?.repeats["0"]?.metrics.exact_match?.aggregation).toEqual({
    mean: 0.5,
    max: 1,
    min: 0,
  });
  expect(aggregation?.repeats["1"]?.metrics.exact_match?.aggregation).toEqual({
    mean: 2 / 6,
    max: 1,
    min: 0,
  });
});
