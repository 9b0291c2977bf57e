import {
  AgentBase,
  formatTimestamp,
  getLogger,
  shortUuid,
  UserAgent,
  ValidationError,
} from "@agentscope-ts/core";
import { DeliveryQueue } from "./delivery-queue.js";
import type { StudioChannel } from "./studio-channel.js";
import { mergePrints, pushMessageInput, registerReplyInput } from "./studio-hooks.js";
import type { RegisterRunInput, StudioProcedure, StudioProcedures } from "./studio-protocol.js";
import { StudioSocket } from "./studio-socket.js";
import { type StudioTracing, startStudioTracing } from "./studio-tracing.js";
import { StudioUserInput, type StudioUserInputOptions } from "./studio-user-input.js";
import { callStudio } from "./trpc-call.js";

/** Options of {@link connectStudio}. */
export interface ConnectStudioOptions {
  /** Studio's URL, e.g. `http://localhost:3000`. */
  url: string;
  /** The project the run belongs to. Default `UnnamedProject_At<YYYYMMDD>` (AgentScope's). */
  project?: string;
  /** The run's name. Default `<HHMMSS>_<4 random characters>` (AgentScope's). */
  name?: string;
  /** The run's id. Default a fresh short uuid. */
  runId?: string;
  /**
   * Send traces to Studio's `{url}/v1/traces` through `@agentscope-ts/otel` (an optional peer).
   * Default: when that package is installed. `true` throws a `StudioError` when it is not.
   */
  tracing?: boolean;
  /**
   * Make Studio the input of every `UserAgent` (class level, as AgentScope's `init`). Default
   * `true`; an object sets the {@link StudioUserInput} options; `false` leaves inputs alone.
   */
  userInput?: boolean | StudioUserInputOptions;
  /** How long one call to Studio may take (ms). Default 10 000. */
  requestTimeoutMs?: number;
  /** How many calls may wait while Studio is down or slow. Default 1000. */
  queueCapacity?: number;
  /** How long `disconnect()` waits for the waiting calls (and one trace export) to go out (ms). Default 5000. */
  flushTimeoutMs?: number;
  /** Where warnings go (one per cause). Default core's `getLogger().warn` (see `setLogger`). */
  onWarning?: (message: string) => void;
}

/** A live connection of this process's agents to Studio (see {@link connectStudio}). */
export interface StudioConnection extends StudioChannel {
  /** The project of the run. */
  readonly project: string;
  /** The run's name. */
  readonly name: string;
  /** The input source answered in Studio (installed on `UserAgent` unless `userInput: false`). */
  readonly userInput: StudioUserInput;
  /** Whether traces go to Studio. */
  readonly tracing: boolean;
  /** How many calls to Studio were given up so far (Studio down too long, or refusing them). */
  readonly dropped: number;
  /**
   * Undoes the connection: removes the hooks, gives `UserAgent` back the class input it had before
   * (unless another was set meanwhile), sends what waits (up to `flushTimeoutMs`), flushes the
   * traces and closes the socket, so Studio marks the run done.
   */
  disconnect(): Promise<void>;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function checkUrl(url: unknown): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new ValidationError(
      "connectStudio options",
      [{ path: "url", message: `expected Studio's http(s) URL, received ${JSON.stringify(url)}` }],
      { hint: "Pass the address Studio prints when it starts, e.g. http://localhost:3000." },
    );
  }
  return parsed.href.replace(/\/+$/, "");
}

function checkPositive(value: number | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new ValidationError("connectStudio options", [
      { path: field, message: `expected a positive number, received ${value}` },
    ]);
  }
  return value;
}

let connections = 0;

/**
 * Connects this process's agents to AgentScope Studio, as AgentScope's `init(studio_url=…)`:
 * registers the run, forwards every printed message of every agent (with its speech), registers
 * each reply, makes Studio the `UserAgent` input, and sends traces to Studio. Studio being down,
 * slow or failing costs one warning per cause and never an agent's run; calls wait (bounded) and
 * go out in order when it answers. Call `disconnect()` at the end: Studio then marks the run done.
 */
export async function connectStudio(options: ConnectStudioOptions): Promise<StudioConnection> {
  const url = checkUrl(options.url);
  const now = new Date();
  const project =
    options.project ??
    `UnnamedProject_At${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const name =
    options.name ??
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}_${shortUuid().slice(0, 4)}`;
  const runId = options.runId ?? shortUuid();
  const requestTimeoutMs = checkPositive(options.requestTimeoutMs, "requestTimeoutMs", 10_000);
  const capacity = checkPositive(options.queueCapacity, "queueCapacity", 1000);
  const flushTimeoutMs = checkPositive(options.flushTimeoutMs, "flushTimeoutMs", 5000);
  const onWarning = options.onWarning ?? ((message: string) => getLogger().warn(message));

  const tracing: StudioTracing | null =
    options.tracing === false
      ? null
      : await startStudioTracing(url, runId, options.tracing === true, flushTimeoutMs);

  const warned = new Set<string>();
  const queue = new DeliveryQueue({
    send: (d) =>
      callStudio(url, d.procedure as StudioProcedure, d.input as never, requestTimeoutMs),
    warn(cause, message) {
      if (warned.has(cause)) return;
      warned.add(cause);
      onWarning(`[agentscope studio] ${message}`);
    },
    capacity,
    retryDelayMs: 250,
    maxRetryDelayMs: 5000,
    maxServerErrorAttempts: 3,
  });
  const send = <P extends StudioProcedure>(
    procedure: P,
    input: StudioProcedures[P],
    coalesceKey?: string,
  ) =>
    queue.enqueue({
      procedure,
      input: input as unknown as Record<string, unknown>,
      ...(coalesceKey !== undefined ? { coalesceKey, merge: mergePrints } : {}),
    });

  const run: RegisterRunInput = {
    id: runId,
    project,
    name,
    timestamp: formatTimestamp(now),
    pid: (globalThis as { process?: { pid?: number } }).process?.pid ?? 0,
    status: "running",
    run_dir: "",
  };
  void send("registerRun", run);

  const socket = new StudioSocket({
    url,
    runId,
    reconnectionDelayMs: 500,
    reconnectionDelayMaxMs: 5000,
  });
  socket.onConnect((reconnected) => {
    // Studio marks a run done when its socket drops: a reconnected run is running again.
    if (reconnected) void send("registerRun", run);
    queue.nudge();
  });

  const channel: StudioChannel = {
    url,
    runId,
    send: (procedure, input, coalesceKey) => send(procedure, input, coalesceKey),
    onConnect: (listener) => socket.onConnect(listener),
    onDisconnect: (listener) => socket.onDisconnect(listener),
    onUserInput: (listener) => socket.onUserInput(listener),
  };
  const userInput = new StudioUserInput(
    channel,
    typeof options.userInput === "object" ? options.userInput : {},
  );

  const hookName = `as_studio_forward_message_pre_print_hook:${runId}:${++connections}`;
  const replyHookName = `as_studio_register_reply_pre_reply_hook:${runId}:${connections}`;
  AgentBase.registerClassHook("pre_print", hookName, (agent, kwargs) => {
    void send("pushMessage", pushMessageInput(runId, agent, kwargs), `msg:${kwargs.msg.id}`);
  });
  AgentBase.registerClassHook("pre_reply", replyHookName, (agent) => {
    const reply = registerReplyInput(runId, agent);
    if (reply) void send("registerReply", reply);
  });
  const installInput = options.userInput !== false;
  // The input set before (e.g. the terminal's), given back on disconnect unless replaced meanwhile.
  const previousInput = UserAgent.getClassInputMethod();
  if (installInput) UserAgent.overrideClassInputMethod(userInput);
  const installedInput = UserAgent.getClassInputMethod();

  let closing: Promise<void> | undefined;
  function disconnect(): Promise<void> {
    closing ??= (async () => {
      AgentBase.removeClassHook("pre_print", hookName);
      AgentBase.removeClassHook("pre_reply", replyHookName);
      if (installInput && UserAgent.getClassInputMethod() === installedInput) {
        UserAgent.overrideClassInputMethod(previousInput);
      }
      const started = Date.now();
      const sent = await queue.flush(flushTimeoutMs);
      if (!sent) {
        onWarning(
          `[agentscope studio] ${queue.size} calls to ${url} were still waiting after ${flushTimeoutMs} ms and are dropped.`,
        );
      }
      await queue.close();
      await tracing?.shutdown().catch(() => {});
      await socket.settled(Math.max(0, flushTimeoutMs - (Date.now() - started)));
      socket.close();
    })();
    return closing;
  }
  return {
    ...channel,
    project,
    name,
    userInput,
    tracing: tracing !== null,
    get dropped() {
      return queue.dropped;
    },
    disconnect,
  };
}
