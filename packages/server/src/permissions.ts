import type { ToolUseBlock } from "@agentscope-ts/core";

/** What a permission rule says about a tool call. */
export type PermissionAction = "allow" | "deny" | "ask";

/**
 * A permission rule: the first rule whose `tool` pattern matches the tool name (and whose `when`
 * predicate, if any, accepts the input) decides. Patterns are exact names or globs with `*`.
 */
export interface PermissionRule {
  /** Tool name or glob (`"shell_*"`, `"*"`). */
  tool: string;
  /** What to do with a matching call. */
  action: PermissionAction;
  /** Only match calls whose input passes this predicate. */
  when?: (input: Record<string, unknown>) => boolean;
  /** Told to the model when `action` is `deny`. */
  reason?: string;
}

/** The decision for one tool call. */
export interface PermissionDecision {
  action: PermissionAction;
  reason?: string;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

/** Decides tool calls by the first matching rule; calls no rule matches get `fallback` (allow). */
export class PermissionPolicy {
  readonly #rules: { rule: PermissionRule; re: RegExp }[];
  readonly #fallback: PermissionAction;

  constructor(rules: readonly PermissionRule[] = [], fallback: PermissionAction = "allow") {
    this.#rules = rules.map((rule) => ({ rule, re: globToRegExp(rule.tool) }));
    this.#fallback = fallback;
  }

  /** The decision for `toolUse`. A throwing predicate counts as a match that asks a human. */
  decide(toolUse: ToolUseBlock): PermissionDecision {
    const input = (toolUse.input ?? {}) as Record<string, unknown>;
    for (const { rule, re } of this.#rules) {
      if (!re.test(toolUse.name)) continue;
      if (rule.when) {
        let matched: boolean;
        try {
          matched = rule.when(input);
        } catch {
          return { action: "ask" };
        }
        if (!matched) continue;
      }
      return rule.reason !== undefined
        ? { action: rule.action, reason: rule.reason }
        : { action: rule.action };
    }
    return { action: this.#fallback };
  }
}
