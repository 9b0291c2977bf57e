import { randomUUID } from "node:crypto";
import {
  AgentScopeError,
  getLogger,
  type JsonSchemaObject,
  type Logger,
  Msg,
  type ReActAgent,
  StateError,
  type ToolUseBlock,
  tool,
  toolResponse,
} from "@agentscope-ts/core";
import type {
  ApprovalDecision,
  Checkpoint,
  ClientTool,
  EventInput,
  LeaseAndCheckpoint,
  PendingCall,
  RunState,
  ServiceBackend,
  SessionKey,
} from "./backend.js";
import { keyString } from "./backend.js";
import { EventBatcher } from "./event-batcher.js";
import { errorText, eventPayload } from "./event-payload.js";
import { finishRunInSteps, writeEvents } from "./finish-run.js";
import type { PermissionPolicy } from "./permissions.js";
import { type RecordLevel, recordLevelOf } from "./request-log.js";
import { SecretMask } from "./secret-mask.js";

/** What an agent factory is told: whose session it builds the agent for. */
export interface AgentContext {
  sessionId: string;
  userId: string;
}

/** Builds a fresh agent for a run; its state is then loaded from the session's checkpoint. */
export type AgentFactory = (ctx: AgentContext) => ReActAgent | Promise<ReActAgent>;

/** A request the runner refuses, with the HTTP status it maps to. */
export class RunConflictError extends AgentScopeError {
  /** 404 (no such session or call) or 409 (busy, parked, nothing to resume). */
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.name = "RunConflictError";
    this.status = status;
  }
}

/** Thrown by the acting gate to park the run: a tool call waits for a human. */
class ApprovalRequired extends AgentScopeError {
  constructor(readonly toolUse: ToolUseBlock) {
    super(`The tool call '${toolUse.name}' (${toolUse.id}) waits for approval.`);
    this.name = "ApprovalRequired";
  }
}

/** The replica lost the session's lease: stop at once and write nothing more. */
class LeaseLost extends AgentScopeError {
  constructor() {
    super("The session's lease was lost to another replica; this run stops here.");
    this.name = "LeaseLost";
  }
}

/** Options of {@link SessionRunner.startMessage}. */
export interface StartMessageOptions {
  /** The run's id. Default: a new id. */
  runId?: string;
  /** Tools the client runs (AG-UI frontend tools): a call of one parks the run for the client. */
  clientTools?: ClientTool[];
  /** The client's results for the client tool calls the session waits for, by tool call id. */
  toolResults?: Record<string, string>;
}

/** Options of {@link SessionRunner}. */
export interface SessionRunnerOptions {
  backend: ServiceBackend;
  agents: Record<string, AgentFactory>;
  policy: PermissionPolicy;
  /** Tool names (globs) safe to run again after a crash; other interrupted calls ask a human. */
  idempotentTools: readonly string[];
  replicaId: string;
  leaseTtlMs: number;
  /** Masks secrets in every event written and every line logged. Default: an empty mask. */
  mask?: SecretMask;
  /** Where a failed run is logged (one line, masked). Default: `logger.error`. */
  log?: (line: string) => void;
  /** Where each run transition is recorded (fields masked). Default core's `getLogger()`. */
  logger?: Logger;
  /**
   * The level of the run transition records. Default `info` on a `logger` given, `debug` on
   * core's (so a library's console gets no line per run unless its level is `debug`).
   */
  recordLevel?: RecordLevel;
}

interface LocalRun {
  agent: ReActAgent | null;
  token: number;
  done: Promise<void>;
  /** The run's last event gave the lease back already. */
  released: boolean;
}

const RUN_ENDS = new Set(["run_finished", "run_interrupted", "run_failed", "run_parked"]);

/** Ends a run: `state` checkpointed, then the `tail` events (type, data), the lease given back. */
type Finish = (state: RunState, tail: [string, Record<string, unknown>][]) => Promise<void>;

const idle = (): RunState => ({ status: "idle", runId: null, pending: [] });

/**
 * Runs agents for sessions on this replica: takes the session's lease, loads its checkpoint into
 * a fresh agent, streams the agent's events to the log, checkpoints after every reasoning and
 * acting step, parks tool calls that need approval, and resumes parked or orphaned runs.
 */
export class SessionRunner {
  readonly #o: SessionRunnerOptions;
  readonly #local = new Map<string, LocalRun>();
  readonly #idempotent: RegExp[];
  readonly #log: (line: string) => void;
  readonly #logger: Logger;
  readonly #recordLevel: RecordLevel;
  /** The secrets masked in events and logs (model keys are added as agents are built). */
  readonly mask: SecretMask;

  constructor(options: SessionRunnerOptions) {
    this.#o = options;
    this.mask = options.mask ?? new SecretMask();
    this.#logger = options.logger ?? getLogger();
    this.#recordLevel = recordLevelOf(options.recordLevel, options.logger !== undefined);
    const log = options.log ?? ((line: string) => this.#logger.error(line));
    this.#log = (line) => log(this.mask.text(line));
    this.#idempotent = options.idempotentTools.map(
      (g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`),
    );
  }

  /** Runs in progress on this replica. */
  get localRuns(): number {
    return this.#local.size;
  }

  /**
   * Starts a run answering `msg` (one message or several). Durable once it returns: the message
   * is checkpointed. A session parked on client tool calls starts again once `toolResults`
   * answers every one of them.
   */
  async startMessage(
    key: SessionKey,
    msg: Msg | Msg[],
    agentName: string | undefined,
    options: StartMessageOptions = {},
  ): Promise<{ runId: string }> {
    const runId = options.runId ?? randomUUID();
    const { token, cp } = await this.#acquire(key);
    try {
      const answers = cp?.run.status === "parked" ? clientAnswers(cp.run.pending, options) : null;
      if (cp && cp.run.status === "parked" && !answers) {
        const client = cp.run.pending.some((p) => p.reason === "client" && !p.decision);
        throw new RunConflictError(
          409,
          client
            ? `Session '${key.sessionId}' waits for the client's results of ${describePending(cp.run.pending)}: send a tool message for each call.`
            : `Session '${key.sessionId}' waits for approval of ${describePending(cp.run.pending)}. POST /v1/sessions/${key.sessionId}/approvals/<toolCallId> first.`,
        );
      }
      if (cp && cp.run.status === "running") {
        throw new RunConflictError(
          409,
          `Session '${key.sessionId}' has a run being recovered; wait for its run_finished event.`,
        );
      }
      const name = this.#agentName(cp, agentName);
      const agent = await this.#build(key, name, cp, options.clientTools);
      await agent.memory.add(answers ?? []);
      await agent.memory.add(msg);
      const run: RunState = {
        status: "running",
        runId,
        pending: cp?.run.pending.filter((p) => answers && p.reason === "not_run") ?? [],
        ...(options.clientTools?.length ? { clientTools: options.clientTools } : {}),
      };
      await this.#save(key, token, { agentName: name, agent: agent.stateDict(), run }, true);
      this.#drive(key, token, agent, name, run, "run_started");
      return { runId };
    } catch (error) {
      await this.#o.backend.releaseLease(key, token);
      throw error;
    }
  }

  /**
   * Records a decision on a parked call; resumes the run when no call waits any more (under
   * `runId` when given, else the parked run's id).
   */
  async decide(
    key: SessionKey,
    toolCallId: string,
    decision: ApprovalDecision,
    runId?: string,
  ): Promise<{ status: "resumed" | "parked"; runId: string | null; waitingFor: string[] }> {
    const { token, cp } = await this.#acquire(key);
    let handedOver = false;
    try {
      if (!cp) throw new RunConflictError(404, `No session '${key.sessionId}'.`);
      const entry = cp.run.pending.find(
        (p) => p.toolUse.id === toolCallId && p.reason !== "not_run" && p.reason !== "client",
      );
      if (cp.run.status !== "parked" || !entry) {
        throw new RunConflictError(
          404,
          `No tool call '${toolCallId}' waits for approval in session '${key.sessionId}'.`,
        );
      }
      entry.decision = decision;
      const waitingFor = waiting(cp.run.pending);
      if (waitingFor.length > 0) {
        await this.#save(key, token, cp);
        return { status: "parked", runId: cp.run.runId, waitingFor };
      }
      const agent = await this.#build(key, cp.agentName, cp, cp.run.clientTools);
      const run: RunState = { ...cp.run, status: "running", runId: runId ?? cp.run.runId };
      await this.#save(key, token, { ...cp, run }, true);
      handedOver = true;
      this.#drive(key, token, agent, cp.agentName, run, "run_resumed");
      return { status: "resumed", runId: run.runId, waitingFor: [] };
    } finally {
      if (!handedOver) await this.#o.backend.releaseLease(key, token);
    }
  }

  /**
   * Takes over a session whose run is in progress but whose lease lapsed (its replica died):
   * resumes from the last checkpoint. Returns whether this replica took it.
   */
  async recover(key: SessionKey): Promise<boolean> {
    if (this.#local.has(keyString(key))) return false;
    const token = await this.#o.backend.acquireLease(key, this.#o.replicaId, this.#o.leaseTtlMs);
    if (token === null) return false;
    try {
      const cp = await this.#o.backend.loadCheckpoint(key);
      if (cp?.run.status !== "running") {
        await this.#o.backend.unmarkActive(key);
        await this.#o.backend.releaseLease(key, token);
        return false;
      }
      const agent = await this.#build(key, cp.agentName, cp, cp.run.clientTools);
      this.#drive(key, token, agent, cp.agentName, cp.run, "run_resumed");
      return true;
    } catch (error) {
      await this.#o.backend.releaseLease(key, token);
      throw error;
    }
  }

  /** Interrupts the session's run: at once when it runs here, else through the backend. */
  async interrupt(key: SessionKey): Promise<"local" | "requested"> {
    const local = this.#local.get(keyString(key));
    if (local?.agent) {
      await local.agent.interrupt("interrupted by the user");
      return "local";
    }
    await this.#o.backend.requestInterrupt(key);
    return "requested";
  }

  /** Deletes a session that is not running. */
  async forget(key: SessionKey): Promise<boolean> {
    const { token, cp } = await this.#acquire(key);
    try {
      if (!cp) return false;
      await this.#o.backend.deleteSession(key, token);
      await this.#o.backend.unmarkActive(key);
      return true;
    } finally {
      await this.#o.backend.releaseLease(key, token);
    }
  }

  /** The session's memory, rebuilt from its checkpoint. */
  async memoryOf(key: SessionKey, cp: Checkpoint): Promise<Record<string, unknown>[]> {
    const agent = await this.#build(key, cp.agentName, cp);
    return (await agent.memory.getMemory()).map(
      (m) => m.toDict() as unknown as Record<string, unknown>,
    );
  }

  /** Waits for every local run to end (after interrupting them when `interrupt`). */
  async drain(interrupt: boolean): Promise<void> {
    const runs = [...this.#local.values()];
    if (interrupt) for (const r of runs) await r.agent?.interrupt("server shutting down");
    await Promise.allSettled(runs.map((r) => r.done));
  }

  // The lease and the checkpoint read under it: in one step when the backend can.
  async #acquire(key: SessionKey): Promise<{ token: number; cp: Checkpoint | undefined }> {
    const { backend, replicaId, leaseTtlMs } = this.#o;
    const got = backend.acquireLeaseAndLoad
      ? await backend.acquireLeaseAndLoad(key, replicaId, leaseTtlMs)
      : await this.#acquireThenLoad(key);
    if (got === null) {
      throw new RunConflictError(
        409,
        `Session '${key.sessionId}' is busy (a run holds it). Wait for its run_finished event, or POST …/interrupt.`,
      );
    }
    return { token: got.token, cp: got.checkpoint };
  }

  async #acquireThenLoad(key: SessionKey): Promise<LeaseAndCheckpoint | null> {
    const backend = this.#o.backend;
    const token = await backend.acquireLease(key, this.#o.replicaId, this.#o.leaseTtlMs);
    if (token === null) return null;
    try {
      return { token, checkpoint: await backend.loadCheckpoint(key) };
    } catch (error) {
      await backend.releaseLease(key, token);
      throw error;
    }
  }

  #agentName(cp: Checkpoint | undefined, asked: string | undefined): string {
    const names = Object.keys(this.#o.agents);
    if (cp && asked !== undefined && asked !== cp.agentName) {
      throw new RunConflictError(
        409,
        `This session belongs to agent '${cp.agentName}', not '${asked}'. Use a new session id for another agent.`,
      );
    }
    return cp?.agentName ?? asked ?? (names[0] as string);
  }

  async #build(
    key: SessionKey,
    name: string,
    cp: Checkpoint | undefined,
    clientTools: ClientTool[] = [],
  ): Promise<ReActAgent> {
    // Own keys only: `constructor` or `__proto__` is no agent, whatever Object.prototype holds.
    const factory = Object.hasOwn(this.#o.agents, name) ? this.#o.agents[name] : undefined;
    if (!factory) throw new RunConflictError(404, `No agent named '${name}' on this server.`);
    const agent = await factory({ sessionId: key.sessionId, userId: key.userId });
    this.mask.addFromAgent(agent);
    agent.setConsoleOutputEnabled(false);
    if (cp) agent.loadStateDict(cp.agent, false);
    for (const t of clientTools) {
      // Offered to the model; the acting gate parks a call of it for the client to run.
      agent.toolkit.registerToolFunction(
        tool({
          name: t.name,
          description: t.description,
          parameters: t.parameters as JsonSchemaObject,
          execute: async () => {
            throw new StateError(`The client tool '${t.name}' runs on the client.`);
          },
        }),
      );
    }
    return agent;
  }

  // With `active`, the session joins (`true`) or leaves the set of active sessions with the save:
  // in the same step when the backend can.
  async #save(key: SessionKey, token: number, cp: Checkpoint, active?: boolean): Promise<void> {
    const backend = this.#o.backend;
    if (active !== undefined && backend.saveCheckpointMarked) {
      if (!(await backend.saveCheckpointMarked(key, token, cp, active))) throw new LeaseLost();
      return;
    }
    if (!(await backend.saveCheckpoint(key, token, cp))) throw new LeaseLost();
    if (active === true) await backend.markActive(key);
    if (active === false) await backend.unmarkActive(key);
  }

  #drive(
    key: SessionKey,
    token: number,
    agent: ReActAgent,
    agentName: string,
    run: RunState,
    opening: "run_started" | "run_resumed",
  ): void {
    const k = keyString(key);
    const local: LocalRun = { agent, token, done: Promise.resolve(), released: false };
    this.#local.set(k, local);
    const renew = setInterval(
      () => {
        this.#o.backend.renewLease(key, token, this.#o.leaseTtlMs).then(
          (ok) => {
            if (!ok) void agent.interrupt(new LeaseLost());
          },
          () => undefined,
        );
      },
      Math.max(50, Math.floor(this.#o.leaseTtlMs / 3)),
    );
    renew.unref();
    local.done = this.#execute(key, token, agent, agentName, run, opening, local)
      .catch(() => undefined)
      .finally(async () => {
        clearInterval(renew);
        this.#local.delete(k);
        if (!local.released) {
          await this.#o.backend.releaseLease(key, token).catch(() => undefined);
        }
      });
  }

  async #execute(
    key: SessionKey,
    token: number,
    agent: ReActAgent,
    agentName: string,
    run: RunState,
    opening: "run_started" | "run_resumed",
    local: LocalRun,
  ): Promise<void> {
    const runId = run.runId ?? randomUUID();
    const started = performance.now();
    let interruptSent = false;
    const backend = this.#o.backend;
    // Events queue while a write is in flight and go to the log together (see EventBatcher).
    const events = new EventBatcher(
      (batch, release) => writeEvents(backend, key, token, batch, release),
      () => new LeaseLost(),
      () => {
        if (interruptSent) return;
        interruptSent = true;
        void agent.interrupt("interrupted by the user");
      },
    );
    // The event as written to the log, after its run record (the opening and the end).
    const record = (type: string, data: Record<string, unknown>): EventInput => {
      if (RUN_ENDS.has(type) || type === opening) {
        this.#logger[this.#recordLevel](
          type,
          this.mask.json({
            user: key.userId,
            session: key.sessionId,
            run: runId,
            fence: token,
            agent: agentName,
            status: type,
            duration_ms: Math.round(performance.now() - started),
          }),
        );
      }
      if (type === "run_failed") {
        this.#log(
          `[agentscope-server] run ${runId} of session ${keyString(key)} failed: ${String(data.message)}`,
        );
      }
      // The log is what every client reads (SSE, AG-UI, A2A): secrets never enter it.
      return { runId, type, data: this.mask.json(data) };
    };
    const emit = async (type: string, data: Record<string, unknown>) => {
      // The event that ends the run gives the lease back in the same step.
      const release = RUN_ENDS.has(type);
      // The agent's reply is its stream's last event: it goes with the step that ends the run.
      if (type === "reply") events.defer(record(type, data));
      else await events.push(record(type, data), release);
      if (release) local.released = true;
    };
    const keep = run.clientTools ? { clientTools: run.clientTools } : {};
    // A checkpoint comes after the events of the steps it covers: the log is written first. One
    // that ends the run (idle, parked, failed) takes the session out of the active set with it.
    const checkpointOf = (state: RunState): Checkpoint => ({
      agentName,
      agent: agent.stateDict(),
      run: state.status === "idle" ? state : { ...keep, ...state },
    });
    const checkpoint = async (state: RunState) => {
      await events.drain();
      await this.#save(
        key,
        token,
        checkpointOf(state),
        state.status === "running" ? undefined : false,
      );
    };
    // The run's end in one step where the backend can: the events still queued, the checkpoint
    // (out of the active set), the `tail` events and the lease given back.
    const finish: Finish = async (state, tail) => {
      await events.finish((queued) => {
        const cp = checkpointOf(state);
        const after = tail.map(([type, data]) => record(type, data));
        return backend.finishRun
          ? backend.finishRun(key, token, cp, queued, after)
          : finishRunInSteps(backend, key, token, cp, queued, after);
      });
      local.released = true;
    };
    const clientNames = new Set((run.clientTools ?? []).map((t) => t.name));
    const clientCalls = new Set<string>();
    const running: RunState = { status: "running", runId, pending: [] };
    const parked = new Set<string>();
    const denied = new Map<string, string>();
    const approved = new Set<string>();

    agent.registerInstanceHook("pre_acting", "agentscope_server_gate", (_a, kwargs) => {
      const toolUse = (kwargs as { tool_call: ToolUseBlock }).tool_call;
      if (approved.has(toolUse.id)) return;
      if (clientNames.has(toolUse.name)) {
        clientCalls.add(toolUse.id);
        parked.add(toolUse.id);
        throw new ApprovalRequired(toolUse);
      }
      const decision = this.#o.policy.decide(toolUse);
      if (decision.action === "deny") denied.set(toolUse.id, denialText(toolUse, decision.reason));
      if (decision.action === "ask") {
        parked.add(toolUse.id);
        throw new ApprovalRequired(toolUse);
      }
    });
    agent.toolkit.registerMiddleware(async function* gate(kw, next) {
      const reason = denied.get(kw.toolCall.id);
      if (reason !== undefined) yield toolResponse(reason);
      else yield* next(kw);
    });
    const step = async () => checkpoint(running);
    agent.registerInstanceHook("post_reasoning", "agentscope_server_checkpoint", step);
    agent.registerInstanceHook("post_acting", "agentscope_server_checkpoint", step);

    try {
      await emit(opening, { agentName, status: run.status });
      // Calls left open by a parked or crashed run: settle them before reasoning again.
      const open = await danglingToolUses(agent);
      if (open.length > 0) {
        const stillWaiting = this.#settle(open, run.pending, approved, denied, clientNames);
        if (stillWaiting.length > 0) {
          await this.#park(agent, stillWaiting, finish, runId);
          return;
        }
        for (const toolUse of open) await this.#actDirect(agent, toolUse, denied, emit, approved);
        await checkpoint(running);
      } else if (await this.#answered(agent)) {
        // Crashed after the final answer was checkpointed: nothing left to do but say so.
        await finish(idle(), [["run_finished", { interrupted: false }]]);
        return;
      }
      let failure: unknown;
      let finished: { interrupted: boolean } | null = null;
      for await (const event of agent.stream(null)) {
        if (event.type === "error") {
          failure = event.error;
          break;
        }
        const payload = eventPayload(event);
        await emit(payload.type, payload.data);
        if (event.type === "reply") finished = { interrupted: event.interrupted };
      }
      if (failure instanceof LeaseLost || isLeaseLost(failure)) throw new LeaseLost();
      if (parked.size > 0) {
        const open = await danglingToolUses(agent);
        const pending: PendingCall[] = open.map((toolUse) => ({
          toolUse,
          reason: clientCalls.has(toolUse.id)
            ? "client"
            : parked.has(toolUse.id)
              ? "approval"
              : "not_run",
        }));
        await this.#park(agent, pending, finish, runId);
        return;
      }
      if (failure !== undefined || !finished) {
        const message = errorText(failure);
        await finish({ status: "failed", runId, pending: [] }, [["run_failed", { message }]]);
        return;
      }
      await finish(idle(), [[finished.interrupted ? "run_interrupted" : "run_finished", finished]]);
    } catch (error) {
      if (error instanceof LeaseLost) return; // another replica owns the session now
      await this.#o.backend.unmarkActive(key).catch(() => undefined);
      await emit("run_failed", { message: errorText(error) }).catch(() => undefined);
    }
  }

  // Decides the open calls: which may run (approved), which are denied, which wait for a human.
  #settle(
    open: ToolUseBlock[],
    previous: PendingCall[],
    approved: Set<string>,
    denied: Map<string, string>,
    clientNames: Set<string>,
  ): PendingCall[] {
    const waitingFor: PendingCall[] = [];
    for (const toolUse of open) {
      const before = previous.find((p) => p.toolUse.id === toolUse.id);
      if (!before && clientNames.has(toolUse.name)) {
        waitingFor.push({ toolUse, reason: "client" });
        continue;
      }
      if (before?.decision) {
        if (before.decision.approve) {
          approved.add(toolUse.id);
          if (before.decision.editedInput) toolUse.input = before.decision.editedInput;
        } else {
          denied.set(toolUse.id, denialText(toolUse, before.decision.reason));
        }
        continue;
      }
      if (before && before.reason !== "not_run") {
        waitingFor.push(before);
        continue;
      }
      const decision = this.#o.policy.decide(toolUse);
      if (decision.action === "deny") {
        denied.set(toolUse.id, denialText(toolUse, decision.reason));
      } else if (decision.action === "ask") {
        waitingFor.push({ toolUse, reason: "approval" });
      } else if (
        before?.reason === "not_run" ||
        this.#idempotent.some((r) => r.test(toolUse.name))
      ) {
        approved.add(toolUse.id);
      } else {
        // It may have run before the crash and is not idempotent: a human decides.
        waitingFor.push({ toolUse, reason: "may_have_run" });
      }
    }
    return waitingFor;
  }

  async #park(
    agent: ReActAgent,
    pending: PendingCall[],
    finish: Finish,
    runId: string,
  ): Promise<void> {
    const open = await danglingToolUses(agent);
    const all: PendingCall[] = open.map(
      (toolUse) =>
        pending.find((p) => p.toolUse.id === toolUse.id) ?? { toolUse, reason: "not_run" },
    );
    // The agent emits no tool_call for a call it did not act on: say it here for the client.
    const owner = (await agent.memory.getMemory()).findLast(
      (m) => m.role === "assistant" && m.hasContentBlocks("tool_use"),
    );
    const tail: [string, Record<string, unknown>][] = [];
    for (const p of all) {
      if (p.reason !== "client") continue;
      const base = { agentName: agent.name, replyId: "", msgId: owner?.id ?? "" };
      tail.push(["tool_call", { ...base, toolUse: p.toolUse }]);
    }
    tail.push([
      "run_parked",
      {
        pending: all
          .filter((p) => p.reason !== "not_run")
          .map((p) => ({ toolUse: p.toolUse, reason: p.reason })),
      },
    ]);
    await finish({ status: "parked", runId, pending: all }, tail);
  }

  // Runs (or denies) one settled call outside the agent's loop, with the same events.
  async #actDirect(
    agent: ReActAgent,
    toolUse: ToolUseBlock,
    denied: Map<string, string>,
    emit: (type: string, data: Record<string, unknown>) => Promise<void>,
    approved: Set<string>,
  ): Promise<void> {
    const base = { agentName: agent.name, replyId: "" };
    const block = { type: "tool_result" as const, id: toolUse.id, name: toolUse.name, output: [] };
    const resultMsg = new Msg("system", [block], "system");
    await emit("tool_call", { ...base, msgId: "", toolUse });
    const reason = denied.get(toolUse.id);
    if (reason !== undefined || approved.has(toolUse.id)) {
      const chunks =
        reason !== undefined
          ? [toolResponse(reason)]
          : agent.toolkit.callTool(toolUse, { signal: agent.signal, agent });
      for await (const chunk of chunks) {
        (block as { output: unknown }).output = chunk.content;
        await emit("tool_result_chunk", {
          ...base,
          msgId: resultMsg.id,
          toolResult: { ...block, output: [...chunk.content] },
          last: chunk.isLast,
        });
      }
    }
    await agent.memory.add(resultMsg);
  }

  async #answered(agent: ReActAgent): Promise<boolean> {
    const memory = await agent.memory.getMemory();
    const last = memory[memory.length - 1];
    return last !== undefined && last.role === "assistant" && !last.hasContentBlocks("tool_use");
  }
}

// The tool results answering every client call a parked session waits for (in call order), or
// `null` when it waits for something else or a result is missing.
function clientAnswers(pending: PendingCall[], options: StartMessageOptions): Msg[] | null {
  const waits = pending.filter((p) => p.reason !== "not_run" && !p.decision);
  if (waits.length === 0 || waits.some((p) => p.reason !== "client")) return null;
  const results = options.toolResults ?? {};
  if (waits.some((p) => results[p.toolUse.id] === undefined)) return null;
  return waits.map(
    (p) =>
      new Msg(
        "system",
        [
          {
            type: "tool_result",
            id: p.toolUse.id,
            name: p.toolUse.name,
            output: [{ type: "text", text: results[p.toolUse.id] as string }],
          },
        ],
        "system",
      ),
  );
}

function isLeaseLost(error: unknown): boolean {
  return error instanceof Error && (error.name === "LeaseLost" || isLeaseLost(error.cause));
}

function denialText(toolUse: ToolUseBlock, reason: string | undefined): string {
  return `PermissionDenied: the call of '${toolUse.name}' was denied${reason ? `: ${reason}` : "."} Do not retry it; continue without it.`;
}

function waiting(pending: PendingCall[]): string[] {
  return pending.filter((p) => p.reason !== "not_run" && !p.decision).map((p) => p.toolUse.id);
}

function describePending(pending: PendingCall[]): string {
  return (
    waiting(pending)
      .map((id) => `'${id}'`)
      .join(", ") || "tool calls"
  );
}

/** The tool calls of the last assistant message that have no result in memory yet. */
async function danglingToolUses(agent: ReActAgent): Promise<ToolUseBlock[]> {
  const memory = await agent.memory.getMemory();
  const answered = new Set<string>();
  for (let i = memory.length - 1; i >= 0; i--) {
    const msg = memory[i] as Msg;
    if (msg.role === "assistant" && msg.hasContentBlocks("tool_use")) {
      return msg.getContentBlocks("tool_use").filter((t) => !answered.has(t.id));
    }
    for (const r of msg.getContentBlocks("tool_result")) answered.add(r.id);
    if (msg.role === "user") return [];
  }
  return [];
}
