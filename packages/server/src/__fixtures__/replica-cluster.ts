import { type RunningRedis, startRedis } from "@agentscope-ts/test-databases";
import { RedisBackend } from "../redis-backend.js";
import {
  bundleReplica,
  type Front,
  type Replica,
  removeBundle,
  startFront,
  startReplica,
  stopReplicas,
} from "./replicas.js";

/** Three replica processes on one real redis-server behind a round-robin front. */
export interface ReplicaCluster {
  redis: RunningRedis;
  replicas: Replica[];
  front: Front;
  /** A backend on the same Redis, for reading fences and logs from the test. */
  audit: RedisBackend;
  /** Stops the front, the replicas, the audit backend and redis-server. */
  close(): Promise<void>;
}

/** Starts replicas `${prefix}-a`…`-c` streaming one chunk every `chunkDelayMs`. */
export async function startReplicaCluster(
  prefix: string,
  chunkDelayMs: number,
): Promise<ReplicaCluster> {
  const [redis, bundle] = await Promise.all([startRedis(), bundleReplica()]);
  const audit = new RedisBackend({ url: redis.url });
  const replicas = await Promise.all(
    ["a", "b", "c"].map((n) =>
      startReplica(bundle, `${prefix}-${n}`, {
        REDIS_URL: redis.url,
        CHUNK_DELAY_MS: String(chunkDelayMs),
      }),
    ),
  );
  const front = await startFront(replicas);
  return {
    redis,
    replicas,
    front,
    audit,
    async close() {
      await front.close();
      await stopReplicas(replicas);
      await audit.close();
      await removeBundle(bundle);
      await redis.stop();
    },
  };
}
