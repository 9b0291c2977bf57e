import type * as NodeHttp from "node:http";
import type { Readable } from "node:stream";
import type * as NodeZlib from "node:zlib";
import { concatBytes } from "../tts/pcm.js";
import { unwatchAbort, watchAbort } from "../utils/abort-watch.js";
import { nodeBuiltin } from "../utils/node-builtin.js";
import { isJsonMediaType } from "./json-response-body.js";

// Why this exists (issue 35): Node's `fetch` (undici's WHATWG fetch) costs ≈ 2× `node:http` in
// CPU per request (≈ 355 against ≈ 175 µs for an 11 KB JSON answer over a kept-alive socket, the
// `Response` included: `tooling/bench`'s `http-transport`), more than a whole agent step. Provider
// SDKs take a `fetch` option; this is one on `node:http` that returns the platform's own
// `Response`. No library does this narrow thing: `node-fetch` brings its own
// `Response`, `Headers` and redirect handling for every request; what is wanted is the platform
// `fetch` itself wherever a request is not the plain case below.

/** Bodies this module sends itself; anything else (FormData, streams, Blob) goes to `fetch`. */
type PlainBody = string | Uint8Array | ArrayBuffer;

/** A JSON answer up to this size is read whole before `fetch` resolves; a larger one streams. */
const BUFFER_LIMIT = 4 * 1024 * 1024;
/** Bytes a streamed body holds before the socket is paused (backpressure). */
const STREAM_HIGH_WATER_MARK = 64 * 1024;
/** Statuses whose response has no body (Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Where undici (Node's `fetch` and the `undici` package) keeps its global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"];
const INIT_KEYS = new Set(["method", "headers", "body", "signal", "duplex", "keepalive"]);
const NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/**
 * A `fetch` for provider SDK clients under Node: a plain request (an `http(s)` URL without
 * credentials, a standard method, a string or byte body, only `method`, `headers` (a `Headers`, a
 * plain object or pairs), `body` and `signal` set) goes over `node:http`/`node:https`
 * (their global, kept-alive agents) and resolves to a platform `Response` (a JSON answer read
 * whole first, any other body streamed); everything else is `globalThis.fetch(input, init)` as
 * called. So is every request where `fetch` would not do what `node:http` does: when
 * `globalThis.fetch` is not Node's own (replaced, wrapped, mocked), an undici global dispatcher was
 * configured (a proxy, `MockAgent`, custom TLS), a proxy variable is set, or the caller asks for a
 * content encoding. Redirects are followed by `fetch`. Errors are `fetch`'s: an aborted request
 * rejects with the signal's reason, a failed one with `TypeError("fetch failed", { cause })`.
 */
export function nodeHttpFetch(
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  if (!isPlainRequest(input, init)) return globalThis.fetch(input, init);
  return sendOverNodeHttp(input as string | URL, init ?? {});
}

// Whether `input`/`init` is a plain request this module sends (and Node's modules are there).
function isPlainRequest(input: unknown, init: RequestInit | undefined): boolean {
  if (!nodeHttpThere() || !platformFetchIsNodes() || !dispatcherIsDefault() || proxyConfigured()) {
    return false;
  }
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : undefined;
  if (url === undefined || !(url.startsWith("http://") || url.startsWith("https://"))) return false;
  // Credentials in the URL: `fetch` refuses them, `node:http` would send them.
  const authorityEnd = url.indexOf("/", url.indexOf("//") + 2);
  const at = url.indexOf("@");
  if (at !== -1 && (authorityEnd === -1 || at < authorityEnd)) return false;
  if (init === undefined) return true;
  for (const key in init) {
    const value = (init as Record<string, unknown>)[key];
    if (value === undefined || INIT_KEYS.has(key)) continue;
    if (key !== "redirect" || value !== "follow") return false;
  }
  // `fetch` upper-cases these six and sends any other method as given, where `node:http` would
  // upper-case it (or, for CONNECT and TRACE, `fetch` refuses it): those are `fetch`'s to send.
  const rawMethod = init.method ?? "GET";
  const method = rawMethod.toUpperCase();
  if (!NORMALIZED_METHODS.has(method) && rawMethod !== "PATCH") return false;
  const body = init.body;
  if (body != null) {
    if (!(typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer)) {
      return false;
    }
    if (method === "GET" || method === "HEAD") return false;
  }
  return plainHeaders(init.headers);
}

// A `Headers`, pairs or a plain object, without `Accept-Encoding` (a caller's encoding, and another
// class's headers, a polyfill's say, are `fetch`'s to handle).
function plainHeaders(headers: HeadersInit | undefined): boolean {
  if (headers === undefined || headers === null) return true;
  if (headers instanceof Headers) return !headers.has("accept-encoding");
  let names: string[];
  if (Array.isArray(headers)) names = headers.map(([name]) => name ?? "");
  else {
    const proto = Object.getPrototypeOf(headers);
    if (proto !== Object.prototype && proto !== null) return false;
    names = Object.keys(headers);
  }
  return !names.some((name) => name.toLowerCase() === "accept-encoding");
}

// Loaded when first needed: `node:https` loads TLS (≈ 10 ms), `node:zlib` only for an encoded body.
let httpModule: typeof NodeHttp | undefined;
let httpsModule: typeof NodeHttp | undefined;
let zlibModule: typeof NodeZlib | undefined;

let httpLookedUp = false;

// Node's `http` module is there (not in browsers, nor in a Node without `getBuiltinModule`).
function nodeHttpThere(): boolean {
  if (!httpLookedUp) {
    httpLookedUp = true;
    httpModule = nodeBuiltin<typeof NodeHttp>("node:http");
  }
  return httpModule !== undefined;
}

function requestModule(url: string): typeof NodeHttp {
  if (url.startsWith("https:")) {
    httpsModule ??= nodeBuiltin<typeof NodeHttp>("node:https") as typeof NodeHttp;
    return httpsModule;
  }
  return httpModule as typeof NodeHttp;
}

let fetchChecked: unknown;
let fetchIsNodes = false;

// Node's own `fetch` is a function of its bootstrap that loads undici's internal module on its
// first call: its source names that module, which no user code can load. A wrapped, replaced or
// mocked `fetch` (a test's spy, MSW's proxy, the `undici` package's) is someone's choice: kept.
function platformFetchIsNodes(): boolean {
  const platformFetch = globalThis.fetch;
  if (platformFetch !== fetchChecked) {
    fetchChecked = platformFetch;
    fetchIsNodes =
      typeof platformFetch === "function" &&
      Function.prototype.toString.call(platformFetch).includes("internal/deps/undici/undici");
  }
  return fetchIsNodes;
}

let dispatcherChecked: unknown;
let dispatcherDefault = true;

// Unset until Node's `fetch` first runs, which then sets a plain `Agent`. Anything else (a
// `ProxyAgent`, `MockAgent`, an `Agent` with TLS or pool options, a composed dispatcher) is the
// user's configuration of `fetch`, which `node:http` would not follow.
function dispatcherIsDefault(): boolean {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  if (dispatcher === undefined) return true;
  if (dispatcher !== dispatcherChecked) {
    dispatcherChecked = dispatcher;
    dispatcherDefault = isPlainAgent(dispatcher);
  }
  return dispatcherDefault;
}

function isPlainAgent(dispatcher: unknown): boolean {
  if (typeof dispatcher !== "object" || dispatcher === null) return false;
  if ((dispatcher as { constructor?: { name?: string } }).constructor?.name !== "Agent")
    return false;
  const fields = dispatcher as Record<symbol, unknown>;
  let options: Record<string, unknown> | undefined;
  for (const symbol of Object.getOwnPropertySymbols(dispatcher)) {
    if (symbol.description === "options") options = fields[symbol] as Record<string, unknown>;
    else if (symbol.description === "factory") {
      if ((fields[symbol] as { name?: string } | undefined)?.name !== "defaultFactory")
        return false;
    }
  }
  if (typeof options !== "object" || options === null) return false;
  // Node 24's default holds `{ connect: undefined, maxOrigins: Infinity }`, Node 22's (undici 6)
  // `{ connect: undefined, interceptors: undefined }`: no option set.
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key === "maxOrigins" && value === Number.POSITIVE_INFINITY) continue;
    return false;
  }
  return true;
}

let proxyFound: boolean | undefined;

// Read once: `fetch` follows these only under `NODE_USE_ENV_PROXY`; either way they go to `fetch`.
function proxyConfigured(): boolean {
  if (proxyFound === undefined) {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    proxyFound = PROXY_VARIABLES.some((name) => Boolean(env?.[name]));
  }
  return proxyFound;
}

/** The request's headers as `node:http` takes them, with `fetch`'s defaults. */
function requestHeaders(
  headers: HeadersInit | undefined,
  body: PlainBody | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      out[name] = value;
    });
  } else if (Array.isArray(headers)) {
    for (const [name, value] of headers) {
      if (name === undefined || value === undefined) continue;
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  } else if (headers) {
    for (const name of Object.keys(headers)) {
      const value = headers[name];
      if (value !== undefined) out[name.toLowerCase()] = String(value);
    }
  }
  out.accept ??= "*/*";
  out["user-agent"] ??= "node";
  if (typeof body === "string") out["content-type"] ??= "text/plain;charset=UTF-8";
  return out;
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2)
    headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/** The body's bytes decoded (`fetch` decodes gzip, deflate and br): the response, or a decoder. */
function decodedBody(res: NodeHttp.IncomingMessage, encoding: string | null): Readable {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === "identity") return res;
  zlibModule ??= nodeBuiltin<typeof NodeZlib>("node:zlib") as typeof NodeZlib;
  const zlib = zlibModule;
  // As undici: tolerant of a body cut short at a flush point.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? zlib.createGunzip(flush)
      : coding === "deflate"
        ? zlib.createInflate(flush)
        : coding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on("error", (error) => decoder.destroy(error));
  return res.pipe(decoder);
}

function sendOverNodeHttp(input: string | URL, init: RequestInit): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // One of the six `fetch` upper-cases, or PATCH (`isPlainRequest`).
    const method = (init.method ?? "GET").toUpperCase();
    const rawBody = init.body as PlainBody | null | undefined;
    const body = rawBody instanceof ArrayBuffer ? new Uint8Array(rawBody) : rawBody;
    const url = typeof input === "string" ? input : input.href;
    let settled = false;
    // The body's stream, once the response resolved with one: errors and aborts go there.
    let failBody: ((error: unknown) => void) | undefined;
    let request: NodeHttp.ClientRequest;
    const finish = () => {
      if (signal) unwatchAbort(signal, onAbort);
    };
    const fail = (error: unknown) => {
      finish();
      if (!settled) {
        settled = true;
        reject(error);
      } else failBody?.(error);
    };
    const succeed = (response: Response) => {
      settled = true;
      resolve(response);
    };
    function onAbort() {
      const reason = (signal as AbortSignal).reason;
      request.destroy();
      fail(reason);
    }
    try {
      request = requestModule(url).request(url, {
        method,
        headers: requestHeaders(init.headers, body),
      });
    } catch (error) {
      // Node refuses a header name or value `Headers` would refuse too: `fetch`'s TypeError.
      reject(new TypeError("fetch failed", { cause: error }));
      return;
    }
    request.on("error", (error) => {
      if (signal?.aborted) return;
      fail(
        settled
          ? new TypeError("terminated", { cause: error })
          : new TypeError("fetch failed", { cause: error }),
      );
    });
    request.on("response", (res) => {
      try {
        onResponse(res);
      } catch (error) {
        // A status text or header `Response` refuses: `fetch` fails the same way.
        res.destroy();
        fail(new TypeError("fetch failed", { cause: error }));
      }
    });
    const onResponse = (res: NodeHttp.IncomingMessage) => {
      // A body left unread (a redirect's, a null body's) may still fail when its socket closes.
      res.on("error", ignore);
      const status = res.statusCode ?? 0;
      const headers = responseHeaders(res.rawHeaders);
      if (status >= 300 && status < 400 && status !== 304 && headers.has("location")) {
        // A redirect: `fetch` follows it (method and body rules, limits), from the start.
        res.resume();
        finish();
        settled = true;
        globalThis.fetch(input, init).then(resolve, reject);
        return;
      }
      if (status < 200 || status > 599) {
        res.resume();
        fail(new TypeError("fetch failed", { cause: new RangeError(`HTTP status ${status}`) }));
        return;
      }
      const responseInit: ResponseInit = { status, statusText: res.statusMessage ?? "", headers };
      if (method === "HEAD" || NULL_BODY_STATUSES.has(status)) {
        res.resume();
        finish();
        succeed(new Response(null, responseInit));
        return;
      }
      const source = decodedBody(res, headers.get("content-encoding"));
      const onError = (error: unknown) =>
        fail(new TypeError(settled ? "terminated" : "fetch failed", { cause: error }));
      source.on("error", onError);
      const streamed = (chunks: Uint8Array[]) => {
        const stream = bodyStream(source, chunks, finish, () => request.destroy());
        failBody = stream.fail;
        succeed(new Response(stream.body, responseInit));
      };
      if (!isJsonMediaType(headers.get("content-type"))) {
        streamed([]);
        return;
      }
      // A JSON answer is read whole (its reader reads it whole): no stream per response.
      const chunks: Uint8Array[] = [];
      let size = 0;
      const onData = (chunk: Uint8Array) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size > BUFFER_LIMIT) {
          source.off("data", onData);
          source.off("end", onEnd);
          source.pause();
          streamed(chunks);
        }
      };
      const onEnd = () => {
        finish();
        const whole = chunks.length === 1 ? (chunks[0] as Uint8Array) : concatBytes(chunks);
        succeed(new Response(whole as Uint8Array<ArrayBuffer>, responseInit));
      };
      source.on("data", onData);
      source.on("end", onEnd);
    };
    if (signal) watchAbort(signal, onAbort);
    request.end(body ?? undefined);
  });
}

function ignore(): void {}

/**
 * A web stream of `source`'s bytes after `first`: paused at {@link STREAM_HIGH_WATER_MARK}
 * bytes held, `done` called at its end, error or cancel (`cancel` also ends the request).
 */
function bodyStream(
  source: Readable,
  first: Uint8Array[],
  done: () => void,
  cancel: () => void,
): { body: ReadableStream<Uint8Array>; fail: (error: unknown) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    done();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        for (const chunk of first) controller.enqueue(chunk);
        source.on("data", (chunk: Uint8Array) => {
          if (over) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.on("end", () => {
          if (over) return;
          end();
          controller.close();
        });
        source.resume();
      },
      pull() {
        source.resume();
      },
      cancel() {
        end();
        cancel();
      },
    },
    { highWaterMark: STREAM_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
  return {
    body,
    fail: (error) => {
      if (over) return;
      end();
      controller.error(error);
    },
  };
}
