import { CliError, EXIT } from "../cli-error.js";
import { findProvider, PROVIDERS, type ProviderEntry } from "./providers.js";

/** The model the CLI will use and why. */
export interface ModelChoice {
  /** The provider. */
  provider: ProviderEntry;
  /** The model name (for llama-cpp: a GGUF path or URL; empty for the default local model). */
  modelName: string;
  /** The API key to send, if the provider takes one. */
  apiKey?: string;
  /** The endpoint; `undefined` uses the provider's default. */
  baseURL?: string;
  /** `--api`: the OpenAI API of an OpenAI-compatible provider (default Chat Completions). */
  api?: "chat" | "responses";
  /** Why this model: `--model`, the environment variable found, or the local fallback. */
  reason: string;
}

/** What {@link chooseModel} reads from the command line. */
export interface ModelFlags {
  /** `--model`. */
  model?: string;
  /** `--base-url`. */
  baseUrl?: string;
  /** `--api`. */
  api?: "chat" | "responses";
}

const PROVIDER_LIST = PROVIDERS.map((p) => p.id).join(", ");

function usage(message: string): CliError {
  return new CliError(message, { exitCode: EXIT.usage });
}

function detected(env: NodeJS.ProcessEnv): ProviderEntry | undefined {
  return PROVIDERS.find((p) => p.detectEnv && (env[p.detectEnv] ?? "").trim() !== "");
}

function complete(
  provider: ProviderEntry,
  modelName: string,
  flags: ModelFlags,
  env: NodeJS.ProcessEnv,
  reason: string,
): ModelChoice {
  if (flags.baseUrl !== undefined && !provider.acceptsBaseUrl) {
    throw usage(
      `--base-url does not apply to ${provider.id} (it runs the model in this process); drop it, or use --model openai:NAME for an OpenAI-compatible server`,
    );
  }
  if (flags.api !== undefined && !provider.acceptsBaseUrl) {
    throw usage(
      `--api does not apply to ${provider.id} (it runs the model in this process); drop it, or use --model openai:NAME`,
    );
  }
  const choice: ModelChoice = { provider, modelName, reason };
  if (flags.api !== undefined) choice.api = flags.api;
  const baseURL = flags.baseUrl ?? provider.baseURL?.(env);
  if (baseURL !== undefined) choice.baseURL = baseURL;
  if (provider.apiKeyEnv) {
    const key = (env[provider.apiKeyEnv] ?? "").trim();
    if (key) choice.apiKey = key;
    else if (flags.baseUrl !== undefined) choice.apiKey = "not-needed";
    else {
      throw usage(
        `${provider.id} needs an API key: set ${provider.apiKeyEnv} in the environment (or use --base-url for a server without keys)`,
      );
    }
  } else if (provider.placeholderKey) {
    choice.apiKey = provider.placeholderKey;
  }
  return choice;
}

/**
 * Picks the model: `--model provider:name` (a bare provider takes its default model; a bare name
 * goes to the provider found in the environment), else the first provider whose key is in the
 * environment (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `DASHSCOPE_API_KEY`,
 * then `OLLAMA_HOST`), else the embedded local model. Throws a one-line {@link CliError} for an
 * unknown provider or a missing key. Loads nothing.
 */
export function chooseModel(flags: ModelFlags, env: NodeJS.ProcessEnv): ModelChoice {
  const spec = flags.model?.trim();
  if (spec) {
    const colon = spec.indexOf(":");
    const id = colon < 0 ? spec : spec.slice(0, colon);
    const name = colon < 0 ? "" : spec.slice(colon + 1).trim();
    const provider = findProvider(id.toLowerCase());
    if (provider) {
      return complete(provider, name || provider.defaultModel, flags, env, "--model");
    }
    if (colon < 0) {
      // A bare model name: the provider comes from --base-url or the environment.
      const fallback = flags.baseUrl !== undefined ? findProvider("openai") : detected(env);
      if (fallback) {
        const why = flags.baseUrl !== undefined ? "--base-url" : `${fallback.detectEnv} is set`;
        return complete(fallback, spec, flags, env, `--model (provider: ${why})`);
      }
      throw usage(
        `--model ${JSON.stringify(spec)} does not say which provider serves it: write PROVIDER:NAME with PROVIDER one of ${PROVIDER_LIST} (e.g. --model openai:gpt-4.1-mini)`,
      );
    }
    throw usage(
      `unknown model provider ${JSON.stringify(id)} in --model ${JSON.stringify(spec)}: use one of ${PROVIDER_LIST} (e.g. --model openai:gpt-4.1-mini or --model llama-cpp:/path/to/model.gguf)`,
    );
  }
  if (flags.baseUrl !== undefined) {
    throw usage("--base-url needs the model served there: add --model openai:NAME");
  }
  const provider = detected(env);
  if (provider) {
    return complete(provider, provider.defaultModel, flags, env, `${provider.detectEnv} is set`);
  }
  const local = findProvider("llama-cpp") as ProviderEntry;
  return complete(local, "", flags, env, "no API key found in the environment");
}
