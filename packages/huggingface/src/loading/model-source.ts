import { env } from "@huggingface/transformers";
import { HuggingFaceModelNotFoundError } from "./model-not-found-error.js";

/** Where a model comes from: a local folder (absolute path) or a hub id. */
export type ModelSource = { kind: "local"; path: string } | { kind: "hub"; id: string };

// Variable specifiers, so browser bundlers leave these imports alone: they only run on Node
// (and Deno, Bun), where model folders can be checked before transformers.js reads them.
const NODE_FS = "node:fs/promises";
const NODE_PATH = "node:path";
const NODE_OS = "node:os";
const NODE_URL = "node:url";

interface NodeFs {
  stat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean }>;
}

interface NodeModules {
  fs: NodeFs;
  resolve: (...paths: string[]) => string;
  homedir: () => string;
  fileURLToPath: (url: string) => string;
}

let nodeModules: Promise<NodeModules | undefined> | undefined;

/** The Node modules the folder checks need, where the runtime has them; undefined in browsers. */
function loadNode(): Promise<NodeModules | undefined> {
  const holder = globalThis as { process?: { versions?: { node?: string } } };
  if (!holder.process?.versions?.node) return Promise.resolve(undefined);
  const load = (specifier: string) =>
    import(/* @vite-ignore */ /* webpackIgnore: true */ specifier);
  nodeModules ??= Promise.all([load(NODE_FS), load(NODE_PATH), load(NODE_OS), load(NODE_URL)]).then(
    ([fs, path, os, url]) => ({
      fs,
      resolve: path.resolve,
      homedir: os.homedir,
      fileURLToPath: url.fileURLToPath,
    }),
    () => undefined,
  );
  return nodeModules;
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

async function isDirectory(fs: NodeFs, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function missingIn(fs: NodeFs, dir: string, files: readonly string[]): Promise<string[]> {
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
  const node = await loadNode();
  if (!node) return { kind: "hub", id: nameOrPath };
  const { fs, resolve, homedir, fileURLToPath } = node;
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
