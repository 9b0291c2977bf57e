// Starts replica processes (the bundled replica.ts) and a round-robin HTTP front for the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild } from "@agentscope-ts/test-databases";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(here, "..", "..", "node_modules", ".cache", "agentscope-replicas");

/** A running replica process. */
export interface Replica {
  id: string;
  port: number;
  child: ChildProcess;
}

/** Bundles replica.ts once (package imports stay imports of the built packages). */
export async function bundleReplica(): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const out = join(cacheDir, `replica.${process.pid}.mjs`);
  await build({
    entryPoints: [join(here, "replica.ts")],
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node22",
    outfile: out,
    logLevel: "silent",
  });
  return out;
}

/** Removes the bundle. */
export async function removeBundle(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Starts one replica and waits (bounded) for its port. */
export function startReplica(
  bundle: string,
  id: string,
  env: Record<string, string>,
): Promise<Replica> {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...env, REPLICA_ID: id },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: dirname(bundle),
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise<Replica>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`replica ${id} did not start: ${stderr}`));
    }, 20_000);
    child.stdout?.once("data", (d: Buffer) => {
      clearTimeout(timer);
      const { port } = JSON.parse(d.toString().split("\n")[0] as string) as { port: number };
      resolve({ id, port, child });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`replica ${id} exited (${code}): ${stderr}`));
    });
  });
}

/** Stops replicas gracefully (SIGTERM, then SIGKILL after the grace period). */
export async function stopReplicas(replicas: Replica[]): Promise<void> {
  await Promise.all(replicas.map((r) => stopChild(r.child, 3_000)));
}

/** A round-robin front: each request goes to the next live replica (a refused connection skips it). */
export interface Front {
  url: string;
  /** Replaces the replicas the front forwards to. */
  setReplicas(replicas: Replica[]): void;
  /** Which replica served each forwarded request, in order. */
  served: { method: string; path: string; replica: string }[];
  /** The replica the next request goes to (when it is up). */
  peekNext(): Replica | undefined;
  close(): Promise<void>;
}

/** Starts the front on a free loopback port. */
export async function startFront(initial: Replica[]): Promise<Front> {
  let replicas = initial;
  let next = 0;
  const served: Front["served"] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const attempt = (tries: number) => {
      if (tries >= replicas.length || replicas.length === 0) {
        res.writeHead(502).end();
        return;
      }
      const target = replicas[next++ % replicas.length] as Replica;
      served.push({ method: req.method ?? "", path: req.url ?? "", replica: target.id });
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          up.on("error", () => res.destroy());
          up.on("aborted", () => res.destroy());
          up.on("close", () => {
            if (!up.complete) res.destroy();
          });
        },
      );
      upstream.on("error", () => {
        if (!res.headersSent) attempt(tries + 1);
        else res.destroy();
      });
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setReplicas(r) {
      replicas = r;
    },
    served,
    peekNext: () => replicas[next % replicas.length],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
