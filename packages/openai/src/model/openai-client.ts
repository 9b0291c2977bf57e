import { nodeHttpFetch, signalController, ValidationError } from "@agentscope-ts/core";
import type OpenAI from "openai";
import { type OpenAISdk, openAISdk } from "./openai-sdk.js";

/** The SDK's per-request options (its `RequestOptions`, which the package does not export). */
type RequestOptions = NonNullable<Parameters<OpenAI["chat"]["completions"]["create"]>[1]>;

/** How the OpenAI models build their SDK client. */
export interface OpenAIClientOptions {
  /** The API key; defaults to the `OPENAI_API_KEY` environment variable (read by the SDK). */
  apiKey?: string;
  /** The organization id; defaults to `OPENAI_ORG_ID` (read by the SDK). */
  organization?: string;
  /** The API base URL, for compatible servers (vLLM, DeepSeek, Ollama `/v1`, DashScope…). */
  baseURL?: string;
  /** `"openai"` (default) or `"azure"` (an `AzureOpenAI` client; give its options in `clientKwargs`). */
  clientType?: "openai" | "azure";
  /**
   * More options of the SDK client (`defaultHeaders`, `fetch`, Azure's `endpoint`/`apiVersion`/
   * `deployment`…). `maxRetries` is always 0: {@link ChatModelBase} does the retrying. `fetch`
   * defaults to core's `nodeHttpFetch` (plain requests over `node:http` under Node; pass
   * `fetch: globalThis.fetch` to use the platform's).
   */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one (its own retries should be off). */
  client?: OpenAI;
}

/**
 * The SDK client of a model: `options.client`, or a new `OpenAI` / `AzureOpenAI` client of `sdk`
 * (default: the SDK loaded now) with the key, organization, base URL and `clientKwargs`, its own
 * retries off. A `clientType` other than `"openai"` or `"azure"` is a {@link ValidationError}
 * naming `owner`'s option.
 */
export function createOpenAIClient(
  options: OpenAIClientOptions,
  owner: string,
  sdk?: OpenAISdk,
): OpenAI {
  checkClientType(options, owner);
  if (options.client) return options.client;
  const { OpenAI: Client, AzureOpenAI } = sdk ?? openAISdk();
  const clientOptions = {
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.organization !== undefined ? { organization: options.organization } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...options.clientKwargs,
    fetch: signalLinkingFetch(options.clientKwargs?.fetch as typeof fetch | undefined),
    maxRetries: 0,
  };
  const client =
    options.clientType === "azure" ? new AzureOpenAI(clientOptions) : new Client(clientOptions);
  Object.defineProperty(client, LINKING_CLIENT, { value: true });
  return client;
}

/** A {@link ValidationError} naming `owner`'s option unless `clientType` is `"openai"` or `"azure"`. */
export function checkClientType(options: OpenAIClientOptions, owner: string): void {
  const clientType = options.clientType ?? "openai";
  if (clientType !== "openai" && clientType !== "azure") {
    throw new ValidationError(`${owner} options`, [
      {
        path: "clientType",
        message: `expected "openai" or "azure", received ${JSON.stringify(clientType)}`,
      },
    ]);
  }
}

// Why this exists: given a request `signal`, the SDK (7.x) composes it with its own controller
// through `AbortSignal.any` (or weak-reference listeners) and a WeakMap entry: ≈ 80 µs of CPU per
// request on Node 20 (issue 19), a few µs and GC work on Node 24. For the
// clients we build, the signal travels instead under a private key of the request's
// `fetchOptions` (the SDK passes those through to `fetch` untouched) and our `fetch` links it to
// the SDK's own signal (which aborts only on the SDK's timeout). When core made the signal (a
// model attempt's), `fetch` sends it as is and forwards the SDK's abort to its controller; any
// other signal is composed with the SDK's through `AbortSignal.any`.
// Registered symbols: the main entry and `/internal` each bundle their own copy of this module.
const LINKED_SIGNAL = Symbol.for("agentscope.openai.linkedSignal");
const LINKING_CLIENT = Symbol.for("agentscope.openai.linkingClient");
const ONCE = { once: true } as const;

/** A `fetch` that also aborts when the signal under {@link LINKED_SIGNAL} in `init` aborts. */
function signalLinkingFetch(inner: typeof fetch | undefined): typeof fetch {
  return (input, init) => {
    const fetchImpl = inner ?? nodeHttpFetch;
    const linked = (init as Record<symbol, AbortSignal | undefined> | undefined)?.[LINKED_SIGNAL];
    if (!init || !linked) return fetchImpl(input, init);
    const { [LINKED_SIGNAL]: _linked, ...rest } = init as RequestInit &
      Record<symbol, AbortSignal | undefined>;
    const own = rest.signal;
    if (!own || linked.aborted) return fetchImpl(input, { ...rest, signal: linked });
    const owner = signalController(linked);
    if (owner) {
      if (own.aborted) owner.abort(own.reason);
      else own.addEventListener("abort", () => owner.abort(own.reason), ONCE);
      return fetchImpl(input, { ...rest, signal: linked });
    }
    // Any other signal may outlive many requests (a caller's long-lived signal): composed through
    // `AbortSignal.any`, which holds it weakly, instead of a listener per request left on it.
    return fetchImpl(input, { ...rest, signal: AbortSignal.any([own, linked]) });
  };
}

/**
 * The SDK request options that make a request to `client` abort with `signal`: cheap for clients
 * {@link createOpenAIClient} built, the SDK's own `{ signal }` for any other client.
 */
export function abortOptions(client: object, signal: AbortSignal): RequestOptions {
  if ((client as Record<symbol, unknown>)[LINKING_CLIENT] !== true) return { signal };
  return { fetchOptions: { [LINKED_SIGNAL]: signal } as RequestOptions["fetchOptions"] };
}
