import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { InterruptedError } from "@agentscope-ts/core";
import {
  BenchmarkBase,
  type EvaluationModule,
  FileEvaluatorStorage,
  GeneralEvaluator,
  writeReport,
} from "@agentscope-ts/evaluate";
import { EVAL_HELP } from "../args/help-text.js";
import { CliError, EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { evalProgress } from "../eval/eval-progress.js";
import { cliVersion } from "../version.js";

function usage(message: string): CliError {
  return new CliError(`${message} (see agentscope eval --help)`, { exitCode: EXIT.usage });
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      repeat: { type: "string" },
      workers: { type: "string" },
      timeout: { type: "string" },
      "pass-threshold": { type: "string" },
      debug: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "V" },
    },
  });
}

function whole(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw usage(`--${flag} takes a whole number ≥ 1, got '${value}'`);
  return n;
}

/**
 * `agentscope eval run MODULE` runs a benchmark module (its default export: `defineEvaluation`)
 * with progress and ETA, resuming what its output folder already holds, then prints the summary;
 * `agentscope eval report DIR` writes DIR's HTML report and prints the summary table.
 */
export async function runEval(
  argv: readonly string[],
  io: CliIO,
  stop?: AbortSignal,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  const [sub, target, ...extra] = positionals;
  if (values.help || sub === undefined) {
    io.stdout.write(EVAL_HELP);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  if (extra.length > 0) throw usage(`unexpected argument '${extra[0]}'`);
  const passThreshold =
    values["pass-threshold"] === undefined ? undefined : Number(values["pass-threshold"]);
  if (passThreshold !== undefined && !Number.isFinite(passThreshold)) {
    throw usage(`--pass-threshold takes a number, got '${values["pass-threshold"]}'`);
  }
  if (sub === "report") {
    if (!target) throw usage("eval report needs the evaluation folder: agentscope eval report DIR");
    const out = values.out === undefined ? undefined : resolve(io.cwd, values.out);
    const report = await writeReport(resolve(io.cwd, target), {
      ...(out ? { out } : {}),
      ...(passThreshold !== undefined ? { passThreshold } : {}),
    });
    io.stdout.write(report.summary);
    io.stderr.write(`report: ${report.path}\n`);
    return EXIT.ok;
  }
  if (sub !== "run") throw usage(`unknown eval command '${sub}' (run or report)`);
  if (!target) throw usage("eval run needs a benchmark module: agentscope eval run ./my-eval.ts");
  const module = await loadModule(resolve(io.cwd, target));
  const benchmark =
    typeof module.benchmark === "function" ? await module.benchmark() : module.benchmark;
  if (
    !(benchmark instanceof BenchmarkBase) &&
    typeof (benchmark as { [Symbol.asyncIterator]?: unknown })?.[Symbol.asyncIterator] !==
      "function"
  ) {
    throw new CliError(
      `${target}: 'benchmark' is not a benchmark (extend BenchmarkBase, or use ArrayBenchmark)`,
      { exitCode: EXIT.usage },
    );
  }
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0))
    throw usage(`--timeout takes seconds > 0, got '${values.timeout}'`);
  const outDir = resolve(
    io.cwd,
    values.out ?? `eval-results/${module.name.replace(/[^\w.-]+/g, "-")}`,
  );
  const evaluator = new GeneralEvaluator({
    name: module.name,
    benchmark,
    nRepeat: whole("repeat", values.repeat) ?? module.nRepeat ?? 1,
    nWorkers: whole("workers", values.workers) ?? module.nWorkers ?? 1,
    storage: new FileEvaluatorStorage({ saveDir: outDir }),
    ...(timeout !== undefined
      ? { timeoutMs: timeout * 1000 }
      : module.timeoutMs
        ? { timeoutMs: module.timeoutMs }
        : {}),
  });
  io.stderr.write(`evaluating ${module.name} into ${outDir}\n`);
  const controller = new AbortController();
  const onSigint = () => controller.abort(new InterruptedError("Stopped by Ctrl-C."));
  const onStop = () => controller.abort(new InterruptedError("Stopped."));
  process.once("SIGINT", onSigint);
  stop?.addEventListener("abort", onStop, { once: true });
  const progress = evalProgress(io.stderr);
  try {
    await evaluator.run(module.solution, {
      signal: controller.signal,
      onProgress: progress.update,
    });
  } catch (error) {
    if (error instanceof InterruptedError) {
      progress.done();
      io.stderr.write(
        `stopped; what finished is saved in ${outDir}: run the same command again to resume\n`,
      );
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
    stop?.removeEventListener("abort", onStop);
  }
  progress.done();
  const report = await writeReport(outDir, passThreshold !== undefined ? { passThreshold } : {});
  io.stdout.write(report.summary);
  io.stderr.write(`report: ${report.path}\n`);
  return EXIT.ok;
}

async function loadModule(path: string): Promise<EvaluationModule> {
  let loaded: { default?: unknown };
  try {
    loaded = await import(pathToFileURL(path).href);
  } catch (error) {
    throw new CliError(`cannot load ${path}: ${(error as Error).message}`, {
      exitCode: EXIT.usage,
      cause: error,
    });
  }
  const module = loaded.default as Partial<EvaluationModule> | undefined;
  if (
    !module ||
    typeof module.name !== "string" ||
    !module.benchmark ||
    typeof module.solution !== "function"
  ) {
    throw new CliError(
      `${path} must export default defineEvaluation({ name, benchmark, solution }) from @agentscope-ts/evaluate`,
      { exitCode: EXIT.usage },
    );
  }
  return module as EvaluationModule;
}
