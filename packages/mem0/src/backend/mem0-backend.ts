/** Whose memories a call reads or writes: mem0's `user_id`, `agent_id` and `run_id`. */
export interface Mem0Scope {
  userId?: string;
  agentId?: string;
  runId?: string;
}

/** One message for mem0 to remember. */
export interface Mem0Message {
  role: "user" | "assistant";
  content: string;
  name?: string;
}

/** One memory mem0 returned (from `add` or `search`). */
export interface Mem0MemoryItem {
  id: string;
  memory: string;
  score?: number;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A graph relation mem0 may return with search results. */
export interface Mem0Relation {
  source: string;
  relationship: string;
  destination: string;
}

/** What mem0 returns from `add` and `search`. */
export interface Mem0Result {
  results: Mem0MemoryItem[];
  relations?: Mem0Relation[];
}

/** Options of {@link Mem0Backend.add}. */
export interface Mem0AddOptions {
  scope: Mem0Scope;
  /** Let mem0's LLM extract memories (`true`) or store the text as it is (`false`). */
  infer: boolean;
  /** Extra metadata stored with each memory. */
  metadata?: Record<string, unknown>;
}

/**
 * What {@link Mem0LongTermMemory} needs from mem0, met by the in-process `Memory`
 * ({@link LocalMem0Backend}) and by the hosted platform client ({@link HostedMem0Backend}).
 */
export interface Mem0Backend {
  /** Records messages for the scope. */
  add(messages: Mem0Message[], options: Mem0AddOptions): Promise<Mem0Result>;
  /** The memories of the scope closest to `query`, at most `limit`. */
  search(query: string, scope: Mem0Scope, limit: number): Promise<Mem0Result>;
}

/**
 * The options of mem0's `add` (the local `Memory`'s and the platform client's take the same):
 * the scope's ids, `infer`, and `metadata` when given.
 */
export function addConfig(options: Mem0AddOptions): Mem0Scope & {
  infer: boolean;
  metadata?: Record<string, unknown>;
} {
  return {
    ...options.scope,
    infer: options.infer,
    ...(options.metadata ? { metadata: options.metadata } : {}),
  };
}

/** mem0's snake_case filters for a scope (only the ids that are set). */
export function scopeFilters(scope: Mem0Scope): Record<string, string> {
  const filters: Record<string, string> = {};
  if (scope.userId) filters.user_id = scope.userId;
  if (scope.agentId) filters.agent_id = scope.agentId;
  if (scope.runId) filters.run_id = scope.runId;
  return filters;
}

/** Brings mem0's answer (an object with `results`, or a bare list) to a {@link Mem0Result}. */
export function toMem0Result(value: unknown): Mem0Result {
  if (Array.isArray(value)) return { results: value as Mem0MemoryItem[] };
  const object = (value ?? {}) as Partial<Mem0Result>;
  const result: Mem0Result = { results: Array.isArray(object.results) ? object.results : [] };
  if (Array.isArray(object.relations)) result.relations = object.relations;
  return result;
}
