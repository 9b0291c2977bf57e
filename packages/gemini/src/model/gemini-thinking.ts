import {
  renamedOption,
  resolveThinking,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";

/**
 * Gemini's `thinkingConfig` for a `thinking` option: `true` is `{ includeThoughts: true }`,
 * `{ budgetTokens }` adds `thinkingBudget`, `{ effort }` adds `thinkingLevel` (Gemini 3, upper-cased as the SDK's `ThinkingLevel`: `"low"` → `"LOW"`), `false`
 * is `{ thinkingBudget: 0 }`. The deprecated `thinkingConfig` (warns once) is sent as it is.
 */
export function geminiThinkingConfig(options: {
  thinking?: ThinkingOption | undefined;
  thinkingConfig?: Record<string, unknown> | undefined;
}): Record<string, unknown> | undefined {
  const owner = "GeminiChatModel";
  if (options.thinking === undefined) {
    const config = renamedOption<unknown>(
      owner,
      { thinkingConfig: options.thinkingConfig },
      "thinkingConfig",
      "thinking",
    );
    if (config !== undefined && (config === null || typeof config !== "object")) {
      throw new ValidationError(`${owner} options`, [
        {
          path: "thinkingConfig",
          message: `expected an object such as { includeThoughts: true, thinkingBudget: 1024 }, received ${JSON.stringify(config)}`,
        },
      ]);
    }
    return config as Record<string, unknown> | undefined;
  }
  const resolved = resolveThinking(owner, options.thinking);
  if (!resolved?.enabled) return { thinkingBudget: 0 };
  return {
    includeThoughts: true,
    ...(resolved.budgetTokens !== undefined ? { thinkingBudget: resolved.budgetTokens } : {}),
    ...(resolved.effort !== undefined ? { thinkingLevel: resolved.effort.toUpperCase() } : {}),
  };
}
