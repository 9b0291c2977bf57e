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

const loadDashScope = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./dashscope-model.js")).loadDashScope(choice, settings);

const loadGemini = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./gemini-model.js")).loadGemini(choice, settings);

const loadLocal = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./local-model.js")).loadLocalModel(choice, settings);

const loadOllama = async (choice: ModelChoice, settings: ModelSettings) =>
  (await import("./ollama-model.js")).loadOllamaModel(choice, settings);

/** The Ollama server from `OLLAMA_HOST` (`undefined`: the library's `127.0.0.1:11434`). */
function ollamaHost(env: NodeJS.ProcessEnv): string | undefined {
  return (env.OLLAMA_HOST ?? "").trim() || undefined;
}

/**
 * The providers, in the order their keys are looked for in the environment. Anthropic, Gemini,
 * DashScope and Ollama use their native packages (`@agentscope-ts/<id>`); OpenAI and any
 * OpenAI-compatible server go through `@agentscope-ts/openai`; adding a provider is one entry here.
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
    // The native API through @agentscope-ts/gemini; the SDK knows its endpoint.
    acceptsBaseUrl: true,
    load: loadGemini,
  },
  {
    id: "dashscope",
    detectEnv: "DASHSCOPE_API_KEY",
    apiKeyEnv: "DASHSCOPE_API_KEY",
    defaultModel: "qwen-plus",
    // DashScope's native API (@agentscope-ts/dashscope); --base-url is its API base.
    baseURL: () => "https://dashscope.aliyuncs.com/api/v1",
    acceptsBaseUrl: true,
    load: loadDashScope,
  },
  {
    id: "ollama",
    detectEnv: "OLLAMA_HOST",
    defaultModel: "qwen2.5",
    // Ollama's native API through @agentscope-ts/ollama; `--base-url` names the server.
    baseURL: ollamaHost,
    acceptsBaseUrl: true,
    load: loadOllama,
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
