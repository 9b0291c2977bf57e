/**
 * A small OTLP/HTTP (JSON) receiver for tests: listens on 127.0.0.1, accepts `POST /v1/traces`,
 * decodes what arrives into flat spans, and keeps the request headers. No collector runs here.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** The largest request body accepted (bytes). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** An OTLP `AnyValue` in JSON. */
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}

/** One received span, decoded. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage: string | undefined;
  serviceName: unknown;
  scope: string | undefined;
}

function decodeValue(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(decodeValue);
  return undefined;
}

function decodeAttributes(list: { key: string; value?: AnyValue }[] | undefined) {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) out[key] = decodeValue(value);
  return out;
}

/** Flattens an `ExportTraceServiceRequest` in JSON into spans. */
// biome-ignore lint/suspicious/noExplicitAny: OTLP JSON is read field by field
export function decodeTraces(body: any): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const resource = decodeAttributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        spans.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          name: s.name,
          kind: s.kind,
          attributes: decodeAttributes(s.attributes),
          statusCode: s.status?.code ?? 0,
          statusMessage: s.status?.message,
          serviceName: resource["service.name"],
          scope: ss.scope?.name,
        });
      }
    }
  }
  return spans;
}

/** A running receiver. */
export interface OtlpReceiver {
  /** Base URL, e.g. `http://127.0.0.1:41234` (post to `${url}/v1/traces`). */
  url: string;
  /** Every span received so far. */
  spans: ReceivedSpan[];
  /** Headers of every export request. */
  headers: IncomingHttpHeaders[];
  /** Waits until at least `count` spans arrived (rejects after `timeoutMs`, default 10 s). */
  waitForSpans(count: number, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free port of 127.0.0.1. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/traces") {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      let raw = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") raw = gunzipSync(raw);
      if (!String(req.headers["content-type"]).includes("json")) {
        res.writeHead(415).end();
        return;
      }
      headers.push(req.headers);
      spans.push(...decodeTraces(JSON.parse(raw.toString("utf8"))));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    headers,
    waitForSpans(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (spans.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(spans);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`only ${spans.length} of ${count} spans arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
