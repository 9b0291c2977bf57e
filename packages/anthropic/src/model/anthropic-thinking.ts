import { resolveThinking, type ThinkingOption, unsupportedThinking } from "@agentscope-ts/core";

/** Claude's smallest thinking budget, used when `thinking: true` names none. */
export const MIN_THINKING_BUDGET = 1024;

/** Claude's `thinking` request field as the API takes it (AgentScope's dict). */
export type AnthropicThinkingParam = Record<string, unknown>;

/**
 * Claude's `thinking` field for a `thinking` option: `{ budgetTokens: n }` (or `true`, with the
 * smallest budget, 1024) is `{ type: "enabled", budget_tokens: n }`, `false` is
 * `{ type: "disabled" }`; the API's own object (with a `type`) is sent as it is. `effort` has no
 * Claude field.
 */
export function anthropicThinking(
  value: ThinkingOption | AnthropicThinkingParam | undefined,
): AnthropicThinkingParam | undefined {
  if (value !== null && typeof value === "object" && "type" in value) return value;
  const resolved = resolveThinking("AnthropicChatModel", value);
  if (resolved === undefined) return undefined;
  if (resolved.effort !== undefined) {
    throw unsupportedThinking("AnthropicChatModel", "effort", "Pass thinking: { budgetTokens }.");
  }
  if (!resolved.enabled) return { type: "disabled" };
  return { type: "enabled", budget_tokens: resolved.budgetTokens ?? MIN_THINKING_BUDGET };
}
