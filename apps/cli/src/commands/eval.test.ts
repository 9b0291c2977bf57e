import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build first.
import { runCli, startCli, tempDir } from "../../test/cli-process.js";
import { clock } from "../eval/eval-progress.js";

const MODULE = fileURLToPath(new URL("../../test/fixtures/toy-eval.ts", import.meta.url));
const SUMMARY = [
  "toy-cli: toy, 3 tasks × 2 repeats",
  "metric  type        score  completed  pass@1  pass@2",
  "------  ---------  ------  ---------  ------  ------",
  "exact   numerical  0.8333        6/6  0.8333       1",
];

describe("agentscope eval (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("runs a benchmark module with progress, resumes after Ctrl-C, and reports", async () => {
    const out = join(home.path, "results");
    const stopped = startCli(["eval", "run", MODULE, "--out", out], {
      home: home.path,
      env: { EVAL_BLOCK: "b" },
    });
    await stopped.waitForStderr("blocked b/0");
    stopped.child.kill("SIGINT");
    expect(await stopped.exited).toBe(130);
    expect(stopped.stderr()).toContain("run the same command again to resume");
    expect(stopped.stderr()).toMatch(/^1\/6 a\/0 ok ETA \d+:\d\d$/m);

    const run = await runCli(["eval", "run", MODULE, "--out", out, "--workers", "2"], {
      home: home.path,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^\d\/6 a\/0 saved ETA /m);
    expect(run.stderr).toMatch(/^6\/6 \S+ ok ETA 0:00$/m);
    expect(run.stdout.split("\n").slice(0, 4)).toEqual(SUMMARY);
    expect(run.stderr).toContain(`report: ${join(out, "report.html")}`);

    const report = await runCli(["eval", "report", out, "--out", join(home.path, "r.html")], {
      home: home.path,
    });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout.split("\n").slice(0, 4)).toEqual(SUMMARY);
    expect(await readFile(join(home.path, "r.html"), "utf8")).toContain('data-metric="exact"');
  });

  it("names the problem with a bad module or folder", async () => {
    const bad = await runCli(["eval", "run", join(home.path, "nope.ts")], { home: home.path });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("cannot load");
    const empty = await runCli(["eval", "report", home.path], { home: home.path });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("No evaluation_meta.json");
  });

  it("formats the ETA clock", () => {
    expect([clock(0), clock(7_400), clock(3_725_000)]).toEqual(["0:00", "0:07", "1:02:05"]);
  });
});
