import { CliError, EXIT } from "../cli-error.js";
import type { ModelChoice } from "../model/model-choice.js";

/** A provider whose package has text-to-speech models, as the CLI knows it. */
export interface TtsProviderEntry {
  /** The id in `--tts <id>:<model>`. */
  id: "openai" | "gemini" | "dashscope";
  /** The environment variable holding its API key. */
  apiKeyEnv: string;
  /** The TTS model used when only the provider is named. */
  defaultModel: string;
}

/** The providers with TTS models, in the order their keys are looked for. */
export const TTS_PROVIDERS: readonly TtsProviderEntry[] = [
  { id: "openai", apiKeyEnv: "OPENAI_API_KEY", defaultModel: "gpt-4o-mini-tts" },
  { id: "gemini", apiKeyEnv: "GEMINI_API_KEY", defaultModel: "gemini-2.5-flash-preview-tts" },
  { id: "dashscope", apiKeyEnv: "DASHSCOPE_API_KEY", defaultModel: "qwen3-tts-flash" },
];

/** The TTS model the CLI will speak with, and why. */
export interface TtsChoice {
  provider: TtsProviderEntry;
  modelName: string;
  apiKey: string;
  /** The chat model's `--base-url`, when the TTS model is of the same provider. */
  baseURL?: string;
  /** `--tts`, the chat provider's voice, or the key found. */
  reason: string;
}

/** What {@link chooseTts} reads from the command line. */
export interface TtsFlags {
  speak: boolean;
  speakTo?: string;
  tts?: string;
  baseUrl?: string;
}

const IDS = TTS_PROVIDERS.map((p) => p.id).join(", ");
const KEYS = TTS_PROVIDERS.map((p) => p.apiKeyEnv).join(", ");

function usage(message: string): CliError {
  return new CliError(message, { exitCode: EXIT.usage });
}

/**
 * Picks the text-to-speech model for `--speak` / `--speak-to` (`undefined` when neither is given):
 * `--tts provider[:model]`; else the chat model's provider when it has TTS and its key is set;
 * else the first of OpenAI, Gemini, DashScope whose key is set. No key: a one-line
 * {@link CliError} naming the variables. `--base-url` applies when the TTS provider is the chat
 * model's. Loads nothing.
 */
export function chooseTts(
  flags: TtsFlags,
  env: NodeJS.ProcessEnv,
  chat: ModelChoice,
): TtsChoice | undefined {
  if (!flags.speak && flags.speakTo === undefined) return undefined;
  const key = (p: TtsProviderEntry) => (env[p.apiKeyEnv] ?? "").trim();
  const pick = (provider: TtsProviderEntry, modelName: string, reason: string): TtsChoice => {
    const sameProvider = chat.provider.id === provider.id;
    const apiKey = key(provider) || (sameProvider ? (chat.apiKey ?? "") : "");
    if (!apiKey) {
      throw usage(
        `--tts ${provider.id} needs an API key: set ${provider.apiKeyEnv} in the environment`,
      );
    }
    const choice: TtsChoice = { provider, modelName, apiKey, reason };
    if (sameProvider && flags.baseUrl !== undefined) choice.baseURL = flags.baseUrl;
    return choice;
  };
  const spec = flags.tts?.trim();
  if (spec) {
    const colon = spec.indexOf(":");
    const id = (colon < 0 ? spec : spec.slice(0, colon)).toLowerCase();
    const name = colon < 0 ? "" : spec.slice(colon + 1).trim();
    const provider = TTS_PROVIDERS.find((p) => p.id === id);
    if (!provider) {
      throw usage(
        `unknown TTS provider ${JSON.stringify(id)} in --tts ${JSON.stringify(spec)}: use one of ${IDS} (e.g. --tts openai:gpt-4o-mini-tts)`,
      );
    }
    return pick(provider, name || provider.defaultModel, "--tts");
  }
  const own = TTS_PROVIDERS.find((p) => p.id === chat.provider.id);
  if (own && (key(own) || chat.apiKey)) return pick(own, own.defaultModel, "the chat provider's");
  const found = TTS_PROVIDERS.find((p) => key(p) !== "");
  if (found) return pick(found, found.defaultModel, `${found.apiKeyEnv} is set`);
  throw usage(
    `${flags.speak ? "--speak" : "--speak-to"} needs a text-to-speech model, and no TTS provider's key is set: set one of ${KEYS} (or name one with --tts ${IDS.split(", ")[0]}:gpt-4o-mini-tts)`,
  );
}
