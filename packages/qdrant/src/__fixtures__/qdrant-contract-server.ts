/**
 * A Qdrant stand-in for tests: an HTTP server answering the REST calls QdrantStore makes, with the
 * request and response shapes of Qdrant's OpenAPI spec (qdrant/qdrant docs/redoc/master/openapi.json:
 * `root`, `collection_exists`, `create_collection`, `upsert_points`, `query_points`,
 * `delete_points`). A real Qdrant server cannot run on our machines; this one checks what a real
 * server would refuse (unknown collection, vector size, point ids that are neither UUIDs nor
 * unsigned integers, duplicate collections) and scores exactly as Qdrant does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface Point {
  id: string | number;
  vector: number[];
  payload: Record<string, unknown>;
}
interface Collection {
  size: number;
  distance: "Cosine" | "Euclid" | "Dot" | "Manhattan";
  config: Record<string, unknown>;
  points: Map<string, Point>;
}
/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DISTANCES = ["Cosine", "Euclid", "Dot", "Manhattan"];
const MAX_BODY = 16 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Condition = { key: string; match: { value?: unknown; any?: unknown[] } };
function matches(payload: Record<string, unknown>, filter: unknown): boolean {
  if (!filter) return true;
  const { must = [], must_not = [] } = filter as { must?: Condition[]; must_not?: Condition[] };
  const test = (c: Condition) => {
    const v = c.key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], payload);
    if (!c.match || typeof c.key !== "string") throw new HttpError(400, "Format error in JSON body: bad condition");
    return c.match.any ? c.match.any.includes(v) : v === c.match.value;
  };
  return must.every(test) && !must_not.some(test);
}

function score(distance: Collection["distance"], a: number[], b: number[]): number {
  let dot = 0;
  let l2 = 0;
  let l1 = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    l2 += (x - y) ** 2;
    l1 += Math.abs(x - y);
  }
  if (distance === "Euclid") return Math.sqrt(l2);
  if (distance === "Manhattan") return l1;
  return dot; // Cosine: vectors are normalised on upsert and query, as Qdrant does.
}

const normalise = (v: number[]) => {
  const n = Math.hypot(...v);
  return n === 0 ? v : v.map((x) => x / n);
};

/** The stand-in server: `url` to connect to, `requests` it received, `collections` it holds. */
export class QdrantContractServer {
  readonly requests: RecordedRequest[] = [];
  readonly collections = new Map<string, Collection>();
  #server: Server | undefined;
  url = "";

  /** Starts listening on a free loopback port. */
  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        send(res, status, { status: { error: (error as Error).message }, time: 0 });
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops the server. */
  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    let raw = "";
    for await (const chunk of req) {
      raw += chunk;
      if (raw.length > MAX_BODY) throw new HttpError(413, "Payload too large");
    }
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      throw new HttpError(400, "Format error in JSON body");
    }
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (method === "GET" && url.pathname === "/") {
      return send(res, 200, { title: "qdrant - vector search engine", version: "1.15.1" });
    }
    const m = url.pathname.match(/^\/collections\/([^/]+)(\/.*)?$/);
    if (!m) throw new HttpError(404, `Not found: ${url.pathname}`);
    const name = decodeURIComponent(m[1] ?? "");
    const rest = m[2] ?? "";
    const ok = (result: unknown) => send(res, 200, { result, status: "ok", time: 0.0001 });
    if (method === "GET" && rest === "/exists") return ok({ exists: this.collections.has(name) });
    if (method === "PUT" && rest === "") return ok(this.#create(name, body));
    const col = this.collections.get(name);
    if (!col) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`);
    const updated = { operation_id: this.requests.length, status: url.searchParams.get("wait") === "true" ? "completed" : "acknowledged" };
    if (method === "PUT" && rest === "/points") {
      this.#upsert(col, body);
      return ok(updated);
    }
    if (method === "POST" && rest === "/points/query") return ok({ points: this.#query(col, body) });
    if (method === "POST" && rest === "/points/delete") {
      const { filter, points } = (body ?? {}) as { filter?: unknown; points?: (string | number)[] };
      for (const [key, p] of col.points) {
        if (points ? points.map(String).includes(String(p.id)) : matches(p.payload, filter)) col.points.delete(key);
      }
      return ok(updated);
    }
    throw new HttpError(404, `Not found: ${method} ${url.pathname}`);
  }

  #create(name: string, body: unknown): boolean {
    if (this.collections.has(name)) throw new HttpError(400, `Wrong input: Collection \`${name}\` already exists!`);
    const { vectors, ...config } = (body ?? {}) as { vectors?: { size?: unknown; distance?: unknown } };
    if (!Number.isInteger(vectors?.size) || (vectors?.size as number) <= 0 || !DISTANCES.includes(vectors?.distance as string)) {
      throw new HttpError(422, "Format error in JSON body: vectors: expected {size, distance}");
    }
    this.collections.set(name, {
      size: vectors?.size as number,
      distance: vectors?.distance as Collection["distance"],
      config,
      points: new Map(),
    });
    return true;
  }

  #upsert(col: Collection, body: unknown): void {
    const points = (body as { points?: Point[] } | null)?.points;
    if (!Array.isArray(points)) throw new HttpError(422, "Format error in JSON body: points: missing field");
    for (const p of points) {
      const validId = (typeof p.id === "number" && Number.isInteger(p.id) && p.id >= 0) || (typeof p.id === "string" && UUID.test(p.id));
      if (!validId) throw new HttpError(422, `Format error in JSON body: value ${p.id} is not a valid point ID, valid values are either an unsigned integer or a UUID`);
      if (!Array.isArray(p.vector) || p.vector.length !== col.size) {
        throw new HttpError(400, `Wrong input: Vector dimension error: expected dim: ${col.size}, got ${p.vector?.length}`);
      }
      const vector = col.distance === "Cosine" ? normalise(p.vector) : p.vector;
      col.points.set(String(p.id).toLowerCase(), { id: p.id, vector, payload: p.payload ?? {} });
    }
  }

  #query(col: Collection, body: unknown) {
    const q = (body ?? {}) as {
      query?: number[];
      limit?: number;
      score_threshold?: number | null;
      with_payload?: boolean;
      with_vector?: boolean;
      filter?: unknown;
    };
    if (!Array.isArray(q.query) || q.query.length !== col.size) {
      throw new HttpError(400, `Wrong input: Vector dimension error: expected dim: ${col.size}, got ${q.query?.length}`);
    }
    const query = col.distance === "Cosine" ? normalise(q.query) : q.query;
    const lowerIsBetter = col.distance === "Euclid" || col.distance === "Manhattan";
    const threshold = q.score_threshold;
    return [...col.points.values()]
      .filter((p) => matches(p.payload, q.filter))
      .map((p) => ({ p, s: score(col.distance, query, p.vector) }))
      .filter(({ s }) => threshold == null || (lowerIsBetter ? s <= threshold : s >= threshold))
      .sort((a, b) => (lowerIsBetter ? a.s - b.s : b.s - a.s))
      .slice(0, q.limit ?? 10)
      .map(({ p, s }) => ({
        id: p.id,
        version: 0,
        score: s,
        ...(q.with_payload ? { payload: p.payload } : {}),
        ...(q.with_vector ? { vector: p.vector } : {}),
      }));
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
