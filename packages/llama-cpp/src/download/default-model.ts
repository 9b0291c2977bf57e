import { homedir } from "node:os";
import { join } from "node:path";

/** A downloadable GGUF model: where it comes from and what it is. */
export interface ModelSpec {
  /** Short id, used as the file name stem. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** Download URL (or `hf:owner/repo/file.gguf`). */
  uri: string;
  /** File name in the cache folder. */
  fileName: string;
  /** Approximate download size, for messages ("about 1.1 GB"). */
  approximateSize: string;
  /** SPDX licence id. */
  license: string;
  /** Where the licence text is. */
  licenseUrl: string;
  /** SHA-256 of the file, when pinned. */
  sha256?: string;
}

/**
 * The default local model: Qwen2.5-1.5B-Instruct, quantised to Q4_K_M, from Qwen's official GGUF
 * repository on Hugging Face. About 1.1 GB, Apache-2.0, 32k context; small enough for a laptop CPU
 * and trained for tool calls in the Hermes/Qwen `<tool_call>` format, which node-llama-cpp
 * recognises from its chat template. Only ever downloaded on demand (`ensureModel`), never by tests.
 */
export const DEFAULT_MODEL: ModelSpec = {
  id: "qwen2.5-1.5b-instruct-q4_k_m",
  name: "Qwen2.5-1.5B-Instruct (GGUF, Q4_K_M)",
  uri: "https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf",
  fileName: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
  approximateSize: "about 1.1 GB",
  license: "Apache-2.0",
  licenseUrl: "https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct/blob/main/LICENSE",
};

/** A smaller alternative for slow machines: Qwen2.5-0.5B-Instruct Q4_K_M (~0.5 GB, Apache-2.0). */
export const SMALL_MODEL: ModelSpec = {
  id: "qwen2.5-0.5b-instruct-q4_k_m",
  name: "Qwen2.5-0.5B-Instruct (GGUF, Q4_K_M)",
  uri: "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf",
  fileName: "qwen2.5-0.5b-instruct-q4_k_m.gguf",
  approximateSize: "about 0.5 GB",
  license: "Apache-2.0",
  licenseUrl: "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct/blob/main/LICENSE",
};

/**
 * The folder downloaded models go to: `$AGENTSCOPE_MODELS_DIR`, else `$XDG_CACHE_HOME/agentscope/models`,
 * else `~/.cache/agentscope/models`.
 */
export function defaultModelDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AGENTSCOPE_MODELS_DIR) return env.AGENTSCOPE_MODELS_DIR;
  const cache = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(cache, "agentscope", "models");
}
