import { ValidationError } from "../errors/validation-error.js";
import { renamedOption } from "./renamed-option.js";

/** The thinking settings a provider maps to its wire: a token budget, or an effort level. */
export interface ThinkingSettings {
  /** The most tokens the model may think with (Anthropic `budget_tokens`, Gemini `thinkingBudget`, DashScope `thinking_budget`). */
  budgetTokens?: number;
  /** How hard the model thinks (OpenAI `reasoning_effort`, Gemini `thinkingLevel`, Ollama `think`): `"low"`, `"medium"`, `"high"`… */
  effort?: string;
}

/** The `thinking` option of every chat model: on, off, or on with settings. */
export type ThinkingOption = boolean | ThinkingSettings;

/** A checked {@link ThinkingOption}: whether thinking is on, and its settings. */
export interface ResolvedThinking extends ThinkingSettings {
  /** `false` when the option was `false`. */
  enabled: boolean;
}

/**
 * Checks a `thinking` option and resolves it (`true` → on, `false` → off, an object → on with its
 * settings); `undefined` when not given. A bad value is a {@link ValidationError} naming the field.
 */
export function resolveThinking(owner: string, value: unknown): ResolvedThinking | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return { enabled: value };
  const issues: { path: string; message: string }[] = [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    issues.push({
      path: "thinking",
      message: `expected a boolean or an object, received ${JSON.stringify(value)}`,
    });
  } else {
    const { budgetTokens, effort, ...rest } = value as Record<string, unknown>;
    if (
      budgetTokens !== undefined &&
      (!Number.isInteger(budgetTokens) || (budgetTokens as number) < 0)
    ) {
      issues.push({
        path: "thinking.budgetTokens",
        message: `expected a non-negative integer, received ${JSON.stringify(budgetTokens)}`,
      });
    }
    if (effort !== undefined && typeof effort !== "string") {
      issues.push({
        path: "thinking.effort",
        message: `expected a string such as "high", received ${JSON.stringify(effort)}`,
      });
    }
    for (const key of Object.keys(rest)) {
      issues.push({
        path: `thinking.${key}`,
        message: "unknown setting (expected budgetTokens or effort)",
      });
    }
    if (issues.length === 0) {
      return {
        enabled: true,
        ...(budgetTokens !== undefined ? { budgetTokens: budgetTokens as number } : {}),
        ...(effort !== undefined ? { effort: effort as string } : {}),
      };
    }
  }
  throw new ValidationError(`${owner} options`, issues, {
    hint: 'Pass thinking: true, false, or { budgetTokens: 1024 } / { effort: "high" }.',
  });
}

/** The error for a thinking setting a provider's API has no field for. */
export function unsupportedThinking(
  owner: string,
  setting: keyof ThinkingSettings,
  fix: string,
): ValidationError {
  return new ValidationError(`${owner} options`, [
    { path: `thinking.${setting}`, message: `${owner} has no such setting. ${fix}` },
  ]);
}

/**
 * The `thinking` option of `options`, resolved; where it is unset, its deprecated alias `oldName`
 * (e.g. a boolean `enableThinking`), which still works and warns once per process.
 */
export function resolveThinkingOrAlias(
  owner: string,
  options: object,
  oldName: string,
): ResolvedThinking | undefined {
  return resolveThinking(owner, renamedOption<ThinkingOption>(owner, options, oldName, "thinking"));
}
