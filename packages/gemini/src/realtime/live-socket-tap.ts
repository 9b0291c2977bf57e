import { ModelError } from "@agentscope-ts/core";

/** What the tap needs of a socket the SDK opens: a way to close it. */
export interface ClosableSocket {
  close(): void;
}

/** The shape of the SDK's (private) socket factory on `ai.live`, as `@google/genai` 3.x has it. */
interface LiveSocketFactory {
  create(url: string, headers: Record<string, string>, callbacks: unknown): ClosableSocket;
}

function isSocketFactory(value: unknown): value is LiveSocketFactory {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof Reflect.get(value, "create") === "function"
  );
}

function isClosable(value: unknown): value is ClosableSocket {
  return (
    typeof value === "object" && value !== null && typeof Reflect.get(value, "close") === "function"
  );
}

/**
 * Hands every socket `live` (the `@google/genai` client's `ai.live`) opens to `onSocket`, so a
 * session whose setup never completes can be closed: `ai.live.connect()` resolves only after the
 * server's `setupComplete` and offers no handle or signal before that.
 *
 * The SDK has no public way to reach that socket: `Live` keeps its `webSocketFactory` private
 * (and its default factory is not exported, so it cannot be passed to a `Live` of our own). This
 * adapter is the one place that reaches it, checked at run time: when the SDK's shape changes
 * it throws a {@link ModelError} saying so instead of failing later in a session.
 */
export function tapLiveSockets(live: object, onSocket: (socket: ClosableSocket) => void): void {
  const factory: unknown = Reflect.get(live, "webSocketFactory");
  if (!isSocketFactory(factory)) {
    throw new ModelError(
      "gemini: @google/genai's Live client has no `webSocketFactory.create` (its internals changed), " +
        "so GeminiRealtimeModel cannot close a session whose setup stalls. Use the @google/genai " +
        "version @agentscope-ts/gemini declares (^3.1), or update @agentscope-ts/gemini.",
      { provider: "gemini", retryable: false },
    );
  }
  const tapped: LiveSocketFactory = {
    create: (url, headers, callbacks) => {
      const socket = factory.create(url, headers, callbacks);
      if (isClosable(socket)) onSocket(socket);
      return socket;
    },
  };
  Reflect.set(live, "webSocketFactory", tapped);
}
