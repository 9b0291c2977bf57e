import type { Tiktoken, TiktokenBPE } from "js-tiktoken/lite";
import { TiktokenNotInstalledError } from "./tiktoken-not-installed-error.js";

/** The tiktoken encodings js-tiktoken ships offline. */
export type EncodingName =
  | "o200k_base"
  | "cl100k_base"
  | "p50k_base"
  | "p50k_edit"
  | "r50k_base"
  | "gpt2";

// tiktoken's model tables (Python `tiktoken.model`): exact names, then prefixes.
const MODEL_TO_ENCODING: Record<string, EncodingName> = {
  o1: "o200k_base",
  o3: "o200k_base",
  "o4-mini": "o200k_base",
  "gpt-5": "o200k_base",
  "gpt-4.1": "o200k_base",
  "gpt-4o": "o200k_base",
  "gpt-4": "cl100k_base",
  "gpt-3.5-turbo": "cl100k_base",
  "gpt-3.5": "cl100k_base",
  "gpt-35-turbo": "cl100k_base",
  "davinci-002": "cl100k_base",
  "babbage-002": "cl100k_base",
  "text-embedding-ada-002": "cl100k_base",
  "text-embedding-3-small": "cl100k_base",
  "text-embedding-3-large": "cl100k_base",
  "text-davinci-003": "p50k_base",
  "text-davinci-002": "p50k_base",
  "text-davinci-001": "r50k_base",
  davinci: "r50k_base",
  curie: "r50k_base",
  babbage: "r50k_base",
  ada: "r50k_base",
  "code-davinci-002": "p50k_base",
  "text-davinci-edit-001": "p50k_edit",
  "code-davinci-edit-001": "p50k_edit",
  gpt2: "gpt2",
  "gpt-2": "gpt2",
};

const MODEL_PREFIX_TO_ENCODING: [string, EncodingName][] = [
  ["o1-", "o200k_base"],
  ["o3-", "o200k_base"],
  ["o4-mini-", "o200k_base"],
  ["gpt-5-", "o200k_base"],
  ["gpt-4.5-", "o200k_base"],
  ["gpt-4.1-", "o200k_base"],
  ["chatgpt-4o-", "o200k_base"],
  ["gpt-4o-", "o200k_base"],
  ["gpt-4-", "cl100k_base"],
  ["gpt-3.5-turbo-", "cl100k_base"],
  ["gpt-35-turbo-", "cl100k_base"],
  ["ft:gpt-4o", "o200k_base"],
  ["ft:gpt-4", "cl100k_base"],
  ["ft:gpt-3.5-turbo", "cl100k_base"],
  ["ft:davinci-002", "cl100k_base"],
  ["ft:babbage-002", "cl100k_base"],
];

/**
 * The encoding of a model as `tiktoken.encoding_for_model` finds it (exact name, then prefix),
 * falling back to `o200k_base` for unknown models, as AgentScope's counter does.
 */
export function encodingNameForModel(modelName: string): EncodingName {
  const exact = MODEL_TO_ENCODING[modelName];
  if (exact) return exact;
  for (const [prefix, name] of MODEL_PREFIX_TO_ENCODING) {
    if (modelName.startsWith(prefix)) return name;
  }
  return "o200k_base";
}

/** The modules an encoding needs: js-tiktoken's `lite` tokenizer and the encoding's ranks. */
export interface TiktokenModules {
  /** `js-tiktoken/lite`. */
  lite: { Tiktoken: new (ranks: TiktokenBPE) => Tiktoken };
  /** `js-tiktoken/ranks/<encoding>`. */
  ranks: { default: TiktokenBPE };
}

/** Loads the modules of one encoding (the seam tests replace to simulate a missing package). */
export type TiktokenLoader = (name: EncodingName) => Promise<TiktokenModules>;

const rankLoaders: Record<EncodingName, () => Promise<{ default: TiktokenBPE }>> = {
  o200k_base: () => import("js-tiktoken/ranks/o200k_base"),
  cl100k_base: () => import("js-tiktoken/ranks/cl100k_base"),
  p50k_base: () => import("js-tiktoken/ranks/p50k_base"),
  p50k_edit: () => import("js-tiktoken/ranks/p50k_edit"),
  r50k_base: () => import("js-tiktoken/ranks/r50k_base"),
  gpt2: () => import("js-tiktoken/ranks/gpt2"),
};

/** Imports js-tiktoken (an optional peer dependency) and the ranks of `name`. */
export const importTiktoken: TiktokenLoader = async (name) => {
  const [lite, ranks] = await Promise.all([import("js-tiktoken/lite"), rankLoaders[name]()]);
  return { lite, ranks };
};

const cache = new Map<EncodingName, Promise<Tiktoken>>();

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

/**
 * The tokenizer of an encoding, from js-tiktoken's bundled ranks (offline; js-tiktoken and each
 * encoding's ranks are loaded on first use and shared, so importing the package stays cheap).
 * Rejects with {@link TiktokenNotInstalledError} when js-tiktoken is not installed.
 */
export function getEncoding(
  name: EncodingName,
  load: TiktokenLoader = importTiktoken,
): Promise<Tiktoken> {
  const shared = load === importTiktoken;
  let found = shared ? cache.get(name) : undefined;
  if (!found) {
    found = load(name).then(
      ({ lite, ranks }) => new lite.Tiktoken(ranks.default),
      (error: unknown) => {
        if (shared) cache.delete(name);
        throw isModuleNotFound(error) ? new TiktokenNotInstalledError({ cause: error }) : error;
      },
    );
    if (shared) cache.set(name, found);
  }
  return found;
}
