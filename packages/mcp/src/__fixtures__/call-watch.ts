/**
 * Test helpers that tell when a `tools/call` request is under way, so a test acts on a call in
 * flight (abort it, kill the server) when it is, instead of after a guessed delay.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { StdIOStatefulClient } from "../stdio-stateful-client.js";

const isToolCall = (message: unknown) =>
  typeof message === "object" &&
  message !== null &&
  (message as { method?: unknown }).method === "tools/call";

/** Resolves the promises handed out by `next()` when `notify()` is called. */
class CallWatch {
  #waiting: (() => void)[] = [];

  /** Resolves at the next `tools/call` from now. */
  next(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  notify(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }
}

/**
 * A `fetch` for an HTTP client's `clientKwargs.fetch`, with `nextCallReached()`: resolves once a
 * `tools/call` request made after it got its response headers (the server has it).
 */
export function callWatchingFetch(): {
  fetch: typeof fetch;
  nextCallReached: () => Promise<void>;
} {
  const watch = new CallWatch();
  const watching: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = typeof init?.body === "string" ? init.body : "";
    if (body.includes('"tools/call"') && isToolCall(JSON.parse(body))) watch.notify();
    return response;
  };
  return { fetch: watching, nextCallReached: () => watch.next() };
}

/** A stdio client with `nextCallSent()`: resolves once a `tools/call` made after it was written to the server's stdin. */
export class CallWatchingStdIOClient extends StdIOStatefulClient {
  readonly #watch = new CallWatch();

  /** Resolves once the next `tools/call` was written to the server. */
  nextCallSent(): Promise<void> {
    return this.#watch.next();
  }

  protected override createTransport() {
    const transport = super.createTransport();
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage, options) => {
      await send(message, options);
      if (isToolCall(message)) this.#watch.notify();
    };
    return transport;
  }
}
