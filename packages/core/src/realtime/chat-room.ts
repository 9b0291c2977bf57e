import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ClientEvent } from "./client-events.js";
import type { RealtimeAgent, RealtimeEventHandler } from "./realtime-agent.js";
import type { ServerEvent } from "./server-events.js";

/**
 * Several realtime agents in one conversation with a user: AgentScope's `ChatRoom`. The user's
 * client events go to every agent; every agent event goes to the front end (`onEvent`) and to the
 * other agents, so each hears the others speak (their audio, resampled to its model's rate).
 */
export class ChatRoom {
  /** The agents in the room. */
  readonly agents: readonly RealtimeAgent[];
  #onEvent: RealtimeEventHandler | undefined;
  #started = false;

  constructor(agents: readonly RealtimeAgent[]) {
    if (!Array.isArray(agents) || agents.length === 0) {
      throw new ValidationError("ChatRoom agents", [
        { path: "agents", message: "expected a non-empty list of RealtimeAgent" },
      ]);
    }
    const ids = new Set(agents.map((a) => a.id));
    if (ids.size !== agents.length) {
      throw new ValidationError("ChatRoom agents", [
        { path: "agents", message: "the same agent is listed twice; give each agent once" },
      ]);
    }
    this.agents = [...agents];
  }

  /** Starts every agent; if one fails to start, the ones started are stopped and the error thrown. */
  async start(
    onEvent: RealtimeEventHandler,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    if (this.#started) throw new StateError("ChatRoom was already started; create a new room.");
    this.#started = true;
    this.#onEvent = onEvent;
    const started: RealtimeAgent[] = [];
    try {
      for (const agent of this.agents) {
        await agent.start((event) => this.#broadcast(event), options);
        started.push(agent);
      }
    } catch (error) {
      await Promise.allSettled(started.map((a) => a.stop()));
      throw error;
    }
  }

  /** Stops every agent. */
  async stop(): Promise<void> {
    await Promise.allSettled(this.agents.map((a) => a.stop()));
  }

  /** Gives a user's client event to every running agent. */
  async handleInput(event: ClientEvent): Promise<void> {
    await Promise.all(
      this.agents.filter((a) => a.model.state === "open").map((a) => a.handleInput(event)),
    );
  }

  #broadcast(event: ServerEvent): void {
    try {
      this.#onEvent?.(event);
    } catch {
      // The front end's failure must not stop the room.
    }
    const sender = "agent_id" in event ? event.agent_id : undefined;
    if (sender === undefined) return;
    for (const agent of this.agents) {
      if (agent.id === sender || agent.model.state !== "open") continue;
      agent.handleInput(event).catch(() => {
        // An agent whose session just ended no longer hears the room.
      });
    }
  }
}
