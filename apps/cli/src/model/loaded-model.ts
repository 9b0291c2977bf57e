import type { ChatModelBase, FormatterBase } from "@agentscope-ts/core";
import type { TextOutput } from "../terminal/style.js";
import type { DownloadConsent } from "./download-consent.js";

/** How the CLI tunes any model: from `--max-tokens`, `--context-size`, `--threads`. */
export interface ModelSettings {
  /** The longest answer per model call. */
  maxTokens?: number;
  /** Context window of a local model, in tokens. */
  contextSize?: number;
  /** CPU threads of a local model. */
  threads?: number;
  /** Where notes (e.g. download progress) go. */
  stderr: TextOutput;
  /** The environment (for keys, hosts, download overrides). */
  env: NodeJS.ProcessEnv;
  /** Whether a model not on disk may be downloaded (asks or refuses); without it, it is. */
  confirmDownload?: DownloadConsent;
}

/** A model ready for an agent: the chat model, its formatter, and how to free it. */
export interface LoadedModel {
  /** The chat model. */
  model: ChatModelBase;
  /** The formatter matching the model. */
  formatter: FormatterBase<object>;
  /** `provider:name`, as shown to the user. */
  label: string;
  /** Frees what the model holds (a local model's memory); optional. */
  dispose?: () => Promise<void>;
}
