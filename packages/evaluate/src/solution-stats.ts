/** Per-model token counts, as AgentScope writes them in `stats.json`. */
export interface ChatUsageStats {
  input_tokens: number;
  output_tokens: number;
}

/**
 * What one solution cost (`stats.json`, AgentScope's layout): model calls per model, agent replies,
 * tool calls per tool, embedding calls per model, tokens per model. `duration_ms` (the solution's
 * wall time) is ours; AgentScope Python ignores it.
 */
export interface SolutionStats {
  llm: Record<string, number>;
  agent: number;
  tool: Record<string, number>;
  embedding: Record<string, number>;
  chat_usage: Record<string, ChatUsageStats>;
  duration_ms?: number;
}

/** Empty stats. */
export function emptyStats(): SolutionStats {
  return { llm: {}, agent: 0, tool: {}, embedding: {}, chat_usage: {} };
}

/** Adds `from` into `into` (counts and tokens; durations summed when present). */
export function addStats(into: SolutionStats, from: Partial<SolutionStats>): SolutionStats {
  addCounts(into.llm, from.llm);
  addCounts(into.tool, from.tool);
  addCounts(into.embedding, from.embedding);
  into.agent += from.agent ?? 0;
  for (const [model, usage] of Object.entries(from.chat_usage ?? {})) {
    addUsage(into, model, usage.input_tokens ?? 0, usage.output_tokens ?? 0);
  }
  if (from.duration_ms !== undefined) into.duration_ms = (into.duration_ms ?? 0) + from.duration_ms;
  return into;
}

function addCounts(into: Record<string, number>, from: Record<string, number> | undefined): void {
  for (const [key, n] of Object.entries(from ?? {})) into[key] = (into[key] ?? 0) + n;
}

/** Adds one model's tokens into `stats.chat_usage`. */
export function addUsage(stats: SolutionStats, model: string, input: number, output: number): void {
  const slot = stats.chat_usage[model] ?? { input_tokens: 0, output_tokens: 0 };
  slot.input_tokens += input;
  slot.output_tokens += output;
  stats.chat_usage[model] = slot;
}
