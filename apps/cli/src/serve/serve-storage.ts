import { join, resolve } from "node:path";
import {
  InMemoryBackend,
  PostgresCheckpointStore,
  RedisBackend,
  redact,
  type ServiceBackend,
  SqliteCheckpointStore,
} from "@agentscope-ts/server";
import { CliError, EXIT, oneLine } from "../cli-error.js";
import { agentscopeHome } from "../session/session-store.js";
import { lockStore, type StoreLock } from "./store-lock.js";

/** The storage flags of `agentscope serve` (as parsed; the URLs may also come from the environment). */
export interface StorageFlags {
  redis?: string | undefined;
  postgres?: string | undefined;
  store?: string | undefined;
  inMemory?: boolean | undefined;
}

/** Which storage `serve` uses: a plan, checked before anything is opened. */
export type StoragePlan =
  | { kind: "memory" }
  | { kind: "sqlite"; path: string; flag: "--store" | "default" }
  | { kind: "postgres"; url: string; source: string }
  | { kind: "redis"; url: string; source: string; postgres?: { url: string; source: string } };

/** The SQLite file `serve` keeps sessions in by default: `<agentscope home>/server/sessions.db`. */
export function defaultServeStore(env: NodeJS.ProcessEnv): string {
  return join(agentscopeHome(env), "server", "sessions.db");
}

function usage(message: string): CliError {
  return new CliError(`${message} (see agentscope serve --help)`, { exitCode: EXIT.usage });
}

/** A URL from its flag or environment variable, checked against the schemes the client takes. */
function checkedUrl(
  value: string,
  source: string,
  schemes: readonly string[],
  example: string,
): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !schemes.includes(url.protocol) || !url.hostname) {
    throw usage(
      `${source} takes a ${schemes.map((s) => `${s}//`).join(" or ")} URL such as ${example}, got '${redact(value)}'`,
    );
  }
  return value;
}

/**
 * Chooses the storage from the flags (the URLs fall back to `AGENTSCOPE_REDIS_URL` and
 * `AGENTSCOPE_POSTGRES_URL`): Redis (with PostgreSQL checkpoints when both are given), PostgreSQL
 * checkpoints on one node, a SQLite file (`--store`, else the default in the agent home), or
 * memory only (`--in-memory`). Conflicting or malformed choices are usage errors naming the fix.
 */
export function planStorage(flags: StorageFlags, env: NodeJS.ProcessEnv, cwd: string): StoragePlan {
  const fromEnv = (flag: string | undefined, name: string, label: string) => {
    if (flag !== undefined) return { value: flag, source: label };
    const value = (env[name] ?? "").trim();
    return value ? { value, source: `${name} (${label})` } : undefined;
  };
  const redis = fromEnv(flags.redis, "AGENTSCOPE_REDIS_URL", "--redis");
  const postgres = fromEnv(flags.postgres, "AGENTSCOPE_POSTGRES_URL", "--postgres");
  const shared = [redis?.source, postgres?.source].filter((s) => s !== undefined);
  if (flags.inMemory && (shared.length > 0 || flags.store !== undefined)) {
    const others = [...shared, ...(flags.store !== undefined ? ["--store"] : [])].join(" and ");
    throw usage(
      `--in-memory keeps nothing on disk or in a database, so it cannot go with ${others}: drop one or the other`,
    );
  }
  if (flags.store !== undefined && shared.length > 0) {
    throw usage(
      `--store is the one-node SQLite file; ${shared.join(" and ")} already chose where checkpoints go: give one of them`,
    );
  }
  if (flags.store !== undefined && !flags.store.trim()) {
    throw usage("--store takes a file path, e.g. --store ./sessions.db");
  }
  const pg = postgres && {
    url: checkedUrl(
      postgres.value,
      postgres.source,
      ["postgres:", "postgresql:"],
      "postgres://user@db.example.com:5432/agents",
    ),
    source: postgres.source,
  };
  if (redis) {
    const url = checkedUrl(
      redis.value,
      redis.source,
      ["redis:", "rediss:"],
      "redis://127.0.0.1:6379",
    );
    return { kind: "redis", url, source: redis.source, ...(pg ? { postgres: pg } : {}) };
  }
  if (pg) return { kind: "postgres", ...pg };
  if (flags.inMemory) return { kind: "memory" };
  if (flags.store !== undefined) {
    return { kind: "sqlite", path: resolve(cwd, flags.store), flag: "--store" };
  }
  return { kind: "sqlite", path: defaultServeStore(env), flag: "default" };
}

/** The storage `serve` runs on: the backend and a few words for the `listening on` line. */
export interface ServeStorage {
  backend: ServiceBackend;
  /** E.g. `sessions in /home/me/.agentscope/server/sessions.db`. */
  description: string;
  /** Lets go of the SQLite file's lock (after the server closed); a no-op for the others. */
  release(): void;
}

/**
 * Opens the planned storage and checks it answers (one read; creates the PostgreSQL table or
 * the SQLite file), so a wrong URL or an unreachable database stops `serve` at start with one
 * line naming the flag, instead of failing the first request.
 */
export async function openStorage(plan: StoragePlan): Promise<ServeStorage> {
  let backend: ServiceBackend;
  let description: string;
  let lock: StoreLock | undefined;
  try {
    switch (plan.kind) {
      case "memory":
        return {
          backend: new InMemoryBackend(),
          description: "in memory only: sessions end with the process",
          release: () => undefined,
        };
      case "sqlite":
        description = `sessions in ${plan.path}`;
        lock = lockStore(plan.path);
        backend = new InMemoryBackend({
          checkpoints: new SqliteCheckpointStore({ path: plan.path }),
        });
        break;
      case "postgres":
        description = `sessions in PostgreSQL ${redact(plan.url)}`;
        backend = new InMemoryBackend({
          checkpoints: new PostgresCheckpointStore({ connectionString: plan.url }),
        });
        break;
      case "redis":
        description = `shared through Redis ${redact(plan.url)}${plan.postgres ? `, checkpoints in PostgreSQL ${redact(plan.postgres.url)}` : ""}`;
        backend = new RedisBackend({
          url: plan.url,
          ...(plan.postgres
            ? {
                checkpoints: new PostgresCheckpointStore({
                  connectionString: plan.postgres.url,
                }),
              }
            : {}),
        });
        break;
    }
  } catch (error) {
    lock?.release();
    throw error instanceof CliError ? error : storageError(plan, error);
  }
  try {
    await backend.loadCheckpoint({ userId: "agentscope-serve", sessionId: "startup-check" });
  } catch (error) {
    await backend.close().catch(() => undefined);
    lock?.release();
    throw storageError(plan, error);
  }
  return { backend, description, release: () => lock?.release() };
}

/** Which flags (or variables) chose the plan, for error messages. */
function sourceOf(plan: StoragePlan): string {
  if (plan.kind === "memory") return "--in-memory";
  if (plan.kind === "sqlite") return plan.flag === "--store" ? "--store" : "the default store";
  if (plan.kind === "postgres") return plan.source;
  return [plan.source, plan.postgres?.source].filter(Boolean).join(" and ");
}

function storageError(plan: StoragePlan, error: unknown): CliError {
  const reason = redact(oneLine((error as Error)?.message ?? String(error)))
    .replace(/\s*Retry once .* back\.$/, "")
    .replace(/\.$/, "");
  const fix =
    plan.kind === "sqlite"
      ? `check that ${plan.path} can be written${plan.flag === "default" ? " (set AGENTSCOPE_HOME or give --store FILE)" : ""}`
      : plan.kind === "redis" && !/PostgreSQL/.test(reason)
        ? "check the URL (host, port, password) and that Redis is running"
        : "check the URL (host, port, user, password, database) and that PostgreSQL is running";
  return new CliError(`cannot open the service's storage (${sourceOf(plan)}): ${reason}; ${fix}`, {
    exitCode: EXIT.failure,
    cause: error,
  });
}
