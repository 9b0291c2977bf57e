import {
  renamedOption,
  resolveThinkingOrAlias,
  type ThinkingOption,
  unsupportedThinking,
} from "@agentscope-ts/core";

/** Where the Ollama server is: `baseURL` (or the deprecated `host`). */
export interface OllamaBaseURLOptions {
  /** The Ollama server. Default: `OLLAMA_HOST`, else `http://127.0.0.1:11434`. */
  baseURL?: string;
  /** @deprecated Renamed `baseURL` (the name every provider uses); still read, with a warning. */
  host?: string;
}

/** The server `options` name (`baseURL`, or the deprecated `host`, which warns once). */
export function ollamaBaseURL(owner: string, options: OllamaBaseURLOptions): string | undefined {
  return renamedOption<string>(owner, options, "host", "baseURL");
}

/** Ollama's `think` for a `thinking` option (or the deprecated `enableThinking`). */
export interface OllamaThinking {
  /** `think` as a boolean, when set. */
  enableThinking: boolean | undefined;
  /** `think` as a level (`"low"`, `"medium"`, `"high"`), when an effort was given. */
  effort: string | undefined;
}

/**
 * Maps `thinking` (`true`/`false`, `{ effort }`) to Ollama's `think`; `enableThinking` still works
 * (warns once). `budgetTokens` has no Ollama field.
 */
export function ollamaThinking(options: {
  thinking?: ThinkingOption | undefined;
  enableThinking?: boolean | undefined;
}): OllamaThinking {
  const owner = "OllamaChatModel";
  const resolved = resolveThinkingOrAlias(owner, options, "enableThinking");
  if (resolved?.budgetTokens !== undefined) {
    throw unsupportedThinking(owner, "budgetTokens", 'Pass thinking: true or { effort: "high" }.');
  }
  return {
    enableThinking: resolved?.effort === undefined ? resolved?.enabled : undefined,
    effort: resolved?.effort,
  };
}
