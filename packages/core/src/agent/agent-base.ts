import type { AgentScopeError } from "../errors/agentscope-error.js";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { lazyStream } from "../provider-kit/lazy-stream.js";
import { DONE } from "../provider-kit/stream-iterator.js";
import { StateModule } from "../state/state-module.js";
import { traceReply } from "../tracing/agent-span.js";
import {
  type InstrumentationTable,
  instrumentClass,
  reachedThroughSuper,
} from "../utils/instrumented-methods.js";
import { shortUuid } from "../utils/short-uuid.js";
import { addedSince } from "./added-since.js";
import { AgentBusyError } from "./agent-busy-error.js";
import type { AgentEvent, AgentEventInput } from "./agent-event.js";
import { AsyncQueue } from "./async-queue.js";
import { cloneMsg, deepCopy, stripThinkingBlocks } from "./copy.js";
import { EventChannel } from "./event-channel.js";
import {
  checkHookType,
  classHookStore,
  classHooksFor,
  type HookEntry,
  HookStore,
  hookRevision,
} from "./hook-registry.js";
import {
  AGENT_HOOK_TYPES,
  type AnyHook,
  type HookFunction,
  type HookTarget,
  type HookType,
} from "./hook-types.js";
import { MessagePrinter } from "./message-printer.js";
import { getDefaultOutputSink, type OutputSink } from "./output-sink.js";

/** The options of {@link AgentBase}. */
export interface AgentBaseOptions {
  /** The agent's name, used as the sender of its messages. Defaults to the class name. */
  name?: string;
  /**
   * Whether `call()` prints the agent's messages to the output sink. Default `true`. A run
   * consumed through `stream()` or `streamPrintingMessages` never prints: its consumer renders.
   */
  consoleOutputEnabled?: boolean;
}

/** What an agent replies to: a message, several, a string (sent as a user message) or nothing. */
export type AgentInput = Msg | Msg[] | string | null;

/** Options passed to `reply()` besides the input message (e.g. `structuredModel`). */
export type ReplyOptions = Record<string, unknown>;

/** The options of {@link AgentBase.print}. */
export interface PrintOptions {
  /** Whether this is the last chunk of a streamed message. Defaults to `true`. */
  last?: boolean;
  /** Audio to play along with the message (queued for consumers; core plays no audio). */
  speech?: AudioBlock | AudioBlock[] | null;
}

/**
 * What an agent puts on its message queue for each printed message: a copy of the message,
 * whether it is the last chunk, and the speech given to `print`.
 */
export type PrintQueueItem = [msg: Msg, last: boolean, speech: AudioBlock | AudioBlock[] | null];

/** A queue agents feed their printed messages into (strings are end signals). */
export type MsgQueue = AsyncQueue<PrintQueueItem | string>;

/** An agent class, as the `this` of the static hook methods. */
export type AgentClass<A extends AgentBase = AgentBase> = (abstract new (
  ...args: never[]
) => A) & { readonly supportedHookTypes: readonly string[]; readonly name: string };

interface ReplyRun {
  readonly controller: AbortController;
  readonly replyId: string;
  readonly channel: EventChannel<AgentEvent> | undefined;
  // A stream consumer renders the events, so the agent's console printing is off for the run.
  readonly quiet: boolean;
  // Text/thinking lengths already sent in model_chunk events, per message id.
  readonly sent: Map<string, { text: number; thinking: number }>;
  // Rejects the wait for the reply; only abortRun aborts the controller, and it calls this (no
  // listener on the run's signal).
  rejectWaiter: ((reason: unknown) => void) | undefined;
}

type ReplyMethod = (this: AgentBase, msg?: AgentInput, options?: ReplyOptions) => Promise<Msg>;
type ObserveMethod = (this: AgentBase, msg: Msg | Msg[] | null) => Promise<void>;
type PrintMethod = (this: AgentBase, msg: Msg, options?: PrintOptions) => Promise<void>;

const IDLE_SIGNAL = new AbortController().signal;

// The promise a synchronous `print` (or `emit` with nobody reading) returns: resolved, shared.
const RESOLVED: Promise<void> = Promise.resolve();

/**
 * The base of every agent: AgentScope's `AgentBase`. Subclasses implement {@link AgentBase.reply}
 * and {@link AgentBase.observe}; callers use {@link AgentBase.call} (Python's `agent(msg)`) or
 * {@link AgentBase.stream} for UI events.
 *
 * - Hooks: `pre_`/`post_` × `reply`, `observe`, `print` at class level ({@link
 *   AgentBase.registerClassHook}) and instance level ({@link AgentBase.registerInstanceHook}),
 *   run around the subclass's own methods; a `super.reply()` inside an override does not run them
 *   twice. Subclasses with more hook types (ReActAgent's `reasoning`, `acting`) widen
 *   `supportedHookTypes` and run their steps through {@link AgentBase.runWithHooks}.
 * - Interruption: {@link AgentBase.interrupt} aborts {@link AgentBase.signal}; the running call
 *   stops waiting for `reply()` at once and answers with {@link AgentBase.handleInterrupt}.
 * - MsgHub: after each call the reply (without thinking blocks) is observed by the subscribers.
 *
 * Define `reply`, `observe` and `print` as methods in the class body (not arrow-function fields):
 * the hooks and the `invoke_agent` span are applied to them once per class, on the prototype, at
 * the class's first instantiation (docs/writing-a-plugin.md, "How hooks and tracing are applied").
 * Read `this.signal` once at the start of a reply and use that value.
 */
export abstract class AgentBase extends StateModule {
  /** The hook types this class accepts. Subclasses with more hook points extend the list. */
  static readonly supportedHookTypes: readonly HookType[] = AGENT_HOOK_TYPES;

  /** The agent's unique id. */
  readonly id: string = shortUuid();
  /** The agent's name. */
  name: string;
  /** The queue printed messages are fed into while enabled ({@link AgentBase.setMsgQueueEnabled}). */
  msgQueue: MsgQueue | null = null;
  /** How many stream events may wait unread before the agent pauses at its next `emit`. */
  streamBufferSize = 64;

  readonly #instanceHooks = new HookStore();
  readonly #hasHooksCache = new Map<HookTarget, { revision: number; has: boolean }>();
  readonly #printer = new MessagePrinter();
  readonly #subscribers = new Map<string, AgentBase[]>();
  #consoleOutputEnabled = true;
  #msgQueueEnabled = false;
  #outputSink: OutputSink | null = null;
  #run: ReplyRun | undefined;

  constructor(options: AgentBaseOptions = {}) {
    super();
    this.name = options.name ?? new.target.name;
    if (options.consoleOutputEnabled === false) this.#consoleOutputEnabled = false;
    instrumentClass(new.target, AgentBase.#instrumentation);
  }

  /**
   * The agent's logic: answer `msg` (and the subclass's options). Use {@link AgentBase.signal} to
   * stop model streams and tools when interrupted, and {@link AgentBase.emit} for stream events.
   */
  abstract reply(msg?: AgentInput, options?: ReplyOptions): Promise<Msg>;

  /** Receives message(s) without replying, e.g. another agent's reply in a MsgHub. */
  abstract observe(msg: Msg | Msg[] | null): Promise<void>;

  /**
   * Produces the reply when the running reply was interrupted. The default answers as
   * AgentScope's ReActAgent does: a message with `metadata._is_interrupted = true`, printed.
   */
  async handleInterrupt(_msg?: Msg | Msg[] | null, _options?: ReplyOptions): Promise<Msg> {
    const response = new Msg({
      name: this.name,
      content: "I noticed that you have interrupted me. What can I do for you?",
      role: "assistant",
      metadata: { _is_interrupted: true },
    });
    await this.print(response, { last: true });
    return response;
  }

  /**
   * Displays `msg`: streamed chunks of the same message id print only what is new. Feeds the
   * message queue when enabled; writes to the output sink unless console output is disabled.
   */
  print(msg: Msg, options: PrintOptions = {}): Promise<void> {
    // Not `async`: without a message queue (the usual case, on every step) printing is synchronous.
    if (this.#msgQueueEnabled && this.msgQueue)
      return this.#printQueued(this.msgQueue, msg, options);
    try {
      this.#printNow(msg, options.last ?? true);
      return RESOLVED;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #printQueued(queue: MsgQueue, msg: Msg, options: PrintOptions): Promise<void> {
    const last = options.last ?? true;
    await queue.put([cloneMsg(msg), last, options.speech ?? null]);
    // Let consumers waiting on the queue run before the producer continues.
    await null;
    this.#printNow(msg, last);
  }

  #printNow(msg: Msg, last: boolean): void {
    if (!this.#consoleOutputEnabled || this.#run?.quiet) return;
    this.#printer.print(msg, last, this.#outputSink ?? getDefaultOutputSink());
  }

  /**
   * Runs the agent on `msg` (Python's `await agent(msg)`): calls `reply()`, answers through
   * `handleInterrupt()` when interrupted, then lets the MsgHub subscribers observe the reply.
   * A string input is sent as a user message. Throws {@link AgentBusyError} when the agent is
   * already replying, and the run's error when it fails.
   */
  call(...args: Parameters<this["reply"]>): Promise<Msg> {
    let run: ReplyRun;
    try {
      run = this.#begin(undefined);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#execute(run, args);
  }

  /**
   * Runs the agent like {@link AgentBase.call} and yields its {@link AgentEvent}s as they happen,
   * ending with a `reply` (or `error`) event. A failed run yields its `error` event and then
   * throws the error, so a loop that ignores events never mistakes a failure for an empty answer.
   * The agent does not print to the console meanwhile (the consumer renders). Events wait in a
   * bounded buffer that the consumer drains; leaving the loop early (`break`) interrupts the agent.
   */
  stream(...args: Parameters<this["reply"]>): AsyncGenerator<AgentEvent, void, undefined> {
    return lazyStream(async () => this.#startStream(args));
  }

  /**
   * Interrupts the running reply, if any: aborts {@link AgentBase.signal} with an
   * `InterruptedError` carrying `reason`. The running `call()` then returns `handleInterrupt()`'s
   * reply. Does nothing when the agent is idle.
   */
  async interrupt(reason?: unknown): Promise<void> {
    const run = this.#run;
    if (run) abortRun(run, this.name, reason);
  }

  /** Aborted when the running reply is interrupted. Pass it to models and tools. */
  get signal(): AbortSignal {
    return this.#run?.controller.signal ?? IDLE_SIGNAL;
  }

  /** The id of the running reply, or `null` when idle. */
  get replyId(): string | null {
    return this.#run?.replyId ?? null;
  }

  /** Whether the agent is replying right now. */
  get isReplying(): boolean {
    return this.#run !== undefined;
  }

  /**
   * Emits a stream event to the consumer of {@link AgentBase.stream}, if any (fills in the agent
   * and reply fields). Waits while the consumer's buffer is full; a no-op during `call()`.
   */
  // Not `async` (here and in `emitModelChunk`): the channel's own promise, shared while it has
  // room; a streamed answer emits one event per chunk.
  protected emit(event: AgentEventInput): Promise<void> {
    const run = this.#run;
    if (!run?.channel || run.channel.closed) return RESOLVED;
    return run.channel.push({
      ...event,
      agentId: this.id,
      agentName: this.name,
      replyId: run.replyId,
    } as AgentEvent);
  }

  /**
   * Whether {@link emit} delivers events now: a {@link AgentBase.stream} consumer is reading, or a
   * subclass overrides `emit` or `emitModelChunk`. Lets a step skip building events nobody gets.
   */
  protected get emitsEvents(): boolean {
    const run = this.#run;
    if (run?.channel && !run.channel.closed) return true;
    return (
      this.emit !== AgentBase.prototype.emit ||
      this.emitModelChunk !== AgentBase.prototype.emitModelChunk
    );
  }

  /**
   * Emits a `model_chunk` event for a cumulative streamed message: computes the text and thinking
   * added since the previous chunk with the same id (cost proportional to the new part).
   */
  protected emitModelChunk(msg: Msg, last: boolean): Promise<void> {
    const run = this.#run;
    if (!run?.channel || run.channel.closed) return RESOLVED;
    try {
      const known = run.sent.get(msg.id);
      const seen = known ?? { text: 0, thinking: 0 };
      const { text, thinking } = addedSince(msg.content, seen);
      if (last) run.sent.delete(msg.id);
      else {
        // Counted in place: one record per message, not one per chunk.
        seen.text += text.length;
        seen.thinking += thinking.length;
        if (!known) run.sent.set(msg.id, seen);
      }
      return this.emit({
        type: "model_chunk",
        msgId: msg.id,
        msg,
        delta: { text, thinking },
        last,
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Runs `impl` through the pre- and post-hooks of `target` (e.g. `"reasoning"`): pre-hooks get a
   * copy of `kwargs` and may replace it, `impl` gets the result, post-hooks get copies of the
   * arguments and output and may replace the output. Instance hooks run first, then class hooks,
   * each in registration order. ReActAgent runs its reasoning and acting steps through this.
   */
  protected runWithHooks<K extends object, R>(
    target: HookTarget,
    kwargs: K,
    impl: (kwargs: K) => Promise<R>,
  ): Promise<R> {
    // No hooks (the usual case, asked on every step): `impl`'s own promise, no wrapper around it.
    if (this.#hasHooks(target)) return this.#runWithHooks(target, kwargs, impl);
    try {
      return Promise.resolve(impl(kwargs));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #runWithHooks<K extends object, R>(
    target: HookTarget,
    kwargs: K,
    impl: (kwargs: K) => Promise<R>,
  ): Promise<R> {
    const pre = this.#hooksFor(`pre_${target}` as HookType);
    let current = kwargs;
    for (const { name, hook } of pre) {
      const modified = await hook(this, deepCopy(current));
      if (modified == null) continue;
      if (typeof modified !== "object" || Array.isArray(modified)) {
        throw new ValidationError("pre-hook result", [
          {
            path: `pre_${target}.${name}`,
            message: `a pre-hook must return an object of keyword arguments (or nothing), received ${Array.isArray(modified) ? "array" : typeof modified}`,
          },
        ]);
      }
      current = modified as K;
    }
    let output = (await impl(current)) as R;
    const post = this.#hooksFor(`post_${target}` as HookType);
    for (const { hook } of post) {
      const modified = await hook(this, deepCopy(current), deepCopy(output));
      if (modified != null) output = modified as R;
    }
    return output;
  }

  /** Lets every MsgHub subscriber observe `msg`, without its thinking blocks. */
  protected async broadcastToSubscribers(msg: Msg | Msg[] | null): Promise<void> {
    if (msg == null || this.#subscribers.size === 0) return;
    const shared = Array.isArray(msg) ? msg.map(stripThinkingBlocks) : stripThinkingBlocks(msg);
    for (const subscribers of [...this.#subscribers.values()]) {
      for (const subscriber of subscribers) await subscriber.observe(shared);
    }
  }

  /** Sets the agents that observe this agent's replies for the MsgHub `hubName` (never itself). */
  resetSubscribers(hubName: string, subscribers: readonly AgentBase[]): void {
    this.#subscribers.set(
      hubName,
      subscribers.filter((agent) => agent !== this),
    );
  }

  /** Removes the subscribers of the MsgHub `hubName`; returns false when there were none. */
  removeSubscribers(hubName: string): boolean {
    return this.#subscribers.delete(hubName);
  }

  /** The subscribers per MsgHub name (a copy). */
  get subscribers(): Map<string, AgentBase[]> {
    return new Map([...this.#subscribers].map(([name, agents]) => [name, [...agents]]));
  }

  /** Turns writing to the output sink on or off (e.g. off in production or in tests). */
  setConsoleOutputEnabled(enabled: boolean): void {
    this.#consoleOutputEnabled = enabled;
  }

  /** Whether printed messages are written to the output sink. */
  get consoleOutputEnabled(): boolean {
    return this.#consoleOutputEnabled;
  }

  /** Prints to `sink` instead of the default sink; `null` goes back to the default. */
  setOutputSink(sink: OutputSink | null): void {
    this.#outputSink = sink;
  }

  /**
   * Turns feeding printed messages into {@link AgentBase.msgQueue} on or off. Enabling without a
   * queue creates one (capacity 100) unless the agent has one already; disabling drops the queue.
   */
  setMsgQueueEnabled(enabled: boolean, queue?: MsgQueue | null): void {
    if (enabled) {
      if (queue) this.msgQueue = queue;
      else if (!this.msgQueue) this.msgQueue = new AsyncQueue(100);
    } else {
      this.msgQueue = null;
    }
    this.#msgQueueEnabled = enabled;
  }

  /** Whether printed messages are fed into the message queue. */
  get msgQueueEnabled(): boolean {
    return this.#msgQueueEnabled;
  }

  /**
   * Registers `hook` under `name` for this instance only (replacing a hook of the same name in
   * place). Instance hooks run before class hooks.
   */
  registerInstanceHook<T extends HookType>(
    hookType: T,
    hookName: string,
    hook: HookFunction<T, this>,
  ): void {
    checkHookType(hookType, this.#supportedHookTypes(), this.constructor.name);
    this.#instanceHooks.set(hookType, hookName, hook as AnyHook);
  }

  /** Removes the instance hook `hookName` of `hookType`; throws when there is none. */
  removeInstanceHook(hookType: HookType, hookName: string): void {
    checkHookType(hookType, this.#supportedHookTypes(), this.constructor.name);
    if (!this.#instanceHooks.delete(hookType, hookName)) {
      throw hookNotFound(hookType, hookName, `${this.constructor.name} instance`);
    }
  }

  /** Removes the instance hooks of `hookType`, or all instance hooks. */
  clearInstanceHooks(hookType?: HookType): void {
    if (hookType !== undefined) {
      checkHookType(hookType, this.#supportedHookTypes(), this.constructor.name);
    }
    this.#instanceHooks.clear(hookType);
  }

  /**
   * Registers `hook` under `name` on this class: it runs for instances of this class and of its
   * subclasses (register on `AgentBase` to reach every agent), after their instance hooks.
   */
  static registerClassHook<T extends HookType, A extends AgentBase>(
    this: AgentClass<A>,
    hookType: T,
    hookName: string,
    hook: HookFunction<T, A>,
  ): void {
    // biome-ignore lint/complexity/noThisInStatic: class hooks belong to the class called on.
    registerClassHookOn(this, hookType, hookName, hook as AnyHook);
  }

  /** Removes the class hook `hookName` of `hookType` registered on this class; throws if absent. */
  static removeClassHook(this: AgentClass, hookType: HookType, hookName: string): void {
    // biome-ignore lint/complexity/noThisInStatic: class hooks belong to the class called on.
    removeClassHookOn(this, hookType, hookName);
  }

  /** Removes the class hooks of `hookType` (or all) registered on this class. */
  static clearClassHooks(this: AgentClass, hookType?: HookType): void {
    // biome-ignore lint/complexity/noThisInStatic: class hooks belong to the class called on.
    clearClassHooksOn(this, hookType);
  }

  #supportedHookTypes(): readonly string[] {
    return (this.constructor as AgentClass).supportedHookTypes;
  }

  #hooksFor(type: HookType): HookEntry[] {
    const own = this.#instanceHooks.entries(type);
    const inherited = classHooksFor(this.constructor, type);
    return own.length === 0 ? inherited : inherited.length === 0 ? own : [...own, ...inherited];
  }

  #hasHooks(target: HookTarget): boolean {
    // Asked on every print (every streamed chunk): answered from a cache until any hook changes.
    const revision = hookRevision();
    const cached = this.#hasHooksCache.get(target);
    if (cached !== undefined && cached.revision === revision) return cached.has;
    const has =
      this.#hooksFor(`pre_${target}` as HookType).length > 0 ||
      this.#hooksFor(`post_${target}` as HookType).length > 0;
    this.#hasHooksCache.set(target, { revision, has });
    return has;
  }

  // The hooks and the `invoke_agent` span around every agent's reply/observe/print, applied once
  // per class on its prototype (see utils/instrumented-methods.ts and docs/writing-a-plugin.md):
  // each runs around the subclass's own implementation, once per call even through `super`.
  static readonly #instrumentation: InstrumentationTable<AgentBase> = {
    reply: (original) => {
      const impl = original as ReplyMethod;
      return function reply(this: AgentBase, input?: unknown, options?: unknown): Promise<Msg> {
        if (this.reply !== reply && reachedThroughSuper(this, "reply", reply)) {
          return impl.call(this, input as AgentInput, options as ReplyOptions);
        }
        const msg = toAgentInput(input as AgentInput);
        // Free when tracing is off: `traceReply` then only calls `impl`.
        if (!this.#hasHooks("reply")) return traceReply(this, impl, msg, options as ReplyOptions);
        const kwargs = { ...(options as ReplyOptions), msg };
        return this.runWithHooks("reply", kwargs, ({ msg: m, ...rest }) =>
          traceReply(this, impl, m as Msg | Msg[] | null | undefined, rest),
        );
      };
    },
    observe: (original) => {
      const impl = original as ObserveMethod;
      return function observe(this: AgentBase, input?: unknown): Promise<void> {
        const msg = input as Msg | Msg[] | null;
        if (
          (this.observe !== observe && reachedThroughSuper(this, "observe", observe)) ||
          !this.#hasHooks("observe")
        ) {
          return impl.call(this, msg);
        }
        return this.runWithHooks("observe", { msg }, (kw) => impl.call(this, kw.msg));
      };
    },
    print: (original) => {
      const impl = original as PrintMethod;
      return function print(this: AgentBase, input?: unknown, options?: unknown): Promise<void> {
        const msg = input as Msg;
        const opts = options as PrintOptions | undefined;
        if (
          (this.print !== print && reachedThroughSuper(this, "print", print)) ||
          !this.#hasHooks("print")
        ) {
          return impl.call(this, msg, opts);
        }
        const kwargs = { msg, last: opts?.last ?? true, speech: opts?.speech ?? null };
        return this.runWithHooks("print", kwargs, (kw) =>
          impl.call(this, kw.msg, { last: kw.last, speech: kw.speech }),
        );
      };
    },
  };

  #begin(channel: EventChannel<AgentEvent> | undefined): ReplyRun {
    if (this.#run) {
      throw new AgentBusyError(
        `Agent '${this.name}' is already replying (reply ${this.#run.replyId}). An agent answers one call at a time: await the running call, interrupt() it, or use another agent for concurrent work.`,
      );
    }
    const run: ReplyRun = {
      controller: new AbortController(),
      replyId: shortUuid(),
      channel,
      quiet: channel !== undefined,
      sent: new Map(),
      rejectWaiter: undefined,
    };
    this.#run = run;
    return run;
  }

  async #execute(run: ReplyRun, args: unknown[]): Promise<Msg> {
    try {
      if (typeof args[0] === "string") args[0] = userMsg(args[0]);
      const input = args[0];
      await this.emit({
        type: "reply_start",
        input: input instanceof Msg || Array.isArray(input) ? input : null,
      });
      const self = this as unknown as {
        reply: (...a: unknown[]) => Promise<Msg>;
        handleInterrupt: (...a: unknown[]) => Promise<Msg>;
      };
      let reply: Msg;
      let interrupted = false;
      try {
        reply = await new Promise<Msg>((resolve, reject) => {
          run.rejectWaiter = reject;
          (async () => self.reply(...args))().then(resolve, reject);
        });
      } catch (error) {
        if (!isInterruption(error, run.controller.signal)) throw error;
        interrupted = true;
        reply = await self.handleInterrupt(...args);
      }
      await this.broadcastToSubscribers(reply);
      await this.emit({ type: "reply", msgId: reply?.id ?? "", msg: reply, interrupted });
      return reply;
    } catch (error) {
      await this.emit({ type: "error", error });
      throw error;
    } finally {
      this.#run = undefined;
    }
  }

  // Starts a streamed run (on the stream's first read): its events, read straight from the
  // channel; leaving before the end stops the run and returns once it is over.
  #startStream(args: unknown[]): AsyncIterable<AgentEvent> {
    const channel = new EventChannel<AgentEvent>(this.streamBufferSize);
    const run = this.#begin(channel);
    let over = false;
    // Failures reach the consumer as the final `error` event, then are thrown after it.
    const ended = this.#execute(run, args).then(
      () => {
        over = true;
        channel.close();
      },
      (error: unknown) => {
        over = true;
        channel.close({ error });
      },
    );
    const events = channel[Symbol.asyncIterator]();
    const stream: AsyncIterator<AgentEvent> = {
      next: () => events.next(),
      return: async () => {
        if (!over) {
          channel.discard();
          abortRun(run, this.name, "The stream consumer stopped reading.");
        }
        await events.return();
        await ended;
        return DONE;
      },
    };
    return { [Symbol.asyncIterator]: () => stream };
  }
}

/** `input` as a user message when it is a string (how `call("text")` reads), else unchanged. */
export function toAgentInput<T>(input: T | string): T | Msg {
  return typeof input === "string" ? userMsg(input) : input;
}

function userMsg(text: string): Msg {
  return new Msg({ name: "user", content: text, role: "user" });
}

function registerClassHookOn(cls: AgentClass, type: HookType, name: string, hook: AnyHook): void {
  checkHookType(type, cls.supportedHookTypes, cls.name);
  classHookStore(cls).set(type, name, hook);
}

function removeClassHookOn(cls: AgentClass, type: HookType, name: string): void {
  checkHookType(type, cls.supportedHookTypes, cls.name);
  if (!classHookStore(cls).delete(type, name)) throw hookNotFound(type, name, `${cls.name} class`);
}

function clearClassHooksOn(cls: AgentClass, type: HookType | undefined): void {
  if (type !== undefined) checkHookType(type, cls.supportedHookTypes, cls.name);
  classHookStore(cls).clear(type);
}

function abortRun(run: ReplyRun, agentName: string, reason: unknown): void {
  if (run.controller.signal.aborted) return;
  const message =
    typeof reason === "string" && reason
      ? `Agent '${agentName}' was interrupted: ${reason}`
      : `Agent '${agentName}' was interrupted.`;
  run.controller.abort(
    new InterruptedError(message, reason === undefined ? {} : { cause: reason }),
  );
  run.rejectWaiter?.(run.controller.signal.reason);
}

function hookNotFound(type: HookType, name: string, owner: string): AgentScopeError {
  return new ValidationError("hook name", [
    { path: "hookName", message: `hook '${name}' not found in '${type}' hooks of ${owner}` },
  ]);
}

function isInterruption(error: unknown, signal: AbortSignal): boolean {
  return (
    signal.aborted ||
    error instanceof InterruptedError ||
    (error instanceof Error && error.name === "AbortError") ||
    (typeof DOMException !== "undefined" &&
      error instanceof DOMException &&
      error.name === "AbortError")
  );
}
