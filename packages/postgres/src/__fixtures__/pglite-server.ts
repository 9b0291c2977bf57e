// A real PostgreSQL engine with pgvector (PGlite, WASM) served on a loopback port to the `pg`
// client: pgvector is not packaged for Debian 12, so the PgVectorStore tests run on this.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";

/** A started PGlite server, a `pg` pool on it, and `stop()`. */
export interface PgliteServer {
  readonly pool: pg.Pool;
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts PGlite with pgvector on a free 127.0.0.1 port; one connection at a time, as PGlite serves. */
export async function startPgliteServer(): Promise<PgliteServer> {
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1" });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  const pool = new pg.Pool({
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
    connectionTimeoutMillis: 10_000,
  });
  pool.on("error", () => undefined);
  return {
    pool,
    port,
    async stop() {
      await pool.end();
      await server.stop();
      await db.close();
    },
  };
}
