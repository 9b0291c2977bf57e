import { env } from "@huggingface/transformers";
import { HuggingFaceModelNotFoundError } from "./model-not-found-error.js";

/** Where a model comes from: a local folder (absolute path) or a hub id. */
export type ModelSource = { kind: "local"; path: string } | { kind: "hub"; id: string };

type FsPromises = typeof import("node:fs/promises");

/** `node:fs/promises` where the runtime has it (Node, Deno, Bun); undefined in browsers. */
async function loadFs(): Promise<FsPromises | undefined> {
  const holder = globalThis as { process?: { versions?: { node?: string } } };
  if (!holder.process?.versions?.node) return undefined;
  try {
    return await import("node:fs/promises");
  } catch {
    return undefined;
  }
}

/** Whether `value` is written as a filesystem path rather than a hub id (`org/name`). */
export function looksLikePath(value: string): boolean {
  return (
    value.startsWith("/") ||
    value.startsWith("./") ||
    value.startsWith("../") ||
    value.startsWith("~") ||
    value.startsWith("file:") ||
    value.includes("\\") ||
    /^[A-Za-z]:/.test(value) ||
    value.split("/").length > 2
  );
}

async function isDirectory(fs: FsPromises, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function missingIn(fs: FsPromises, dir: string, files: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const file of files) {
    try {
      if (!(await fs.stat(`${dir}/${file}`)).isFile()) missing.push(file);
    } catch {
      missing.push(file);
    }
  }
  return missing;
}

/** Options of {@link resolveModelSource}. */
export interface ResolveModelOptions {
  /** The files the model folder must hold, relative to it. */
  expectedFiles: readonly string[];
  /** Whether loading may not download (the hub id must then be under `env.localModelPath`). */
  localFilesOnly: boolean;
  /** The download cache folder (default `env.cacheDir`), where earlier downloads are found. */
  cacheDir?: string;
}

/**
 * Decides whether `nameOrPath` is a local folder or a hub id, as transformers does (an existing
 * folder wins), and checks a local folder holds `expectedFiles`, throwing a
 * {@link HuggingFaceModelNotFoundError} that names the path and files. A hub id that may not be
 * downloaded must be in `env.localModelPath/<id>` or the download cache, checked the same way. In browsers
 * (no filesystem) the value goes to transformers.js unchanged.
 */
export async function resolveModelSource(
  nameOrPath: string,
  options: ResolveModelOptions,
): Promise<ModelSource> {
  const fs = await loadFs();
  if (!fs) return { kind: "hub", id: nameOrPath };
  const { resolve } = await import("node:path");
  const { homedir } = await import("node:os");
  const { fileURLToPath } = await import("node:url");
  const expanded = nameOrPath.startsWith("file:")
    ? fileURLToPath(nameOrPath)
    : nameOrPath.startsWith("~")
      ? `${homedir()}${nameOrPath.slice(1)}`
      : nameOrPath;
  const local = resolve(expanded);
  if ((await isDirectory(fs, local)) || looksLikePath(nameOrPath)) {
    const missing = await missingIn(fs, local, options.expectedFiles);
    if (missing.length > 0) {
      throw new HuggingFaceModelNotFoundError(local, options.expectedFiles, missing);
    }
    return { kind: "local", path: local };
  }
  if (options.localFilesOnly || !env.allowRemoteModels) {
    const inLocalPath = resolve(env.localModelPath ?? ".", nameOrPath);
    const missing = await missingIn(fs, inLocalPath, options.expectedFiles);
    const cacheDir = options.cacheDir ?? env.cacheDir;
    const inCache = cacheDir ? resolve(cacheDir, nameOrPath) : undefined;
    if (
      missing.length > 0 &&
      (inCache === undefined || (await missingIn(fs, inCache, options.expectedFiles)).length > 0)
    ) {
      throw new HuggingFaceModelNotFoundError(inLocalPath, options.expectedFiles, missing);
    }
  }
  return { kind: "hub", id: nameOrPath };
}
