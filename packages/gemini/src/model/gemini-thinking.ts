import {
  renamedOption,
  resolveThinking,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";
import { ThinkingLevel } from "@google/genai";
import type { GeminiThinkingConfig } from "../formatter/gemini-content.js";

/**
 * Gemini's `thinkingConfig` for a `thinking` option: `true` is `{ includeThoughts: true }`,
 * `{ budgetTokens }` adds `thinkingBudget`, `{ effort }` adds `thinkingLevel` (Gemini 3, upper-cased as the SDK's `ThinkingLevel`: `"low"` → `"LOW"`), `false`
 * is `{ thinkingBudget: 0 }`. The deprecated `thinkingConfig` (warns once) is sent as it is.
 */
export function geminiThinkingConfig(options: {
  thinking?: ThinkingOption | undefined;
  thinkingConfig?: GeminiThinkingConfig | undefined;
}): GeminiThinkingConfig | undefined {
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
    return config as GeminiThinkingConfig | undefined;
  }
  const resolved = resolveThinking(owner, options.thinking);
  if (!resolved?.enabled) return { thinkingBudget: 0 };
  return {
    includeThoughts: true,
    ...(resolved.budgetTokens !== undefined ? { thinkingBudget: resolved.budgetTokens } : {}),
    ...(resolved.effort !== undefined
      ? { thinkingLevel: thinkingLevel(owner, resolved.effort) }
      : {}),
  };
}

/** The SDK's `ThinkingLevel` for an effort (`"low"` → `LOW`); another word is a ValidationError. */
function thinkingLevel(owner: string, effort: string): ThinkingLevel {
  const level = Object.values(ThinkingLevel).find((value) => value === effort.toUpperCase());
  if (level === undefined || level === ThinkingLevel.THINKING_LEVEL_UNSPECIFIED) {
    const levels = Object.values(ThinkingLevel)
      .filter((value) => value !== ThinkingLevel.THINKING_LEVEL_UNSPECIFIED)
      .map((value) => `"${value.toLowerCase()}"`);
    throw new ValidationError(`${owner} options`, [
      {
        path: "thinking.effort",
        message: `expected one of ${levels.join(", ")}, received ${JSON.stringify(effort)}`,
      },
    ]);
  }
  return level;
}
