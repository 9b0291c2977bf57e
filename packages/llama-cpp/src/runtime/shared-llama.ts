import { availableParallelism } from "node:os";
import { getLlama, type Llama, LlamaLogLevel, type LlamaOptions } from "node-llama-cpp";

/** How the llama.cpp runtime is set up: GPU backend and log level (node-llama-cpp's options). */
export interface LlamaRuntimeOptions {
  /** `"auto"` (default: the best backend whose binary is installed), `false` for CPU only, … */
  gpu?: LlamaOptions["gpu"];
  /** llama.cpp log level. Default `"error"` (warnings stay quiet in a terminal app). */
  logLevel?: LlamaLogLevel | `${LlamaLogLevel}`;
}

const llamas = new Map<string, Promise<Llama>>();

/**
 * The process-wide llama.cpp runtime for `options` (one per GPU setting and log level), created on
 * first use with node-llama-cpp's `getLlama`. Creating it loads the native binding once.
 */
export function getSharedLlama(options: LlamaRuntimeOptions = {}): Promise<Llama> {
  const gpu = options.gpu ?? "auto";
  const logLevel = (options.logLevel ?? LlamaLogLevel.error) as LlamaLogLevel;
  const key = JSON.stringify([gpu, logLevel]);
  let llama = llamas.get(key);
  if (!llama) {
    llama = getLlama({ gpu, logLevel });
    llamas.set(key, llama);
    llama.catch(() => llamas.delete(key));
  }
  return llama;
}

/**
 * The default number of CPU threads for evaluation: 1 on machines with 2 cores or fewer (more
 * threads spin against each other there), else the number of physical math cores llama.cpp
 * detected.
 */
export function defaultThreads(
  llama: Pick<Llama, "cpuMathCores">,
  cores = availableParallelism(),
): number {
  if (cores <= 2) return 1;
  return Math.max(1, llama.cpuMathCores || cores - 1);
}
