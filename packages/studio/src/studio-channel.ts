import type { StudioProcedure, StudioProcedures } from "./studio-protocol.js";
import type { ForwardedUserInput } from "./studio-socket.js";

/** What a Studio connection offers its parts (user input, hooks): ordered calls and the socket. */
export interface StudioChannel {
  /** Studio's base URL. */
  readonly url: string;
  /** The run's id. */
  readonly runId: string;
  /**
   * Queues a call to Studio behind the earlier ones; settles when it was delivered or given up.
   * A waiting call with the same `coalesceKey` is replaced by this one instead.
   */
  send<P extends StudioProcedure>(
    procedure: P,
    input: StudioProcedures[P],
    coalesceKey?: string,
  ): Promise<void>;
  /** Calls `listener(reconnected)` each time the socket (re)connects; returns the remover. */
  onConnect(listener: (reconnected: boolean) => void): () => void;
  /** Calls `listener` each time the socket drops (Studio then forgets the run's questions). */
  onDisconnect(listener: () => void): () => void;
  /** Calls `listener` with each user answer Studio forwards; returns the remover. */
  onUserInput(listener: (input: ForwardedUserInput) => void): () => void;
}
