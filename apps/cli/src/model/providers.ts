import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";

/**
 * One model provider the CLI knows: how it is picked from the environment, its default model and
 * endpoint, and how its model is loaded. `load` imports the provider's package only when called
 * (dynamic `import()`), so a user with an API key never loads llama.cpp.
 */
export interface ProviderEntry {
  /** The id in `--model <id>:<name>`. */
  id: string;
  /** The environment variable whose presence picks this provider when `--model` is not given. */
  detectEnv?: string;
  /** The environment variable holding the API key; unset for providers that need none. */
  apiKeyEnv?: string;
  /** The API key to send when the provider needs none (the OpenAI SDK insists on one). */
  placeholderKey?: string;
  /** The model used when only the provider is named. */
  defaultModel: string;
  /** The base URL of its OpenAI-compatible endpoint; `undefined` uses the SDK's default. */
  baseURL?: (env: NodeJS.ProcessEnv) => string | undefined;
  /** Whether `--base-url` applies. */
  acceptsBaseUrl: boolean;
  /** Loads the model (imports the provider package lazily). */
  load(choice: ModelChoice, settings: ModelSettings): Promise<LoadedModel>;
}

const loadOpenAICompatible = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./openai-compatible.js")).loadOpenAICompatible(choice, settings);

const loadAnthropic = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./anthropic-native.js")).loadAnthropic(choice, settings);

const loadLocal = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./local-model.js")).loadLocalModel(choice, settings);

function ollamaBaseURL(env: NodeJS.ProcessEnv): string {
  let host = (env.OLLAMA_HOST ?? "").trim() || "127.0.0.1:11434";
  if (!/^https?:\/\//i.test(host)) host = `http://${host}`;
  return `${host.replace(/\/+$/, "")}/v1`;
}

/**
 * The providers, in the order their keys are looked for in the environment. Anthropic uses its
 * native package; Gemini, DashScope and Ollama go through their OpenAI-compatible endpoints with
 * `@agentscope-ts/openai` until native packages exist; replacing an entry's `load` is all such a
 * package needs.
 */
export const PROVIDERS: readonly ProviderEntry[] = [
  {
    id: "openai",
    detectEnv: "OPENAI_API_KEY",
    apiKeyEnv: "OPENAI_API_KEY",
    defaultModel: "gpt-4.1-mini",
    acceptsBaseUrl: true,
    load: loadOpenAICompatible,
  },
  {
    id: "anthropic",
    detectEnv: "ANTHROPIC_API_KEY",
    apiKeyEnv: "ANTHROPIC_API_KEY",
    defaultModel: "claude-sonnet-5-5",
    // The native Messages API through @agentscope-ts/anthropic (the SDK adds `/v1/messages`).
    baseURL: () => "https://api.anthropic.com",
    acceptsBaseUrl: true,
    load: loadAnthropic,
  },
  {
    id: "gemini",
    detectEnv: "GEMINI_API_KEY",
    apiKeyEnv: "GEMINI_API_KEY",
    defaultModel: "gemini-2.5-flash",
    baseURL: () => "https://generativelanguage.googleapis.com/v1beta/openai/",
    acceptsBaseUrl: true,
    load: loadOpenAICompatible,
  },
  {
    id: "dashscope",
    detectEnv: "DASHSCOPE_API_KEY",
    apiKeyEnv: "DASHSCOPE_API_KEY",
    defaultModel: "qwen-plus",
    baseURL: () => "https://dashscope.aliyuncs.com/compatible-mode/v1",
    acceptsBaseUrl: true,
    load: loadOpenAICompatible,
  },
  {
    id: "ollama",
    detectEnv: "OLLAMA_HOST",
    placeholderKey: "ollama",
    defaultModel: "qwen2.5",
    baseURL: ollamaBaseURL,
    acceptsBaseUrl: true,
    load: loadOpenAICompatible,
  },
  {
    id: "llama-cpp",
    // The model "name" is a GGUF path or URL; empty means the default local model.
    defaultModel: "",
    acceptsBaseUrl: false,
    load: loadLocal,
  },
];

/** The provider with this id, or `undefined`. */
export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find((p) => p.id === id);
}
