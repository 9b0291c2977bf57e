import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { TextOutput } from "../terminal/style.js";
import type { DownloadConsent } from "./download-consent.js";
import { downloadProgress } from "./download-progress.js";

type LlamaCpp = typeof import("@agentscope-ts/llama-cpp");

/** Options of {@link ensureLocalModel}. */
export interface EnsureLocalModelOptions {
  /** A GGUF path, URL or `hf:` shorthand. */
  uri: string;
  /** The models folder. */
  dir: string;
  /** What to call the model when asking (default: its file name). */
  name?: string;
  /** Its size as known in advance (`about 1.1 GB`). */
  knownSize?: string;
  /** What else the user can do when the download is refused. */
  alternatives: string;
  /** Asks or refuses before a download; without it, the download goes ahead. */
  confirm: DownloadConsent | undefined;
  /** Where the note and the progress bar go. */
  stderr: TextOutput;
  /** The note printed once the download goes ahead (without the trailing newline). */
  note?: (fileName: string) => string;
  /** Expected SHA-256 of the file. */
  sha256?: string;
  /** What the offline error suggests. */
  offlineHint?: string;
}

/**
 * `ensureModel` with the CLI's download rule: a URL whose file is not in `dir` yet is first put
 * to `confirm` (ask in chat, `--yes` in run), then downloaded with a progress bar showing speed
 * and time left. Files already on disk and local paths never ask.
 */
export async function ensureLocalModel(
  llama: LlamaCpp,
  options: EnsureLocalModelOptions,
): Promise<string> {
  const { uri, dir, stderr } = options;
  if (/^(https?:\/\/|hf:)/i.test(uri)) {
    const url = llama.resolveModelUri(uri);
    const fileName = decodeURIComponent(basename(new URL(url).pathname));
    if (!existsSync(join(dir, fileName))) {
      await options.confirm?.({
        name: options.name ?? fileName,
        url,
        dir,
        alternatives: options.alternatives,
        ...(options.knownSize !== undefined ? { knownSize: options.knownSize } : {}),
      });
      if (options.note) stderr.write(`${options.note(fileName)}\n`);
    }
  }
  return llama.ensureModel({
    uri,
    dir,
    onProgress: downloadProgress(stderr),
    ...(options.offlineHint !== undefined ? { offlineHint: options.offlineHint } : {}),
    ...(options.sha256 !== undefined ? { sha256: options.sha256 } : {}),
  });
}
