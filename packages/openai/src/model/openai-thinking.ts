import {
  renamedOption,
  resolveThinking,
  type ThinkingOption,
  unsupportedThinking,
} from "@agentscope-ts/core";

/**
 * The reasoning effort for a `thinking` option (or the deprecated `reasoningEffort`, which warns
 * once): `{ effort }` is the effort, `false` is `"none"`, `true` leaves the model's default (no
 * field sent). `budgetTokens` has no OpenAI field.
 */
export function openAIReasoningEffort(
  owner: string,
  options: { thinking?: ThinkingOption | undefined; reasoningEffort?: string | undefined },
): string | undefined {
  if (options.thinking === undefined) {
    return renamedOption<string>(
      owner,
      { reasoningEffort: options.reasoningEffort },
      "reasoningEffort",
      "thinking",
    );
  }
  const resolved = resolveThinking(owner, options.thinking);
  if (resolved?.budgetTokens !== undefined) {
    throw unsupportedThinking(
      owner,
      "budgetTokens",
      'Pass thinking: { effort: "low" | "medium" | "high" }.',
    );
  }
  if (resolved?.enabled === false) return "none";
  return resolved?.effort;
}
