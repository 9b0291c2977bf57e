/** True for an HTTP 400 (an endpoint refusing `response_format` or a forced tool choice). */
export function isBadRequest(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 400;
}

/** AgentScope's heuristic: an endpoint refused a forced `tool_choice` (its message names it). */
export function isToolChoiceRejection(error: unknown): boolean {
  return String((error as { message?: unknown } | null)?.message ?? error).includes("tool_choice");
}
