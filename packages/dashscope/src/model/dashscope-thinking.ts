import {
  resolveThinkingOrAlias,
  type ThinkingOption,
  unsupportedThinking,
} from "@agentscope-ts/core";

/** DashScope's thinking parameters for a `thinking` option (or the deprecated `enableThinking`). */
export interface DashScopeThinking {
  /** `enable_thinking`, when set. */
  enableThinking: boolean | undefined;
  /** `thinking_budget`, when a budget was given. */
  thinkingBudget: number | undefined;
}

/**
 * Maps `thinking` (`true`/`false`, `{ budgetTokens }`) to DashScope's `enable_thinking` and
 * `thinking_budget`; `enableThinking` still works (warns once). `effort` has no DashScope field.
 */
export function dashScopeThinking(options: {
  thinking?: ThinkingOption | undefined;
  enableThinking?: boolean | undefined;
}): DashScopeThinking {
  const owner = "DashScopeChatModel";
  const resolved = resolveThinkingOrAlias(owner, options, "enableThinking");
  if (resolved?.effort !== undefined) {
    throw unsupportedThinking(owner, "effort", "Pass thinking: { budgetTokens } instead.");
  }
  return { enableThinking: resolved?.enabled, thinkingBudget: resolved?.budgetTokens };
}
