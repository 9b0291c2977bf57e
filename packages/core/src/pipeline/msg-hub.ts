import { AgentBase } from "../agent/agent-base.js";
import type { Msg } from "../message/msg.js";
import { shortUuid } from "../utils/short-uuid.js";

/** The options of {@link MsgHub}. */
export interface MsgHubOptions {
  /** The agents taking part. */
  participants: readonly AgentBase[];
  /** Message(s) every participant observes on entering the hub. */
  announcement?: Msg | Msg[] | null;
  /** Whether each participant's replies reach the others automatically. Default true. */
  enableAutoBroadcast?: boolean;
  /** The hub's name; a random id by default. */
  name?: string;
}

/**
 * Shares messages among a group of agents: AgentScope's `MsgHub`. While entered, every reply of a
 * participant is observed by all the other participants (when auto-broadcast is on). Use it as
 *
 * ```ts
 * await using hub = await new MsgHub({ participants: [a, b, c], announcement }).enter();
 * await a.call();   // b and c observe a's reply
 * ```
 *
 * or call `enter()` and `exit()` yourself. (`enter()` is explicit because it awaits the
 * announcement; `await using` then calls `exit()` at the end of the block.)
 */
export class MsgHub implements AsyncDisposable {
  /** The hub's name, the key of the subscriptions it sets on its participants. */
  readonly name: string;
  /** The agents taking part. */
  readonly participants: AgentBase[];
  /** Message(s) broadcast on entering. */
  announcement: Msg | Msg[] | null;
  /** Whether replies are broadcast automatically. */
  enableAutoBroadcast: boolean;

  constructor(options: MsgHubOptions) {
    this.name = options.name ?? shortUuid();
    this.participants = [...new Set(options.participants)];
    this.announcement = options.announcement ?? null;
    this.enableAutoBroadcast = options.enableAutoBroadcast ?? true;
  }

  /** Subscribes the participants to each other and broadcasts the announcement. Returns the hub. */
  async enter(): Promise<this> {
    this.#resetSubscribers();
    if (this.announcement !== null) await this.broadcast(this.announcement);
    return this;
  }

  /** Removes the subscriptions this hub set; the participants stop sharing replies. */
  async exit(): Promise<void> {
    for (const agent of this.participants) agent.removeSubscribers(this.name);
  }

  /** {@link MsgHub.exit}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.exit();
  }

  /** Adds participant(s) (ignoring ones already in) and updates the subscriptions. */
  add(newParticipant: AgentBase | readonly AgentBase[]): void {
    const agents = newParticipant instanceof AgentBase ? [newParticipant] : newParticipant;
    for (const agent of agents) {
      if (!this.participants.includes(agent)) this.participants.push(agent);
    }
    this.#resetSubscribers();
  }

  /**
   * Removes participant(s) (ignoring ones not in) and updates the subscriptions: a removed agent
   * no longer observes the others, nor they it.
   */
  delete(participant: AgentBase | readonly AgentBase[]): void {
    const agents = participant instanceof AgentBase ? [participant] : participant;
    for (const agent of agents) {
      const index = this.participants.indexOf(agent);
      if (index === -1) continue;
      this.participants.splice(index, 1);
      agent.removeSubscribers(this.name);
    }
    this.#resetSubscribers();
  }

  /** Has every participant observe `msg`, one after another. */
  async broadcast(msg: Msg | Msg[]): Promise<void> {
    for (const agent of [...this.participants]) await agent.observe(msg);
  }

  /** Turns automatic broadcasting of replies on or off. */
  setAutoBroadcast(enable: boolean): void {
    this.enableAutoBroadcast = enable;
    if (enable) this.#resetSubscribers();
    else for (const agent of this.participants) agent.removeSubscribers(this.name);
  }

  #resetSubscribers(): void {
    if (!this.enableAutoBroadcast) return;
    for (const agent of this.participants) agent.resetSubscribers(this.name, this.participants);
  }
}
