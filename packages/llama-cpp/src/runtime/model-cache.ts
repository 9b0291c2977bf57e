import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { ModelError } from "@agentscope-ts/core";
import type { Llama, LlamaModel, LlamaModelOptions } from "node-llama-cpp";
import { getSharedLlama, type LlamaRuntimeOptions } from "./shared-llama.js";

/** Options of {@link acquireModel}. */
export interface AcquireModelOptions extends LlamaRuntimeOptions {
  /** Path of the GGUF file. */
  modelPath: string;
  /** Layers to offload to the GPU: `"auto"` (default), `"max"` or a number (0 = CPU only). */
  gpuLayers?: LlamaModelOptions["gpuLayers"];
}

/** A loaded model shared by everyone who acquired it; call {@link release} when done. */
export interface ModelLease {
  llama: Llama;
  model: LlamaModel;
  /** The resolved file path. */
  path: string;
  /** Gives the lease back; the model is unloaded when the last lease is released. */
  release(): Promise<void>;
}

interface Entry {
  loading: Promise<{ llama: Llama; model: LlamaModel }>;
  refs: number;
}

const models = new Map<string, Entry>();

async function checkFile(path: string): Promise<void> {
  let isFile = false;
  try {
    isFile = (await stat(path)).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) {
    throw new ModelError(
      `Cannot load the llama.cpp model: no GGUF file at ${path}. Pass the path of a .gguf file, or download one first with ensureModel().`,
      { provider: "llama-cpp", retryable: false },
    );
  }
}

/**
 * Loads the GGUF file at `modelPath` once per process (per file, GPU setting and `gpuLayers`) and
 * hands out reference-counted leases, so chat and embedding models on the same file share one
 * copy of the weights.
 */
export async function acquireModel(options: AcquireModelOptions): Promise<ModelLease> {
  const path = resolve(options.modelPath);
  const gpuLayers = options.gpuLayers ?? "auto";
  const key = JSON.stringify([path, gpuLayers, options.gpu ?? "auto", options.logLevel ?? null]);
  let entry = models.get(key);
  if (!entry) {
    const created: Entry = {
      refs: 0,
      loading: (async () => {
        await checkFile(path);
        const llama = await getSharedLlama(options);
        try {
          const model = await llama.loadModel({ modelPath: path, gpuLayers });
          return { llama, model };
        } catch (error) {
          throw new ModelError(
            `Cannot load the llama.cpp model ${path}: ${error instanceof Error ? error.message : String(error)}`,
            { provider: "llama-cpp", retryable: false, cause: error },
          );
        }
      })(),
    };
    entry = created;
    models.set(key, created);
    created.loading.catch(() => {
      if (models.get(key) === created) models.delete(key);
    });
  }
  entry.refs++;
  const held = entry;
  let loaded: { llama: Llama; model: LlamaModel };
  try {
    loaded = await held.loading;
  } catch (error) {
    held.refs--;
    throw error;
  }
  let released = false;
  return {
    ...loaded,
    path,
    async release() {
      if (released) return;
      released = true;
      held.refs--;
      if (held.refs === 0 && models.get(key) === held) {
        models.delete(key);
        await loaded.model.dispose();
      }
    },
  };
}

/**
 * Acquires the model `options` name and builds on its lease with `build` (a chat or embedding
 * context); when `build` fails the lease is given back and the error rethrown.
 */
export async function buildOnModel<T>(
  options: AcquireModelOptions,
  build: (lease: ModelLease) => Promise<T>,
): Promise<T> {
  const lease = await acquireModel({
    modelPath: options.modelPath,
    gpuLayers: options.gpuLayers,
    gpu: options.gpu,
    logLevel: options.logLevel,
  });
  try {
    return await build(lease);
  } catch (error) {
    await lease.release();
    throw error;
  }
}

/** The model name of a GGUF file: its file name without `.gguf`. */
export function modelNameOf(modelPath: string): string {
  return basename(modelPath).replace(/\.gguf$/i, "") || modelPath;
}
