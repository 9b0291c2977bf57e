import { env, type ProgressCallback, type ProgressInfo } from "@huggingface/transformers";

/** The Hugging Face mirror `useMirror` switches to (AgentScope's `https://hf-mirror.com`). */
export const HF_MIRROR = "https://hf-mirror.com/";

/** Where and how models are loaded; shared by the token counter and the embedding model. */
export interface HubOptions {
  /**
   * Download from `https://hf-mirror.com` (useful in mainland China). Like AgentScope's
   * `use_mirror`, this changes the process-wide hub endpoint (`env.remoteHost`).
   */
  useMirror?: boolean;
  /** Never download: load from the folder, the cache or `env.localModelPath` only. */
  localFilesOnly?: boolean;
  /** Where downloaded files are cached (default: transformers.js's `env.cacheDir`). */
  cacheDir?: string;
  /** The hub revision (branch, tag or commit). Default `"main"`. */
  revision?: string;
  /**
   * Reports loading and download progress (`initiate`, `download`, `progress`, `progress_total`,
   * `done`, `ready`), e.g. to draw a progress bar.
   */
  progressCallback?: (info: ProgressInfo) => void;
}

/** Applies `useMirror` (process-wide, as in AgentScope). */
export function applyMirror(options: HubOptions): void {
  if (options.useMirror) env.remoteHost = HF_MIRROR;
}

/** The transformers.js `from_pretrained` options for `options`. */
export function pretrainedOptions(options: HubOptions): {
  local_files_only: boolean;
  revision: string;
  cache_dir?: string;
  progress_callback?: ProgressCallback;
} {
  return {
    local_files_only: options.localFilesOnly ?? false,
    revision: options.revision ?? "main",
    ...(options.cacheDir !== undefined ? { cache_dir: options.cacheDir } : {}),
    ...(options.progressCallback !== undefined
      ? { progress_callback: options.progressCallback as ProgressCallback }
      : {}),
  };
}
