import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toyBenchmark, toySolution } from "../__fixtures__/toy-benchmark.js";
import { GeneralEvaluator } from "../evaluator/general-evaluator.js";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";
import { passAtK } from "./pass-at-k.js";
import { writeReport } from "./write-report.js";

const artifacts = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-eval-report-"));
  const storage = new FileEvaluatorStorage({ saveDir: dir });
  await new GeneralEvaluator({
    name: "toy report",
    benchmark: toyBenchmark(),
    nRepeat: 2,
    nWorkers: 2,
    storage,
  }).run(toySolution);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("report", () => {
  it("estimates pass@k without bias", () => {
    expect(passAtK(2, 1, 1)).toBe(0.5);
    expect(passAtK(2, 1, 2)).toBe(1);
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(4, 2, 2)).toBeCloseTo(1 - 1 / 6);
  });

  it("computes the storage's figures and prints the summary table", async () => {
    const { data, summary } = await writeReport(dir);
    const exact = data.metrics.find((m) => m.name === "exact_match");
    expect(exact?.score).toBeCloseTo((0.5 + 2 / 6) / 2);
    expect(exact?.passAtK.map((p) => Number(p.toFixed(4)))).toEqual([0.4167, 0.5]);
    expect(data.metrics.find((m) => m.name === "verdict")?.score).toBeCloseTo((0.5 + 2 / 6) / 2);
    expect(
      data.tags.find((t) => t.tag === "kind" && t.value === "arith")?.scores.exact_match,
    ).toBeCloseTo(5 / 6);
    expect(data.cost.tokens).toEqual({ "scripted-model": { input: 80, output: 16 } });
    expect([data.solutions, data.failedSolutions]).toEqual([12, 4]);
    expect(summary.split("\n").slice(1, 5)).toEqual([
      "metric       type        score  completed  pass@1  pass@2",
      "-----------  ---------  ------  ---------  ------  ------",
      "exact_match  numerical  0.4167      12/12  0.4167     0.5",
      "verdict      category   0.4167      12/12  0.4167     0.5",
    ]);
  });

  it("renders in headless Chromium without console errors or network, showing the storage's numbers", async () => {
    const { path, data } = await writeReport(dir);
    const html = await readFile(path, "utf8");
    expect(html).not.toMatch(/<script|https?:\/\//);
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const problems: string[] = [];
      const requests: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || msg.type() === "warning") problems.push(msg.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("request", (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(path).href);
      const cell = (selector: string) => page.locator(selector).first().textContent();
      expect(await cell('#metrics tr[data-metric="exact_match"] [data-field="score"]')).toBe(
        "0.4167",
      );
      expect(await cell('#metrics tr[data-metric="verdict"] [data-field="completed"]')).toBe(
        "12/12",
      );
      expect(await cell('#cost tr[data-model="scripted-model"] [data-field="input"]')).toBe(
        String(data.cost.tokens["scripted-model"]?.input),
      );
      expect(await cell("#failed b")).toBe("4");
      expect(await page.locator('#tags tr[data-tag="kind=arith"] td').nth(3).textContent()).toBe(
        "0.8333",
      );
      expect(await page.locator("svg").count()).toBe(6);
      const box = await page.locator("svg").first().boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, "evaluation-report.png"), fullPage: true });
      expect(problems).toEqual([]);
      expect(requests).toEqual([pathToFileURL(path).href]);
    } finally {
      await browser.close();
    }
  });
});
