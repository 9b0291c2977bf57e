import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { AgentScopeError } from "@agentscope-ts/core";
import { atomicWriteFile } from "@agentscope-ts/core/node";

/** Where ACEBench's data is published (the folder AgentScope downloads from). */
export const ACE_DATA_URL = "https://raw.githubusercontent.com/ACEBench/ACEBench/main/data_all";

/** The files AgentScope 1.0.21 evaluates: Chinese agent tasks and their answers. */
export const ACE_DATA_FILES: readonly string[] = [
  "data_zh/data_agent_multi_step.json",
  "data_zh/data_agent_multi_turn.json",
  "data_zh/possible_answer/data_agent_multi_step.json",
  "data_zh/possible_answer/data_agent_multi_turn.json",
];

/** Download progress, reported as bytes arrive. */
export interface DownloadProgress {
  /** The file being downloaded (relative path). */
  file: string;
  /** Bytes of this file so far. */
  receivedBytes: number;
  /** Its size, when the server says. */
  totalBytes: number | undefined;
  /** Files finished. */
  filesDone: number;
  /** Files in all. */
  filesTotal: number;
}

/** Options of {@link downloadAceBench}. */
export interface DownloadAceBenchOptions {
  /** Where to save (the files keep their `data_zh/…` paths). */
  dataDir: string;
  /** The data folder's URL. Default {@link ACE_DATA_URL}. */
  baseUrl?: string;
  /** Which files. Default {@link ACE_DATA_FILES}. */
  files?: readonly string[];
  /** Called as bytes arrive (draw a progress bar with it). */
  onProgress?: (progress: DownloadProgress) => void;
  /** Stops the download. */
  signal?: AbortSignal;
  /** Milliseconds each file may take. Default 120 000. */
  timeoutMs?: number;
  /** Largest file accepted, in bytes. Default 100 MB. */
  maxBytes?: number;
}

/**
 * Downloads ACEBench's data files into `dataDir`, each written atomically once complete (an
 * interrupted download leaves no partial file), reporting progress as bytes arrive.
 */
export async function downloadAceBench(options: DownloadAceBenchOptions): Promise<string[]> {
  const baseUrl = (options.baseUrl ?? ACE_DATA_URL).replace(/\/+$/, "");
  const files = options.files ?? ACE_DATA_FILES;
  const maxBytes = options.maxBytes ?? 100_000_000;
  const saved: string[] = [];
  for (const [index, file] of files.entries()) {
    const url = `${baseUrl}/${file}`;
    const signal = AbortSignal.any([
      AbortSignal.timeout(options.timeoutMs ?? 120_000),
      ...(options.signal ? [options.signal] : []),
    ]);
    let response: Response;
    try {
      response = await fetch(url, { signal });
    } catch (error) {
      throw new AgentScopeError(
        `Could not download ${url}: ${(error as Error).message}. Check the network, or download the files by hand into ${options.dataDir}.`,
        { cause: error, retryable: true },
      );
    }
    if (!response.ok || !response.body) {
      throw new AgentScopeError(
        `Downloading ${url} failed with HTTP ${response.status}. Check baseUrl (${baseUrl}).`,
        { retryable: response.status >= 500 },
      );
    }
    const header = response.headers.get("content-length");
    const totalBytes = header ? Number(header) : undefined;
    const chunks: Uint8Array[] = [];
    let receivedBytes = 0;
    const report = () =>
      options.onProgress?.({
        file,
        receivedBytes,
        totalBytes,
        filesDone: index,
        filesTotal: files.length,
      });
    report();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      receivedBytes += chunk.byteLength;
      if (receivedBytes > maxBytes) {
        throw new AgentScopeError(
          `${url} is larger than maxBytes (${maxBytes}); raise maxBytes if the file is right.`,
        );
      }
      chunks.push(chunk);
      report();
    }
    const path = join(options.dataDir, file);
    await mkdir(join(path, ".."), { recursive: true });
    await atomicWriteFile(path, Buffer.concat(chunks));
    saved.push(path);
    options.onProgress?.({
      file,
      receivedBytes,
      totalBytes,
      filesDone: index + 1,
      filesTotal: files.length,
    });
  }
  return saved;
}

/** A progress bar on a terminal stream for {@link downloadAceBench} (nothing when it is not a TTY). */
export function downloadProgressBar(
  out: NodeJS.WriteStream = process.stderr,
): (progress: DownloadProgress) => void {
  return (p) => {
    if (!out.isTTY) return;
    const width = 24;
    const share = p.totalBytes ? Math.min(1, p.receivedBytes / p.totalBytes) : 0;
    const filled = Math.round(
      ((p.filesDone + (p.filesDone < p.filesTotal ? share : 0)) / p.filesTotal) * width,
    );
    const kb = (p.receivedBytes / 1024).toFixed(0);
    out.write(
      `\r\x1b[2KACEBench [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${p.filesDone}/${p.filesTotal} ${p.file} ${kb} KB`,
    );
    if (p.filesDone === p.filesTotal) out.write("\n");
  };
}
