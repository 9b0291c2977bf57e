// One replica of the multi-replica tests, run as its own process: an agent server on the shared
// Redis, on a free loopback port it prints as `{"port": N, "replicaId": "…"}`. Stops on SIGTERM.
import { createAgentServer } from "../agent-server.js";
import { PostgresCheckpointStore } from "../postgres-checkpoint-store.js";
import { RedisBackend } from "../redis-backend.js";
import { demoAgents } from "./demo-agents.js";

const env = process.env;
const server = createAgentServer({
  agents: demoAgents(Number(env.CHUNK_DELAY_MS ?? "0")),
  backend: new RedisBackend({
    url: env.REDIS_URL as string,
    keyPrefix: env.KEY_PREFIX ?? "",
    // With PG_URL, checkpoints live in PostgreSQL (leases and events stay in Redis).
    ...(env.PG_URL
      ? { checkpoints: new PostgresCheckpointStore({ connectionString: env.PG_URL }) }
      : {}),
  }),
  tokens: { "alice-token": "alice", "bob-token": "bob" },
  replicaId: env.REPLICA_ID as string,
  leaseTtlMs: Number(env.LEASE_TTL_MS ?? "1500"),
  recoveryIntervalMs: Number(env.RECOVERY_MS ?? "300"),
  permissions: [{ tool: "send_email", action: "ask" }],
  idempotentTools: ["lookup"],
  rateLimit: { limit: 100_000 },
});
const port = await server.listen(0);
process.stdout.write(`${JSON.stringify({ port, replicaId: server.replicaId })}\n`);
process.on("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});
