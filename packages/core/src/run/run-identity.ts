/** The run this process is part of, as AgentScope's `init` names it (`_config`). */
export interface RunIdentity {
  /** The project the run belongs to. */
  readonly project: string;
  /** The run's name. */
  readonly name: string;
  /** The run's id (Studio's run id, and tracing's `gen_ai.conversation.id`). */
  readonly runId: string;
  /** When the run was set up, `YYYY-MM-DD HH:MM:SS.mmm` (AgentScope's timestamp). */
  readonly createdAt: string;
}

let current: RunIdentity | null = null;

/** Sets (or with `null` clears) the run identity that hooks, tracing and Studio read. */
export function setRunIdentity(identity: RunIdentity | null): void {
  current = identity === null ? null : Object.freeze({ ...identity });
}

/** The run identity set by `init` (from `@agentscope-ts/init`), or `null` before it. */
export function getRunIdentity(): RunIdentity | null {
  return current;
}
