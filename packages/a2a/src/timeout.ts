/** The default bound of every wait on a remote agent: 600 000 ms, AgentScope's httpx timeout. */
export const DEFAULT_TIMEOUT_MS = 600_000;
