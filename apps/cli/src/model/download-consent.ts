import { CliError, EXIT } from "../cli-error.js";
import { formatBytes } from "./download-progress.js";

/** A model about to be downloaded, as the user is asked about it. */
export interface DownloadRequest {
  /** What to call it: `Qwen2.5-1.5B-Instruct (GGUF, Q4_K_M)`, or the file name. */
  name: string;
  /** The download URL (asked for its size). */
  url: string;
  /** The folder it goes to. */
  dir: string;
  /** The size as known in advance (`about 1.1 GB`), used when the server does not say. */
  knownSize?: string;
  /** What else the user can do, ending the refusal message (`set AGENTSCOPE_MODEL_URL …`). */
  alternatives: string;
}

/** Resolves when the download may go ahead; throws a {@link CliError} when it may not. */
export type DownloadConsent = (request: DownloadRequest) => Promise<void>;

/** Asks a yes/no question on the terminal; resolves the answer. */
export type AskYesNo = (question: string) => Promise<boolean>;

/** How long asking the server for the size may take before the question says "unknown size". */
const SIZE_PROBE_TIMEOUT_MS = 10_000;

/**
 * The download size for the question: the server's Content-Length (a HEAD request, following
 * redirects), else the known size, else "unknown size". Never throws.
 */
export async function downloadSize(
  url: string,
  knownSize?: string,
  timeoutMs = SIZE_PROBE_TIMEOUT_MS,
): Promise<string> {
  try {
    const response = await fetch(url, {
      method: "HEAD",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const length = Number(response.headers.get("content-length"));
    if (response.ok && Number.isFinite(length) && length > 0) return formatBytes(length);
  } catch {
    // Offline or slow: the download itself reports the network error if the user goes ahead.
  }
  return knownSize ?? "unknown size";
}

/**
 * The CLI's rule for downloading a model that is not on disk yet: with `--yes`, go ahead; in an
 * interactive chat (`ask` given), ask `Download <name> (<size>) to <dir>? [y/N]`; otherwise
 * (`run`, piped input) refuse with a line saying to pass `--yes` or set an API key.
 */
export function downloadConsent(options: { yes: boolean; ask?: AskYesNo }): DownloadConsent {
  return async (request) => {
    if (options.yes) return;
    const { name, dir, alternatives } = request;
    if (options.ask) {
      const size = await downloadSize(request.url, request.knownSize);
      if (await options.ask(`Download ${name} (${size}) to ${dir}? [y/N] `)) return;
      throw new CliError(`not downloading ${name}; ${alternatives}`, { exitCode: EXIT.failure });
    }
    throw new CliError(
      `${name} (${request.knownSize ?? "unknown size"}) is not downloaded yet: pass --yes to download it to ${dir}, or set an API key (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY) or OLLAMA_HOST; ${alternatives}`,
      { exitCode: EXIT.usage },
    );
  };
}
