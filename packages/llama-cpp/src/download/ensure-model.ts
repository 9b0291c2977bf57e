import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { basename, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InterruptedError, isNetworkError } from "@agentscope-ts/core";
import { defaultModelDir } from "./default-model.js";
import {
  type DownloadProgress,
  type ProgressStream,
  terminalProgress,
} from "./download-progress.js";
import { ModelDownloadError } from "./model-download-error.js";

/** Options of {@link ensureModel}. */
export interface EnsureModelOptions {
  /**
   * The model: a local path (`/models/x.gguf`, `./x.gguf`, `file:///…`), an `http(s)://` URL, or
   * `hf:<owner>/<repo>/<file>` (Hugging Face, main branch).
   */
  uri: string;
  /** The cache folder for downloads. Default {@link defaultModelDir}. */
  dir?: string;
  /** The file name in `dir`. Default: the URL's last path segment. */
  fileName?: string;
  /** Expected SHA-256 (hex) of a downloaded file; a mismatch deletes the file and throws. */
  sha256?: string;
  /** Called with progress; without it, a progress line is drawn on `progressStream` if a TTY. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Where the progress line goes when no `onProgress` is given. Default `process.stderr`. */
  progressStream?: ProgressStream | false;
  /** Aborts the download (the partial file is kept, so the next run resumes). */
  signal?: AbortSignal;
  /** Extra request headers, e.g. `{ authorization: "Bearer hf_…" }` for gated models. */
  headers?: Record<string, string>;
  /**
   * What the offline error suggests. Default: "pass a local GGUF file instead (e.g. --model
   * llama-cpp:/path/to/model.gguf)".
   */
  offlineHint?: string;
}

const DEFAULT_OFFLINE_HINT =
  "pass a local GGUF file instead (e.g. --model llama-cpp:/path/to/model.gguf)";

const inFlight = new Map<string, Promise<string>>();

/** Expands `hf:owner/repo/path/file.gguf` to its Hugging Face download URL. */
export function resolveModelUri(uri: string): string {
  if (!uri.startsWith("hf:")) return uri;
  const parts = uri.slice(3).replace(/^\/+/, "").split("/");
  if (parts.length < 3 || parts.some((p) => p === "")) {
    throw new ModelDownloadError(
      `Invalid Hugging Face model ${JSON.stringify(uri)}: write hf:<owner>/<repo>/<file.gguf>.`,
      { uri },
    );
  }
  const [owner, repo, ...file] = parts;
  return `https://huggingface.co/${owner}/${repo}/resolve/main/${file.join("/")}`;
}

function isUrl(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === "object"; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Makes sure a model file is on disk and returns its path. A local path is checked and returned;
 * a URL is downloaded once into `dir` and its path returned at once on later calls. Downloads
 * write `<file>.part` and resume it with an HTTP Range request after an interruption, show a
 * progress line on a terminal (or call `onProgress`), check `sha256` when given (deleting a bad
 * file), then rename the file into place. Failures throw a {@link ModelDownloadError} whose
 * message is one line, e.g. `cannot download https://…: no network (ENOTFOUND); pass a local
 * GGUF file instead (…)`.
 */
export async function ensureModel(options: EnsureModelOptions): Promise<string> {
  const { uri } = options;
  if (typeof uri !== "string" || uri === "") {
    throw new ModelDownloadError("ensureModel needs a uri: a local .gguf path, a URL or hf:…", {
      uri: String(uri),
    });
  }
  const url = resolveModelUri(uri);
  if (!isUrl(url)) {
    const path = url.startsWith("file:") ? fileURLToPath(url) : resolve(url);
    if ((await fileSize(path)) === undefined) {
      throw new ModelDownloadError(`no model file at ${path}`, { uri });
    }
    return path;
  }
  const dir = resolve(options.dir ?? defaultModelDir());
  const fileName = options.fileName ?? decodeURIComponent(basename(new URL(url).pathname));
  if (!fileName || fileName.includes("/") || isAbsolute(fileName)) {
    throw new ModelDownloadError(`cannot tell a file name from ${url}; pass fileName`, { uri });
  }
  const target = join(dir, fileName);
  if ((await fileSize(target)) !== undefined) return target;
  const running = inFlight.get(target);
  if (running) return running;
  const job = download(url, target, fileName, options).finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}

async function download(
  url: string,
  target: string,
  fileName: string,
  options: EnsureModelOptions,
): Promise<string> {
  const { uri, signal } = options;
  const hint = options.offlineHint ?? DEFAULT_OFFLINE_HINT;
  const part = `${target}.part`;
  await mkdir(resolve(target, ".."), { recursive: true });
  const stream = options.progressStream === undefined ? process.stderr : options.progressStream;
  const report =
    options.onProgress ?? (stream && stream.isTTY === true ? terminalProgress(stream) : () => {});

  let offset = (await fileSize(part)) ?? 0;
  const headers: Record<string, string> = { ...options.headers };
  if (offset > 0) headers.range = `bytes=${offset}-`;
  let response: Response;
  try {
    response = await fetch(url, { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted)
      throw new InterruptedError("The model download was aborted.", { cause: error });
    throw new ModelDownloadError(
      `cannot download ${url}: no network (${describeNetworkError(error)}); ${hint}`,
      { uri, retryable: true, cause: error },
    );
  }
  let total: number | undefined;
  if (response.status === 206 && offset > 0) {
    const range = /\/(\d+)\s*$/.exec(response.headers.get("content-range") ?? "");
    total = range ? Number(range[1]) : undefined;
  } else if (response.status === 416 && offset > 0) {
    // The part already holds the whole file (or more): check it below, else start over.
    const range = /\/(\d+)\s*$/.exec(response.headers.get("content-range") ?? "");
    await response.body?.cancel();
    if (range && Number(range[1]) === offset)
      return finish(part, target, fileName, offset, options, report);
    await rm(part, { force: true });
    return download(url, target, fileName, options);
  } else if (response.ok) {
    offset = 0; // the server ignored the range: start over
    const length = response.headers.get("content-length");
    total = length ? Number(length) : undefined;
  } else {
    await response.body?.cancel();
    throw new ModelDownloadError(
      `cannot download ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
      {
        uri,
        status: response.status,
        retryable: response.status >= 500 || response.status === 429,
      },
    );
  }

  const file = await open(part, offset > 0 ? "a" : "w");
  let written = offset;
  try {
    report({ fileName, downloaded: written, total, done: false });
    if (response.body) {
      // Read with the web stream's reader; leaving early (an error) cancels the request.
      const reader = response.body.getReader();
      try {
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          await file.write(read.value);
          written += read.value.byteLength;
          report({ fileName, downloaded: written, total, done: false });
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    }
  } catch (error) {
    if (signal?.aborted) {
      throw new InterruptedError("The model download was aborted (it resumes next time).", {
        cause: error,
      });
    }
    throw new ModelDownloadError(
      `cannot download ${url}: the connection dropped after ${written} bytes${isNetworkError(error) ? "" : ` (${describeNetworkError(error)})`}; run again to resume`,
      { uri, retryable: true, cause: error },
    );
  } finally {
    await file.close();
  }
  if (total !== undefined && written < total) {
    throw new ModelDownloadError(
      `cannot download ${url}: the connection dropped after ${written} of ${total} bytes; run again to resume`,
      { uri, retryable: true },
    );
  }
  return finish(part, target, fileName, written, options, report);
}

async function finish(
  part: string,
  target: string,
  fileName: string,
  size: number,
  options: EnsureModelOptions,
  report: (progress: DownloadProgress) => void,
): Promise<string> {
  if (options.sha256) {
    const actual = await sha256Of(part);
    if (actual.toLowerCase() !== options.sha256.toLowerCase()) {
      await rm(part, { force: true });
      throw new ModelDownloadError(
        `checksum mismatch for ${fileName}: expected sha256 ${options.sha256}, got ${actual}; the download was deleted, run again to fetch it anew`,
        { uri: options.uri },
      );
    }
  }
  await rename(part, target);
  report({ fileName, downloaded: size, total: size, done: true });
  return target;
}
