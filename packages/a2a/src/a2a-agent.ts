import {
  type AgentCard,
  type Artifact,
  type Message,
  type StreamResponse,
  type Task,
  TaskState,
} from "@a2a-js/sdk";
import {
  type Client,
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from "@a2a-js/sdk/client";
import { A2AError } from "@a2a-js/sdk/errors";
import {
  AgentBase,
  AgentScopeError,
  type ContentBlock,
  InterruptedError,
  Msg,
  type ReplyOptions,
  ValidationError,
} from "@agentscope-ts/core";
import { A2AConnectionError, errorMessage } from "./a2a-connection-error.js";
import { type A2ACredentials, credentialHeaders } from "./a2a-credentials.js";
import { a2aMessageToMsg, a2aTaskToMsgs, formatA2AMessage } from "./a2a-format.js";
import { AgentCardResolverBase, FixedAgentCardResolver } from "./agent-card-resolver.js";
import { partsToBlocks } from "./parts.js";
import { taskStateName } from "./task-state.js";
import { DEFAULT_TIMEOUT_MS } from "./timeout.js";

/** The options of {@link A2AAgent}. */
export interface A2AAgentOptions {
  /** The remote agent's card, or a resolver that fetches it on the first reply. */
  agentCard: AgentCard | AgentCardResolverBase;
  /** Our name for the agent. Defaults to the card's name. */
  name?: string;
  /**
   * The SDK client factory (transports, interceptors, auth fetch). Defaults to JSON-RPC + REST,
   * each speaking v0.3 to interfaces the card marks 0.3 and v1.0 to the rest.
   */
  clientFactory?: ClientFactory;
  /**
   * Credentials for the card's security schemes, by scheme name (`{ bearer: "<token>" }`): sent
   * as the scheme says (`Authorization: Bearer <token>`, an API-key header…) when the card
   * requires the scheme. When the card requires auth and none fits, the reply throws
   * {@link A2AAuthenticationError} naming the schemes — unless a `clientFactory` is given and no
   * credentials, as that factory may authenticate on its own.
   */
  credentials?: A2ACredentials;
  /**
   * The longest wait, in milliseconds, for the first and each next event of the remote stream;
   * `null` turns it off. Default 600 000 (AgentScope's httpx timeout).
   */
  timeout?: number | null;
  /** How long to wait for the remote to acknowledge a cancel after an interrupt. Default 10 000. */
  cancelTimeout?: number;
}

/** The task metadata an {@link A2AAgent} reply carries under `metadata.a2a_task`. */
export interface A2ATaskInfo {
  id: string;
  context_id: string;
  /** The task state as the protocol spells it: `completed`, `input-required`, `failed`… */
  state: string;
}

interface StreamState {
  task: Task | undefined;
  message: Message | undefined;
  streamMsg: Msg | undefined;
}

/**
 * An agent on the other end of the Agent2Agent protocol: AgentScope's `A2AAgent`, on
 * `@a2a-js/sdk`. `observe` buffers messages; `reply` sends the buffer and the input as one A2A
 * message, streams the remote task's updates as our events (`model_chunk` for streamed text,
 * `tool_call` / `tool_result_chunk` for tool blocks in data parts) and answers with the task's
 * status message and artifacts. A task left `input-required` is continued by the next reply; the
 * conversation's context id is kept across replies. Protocol errors from the remote come back as
 * a readable message (`metadata.a2a_error`); a dropped or silent connection throws
 * {@link A2AConnectionError}; a card requiring auth we hold no credential for throws
 * {@link A2AAuthenticationError}.
 */
export class A2AAgent extends AgentBase {
  /** Messages observed since the last reply; sent with the next one. */
  observedMsgs: Msg[] = [];
  /** The A2A context id of this conversation, once the remote assigned one. */
  contextId: string | null = null;
  /** The task waiting for our input (`input-required`), continued by the next reply. */
  pendingTaskId: string | null = null;
  /** The idle timeout of the remote stream, in milliseconds (`null`: none). */
  timeout: number | null;
  /** How long to wait for the remote's cancel acknowledgement after an interrupt. */
  cancelTimeout: number;

  readonly #resolver: AgentCardResolverBase;
  readonly #factory: ClientFactory;
  readonly #credentials: A2ACredentials | undefined;
  readonly #checkAuth: boolean;
  #authHeaders: Record<string, string> = {};
  #client: Promise<Client> | undefined;
  #card: AgentCard | undefined;
  #runningTask: string | null = null;
  readonly #namedByUser: boolean;

  constructor(options: A2AAgentOptions) {
    const resolver =
      options.agentCard instanceof AgentCardResolverBase
        ? options.agentCard
        : new FixedAgentCardResolver(options.agentCard);
    const cardName =
      options.agentCard instanceof AgentCardResolverBase ? undefined : options.agentCard.name;
    super({ name: options.name ?? cardName ?? "A2AAgent" });
    this.#resolver = resolver;
    this.#namedByUser = options.name !== undefined;
    this.#factory = options.clientFactory ?? defaultClientFactory();
    this.#credentials = options.credentials;
    this.#checkAuth = options.clientFactory === undefined || options.credentials !== undefined;
    this.timeout = options.timeout === undefined ? DEFAULT_TIMEOUT_MS : options.timeout;
    this.cancelTimeout = options.cancelTimeout ?? 10_000;
    this.registerState(
      "_observed_msgs",
      (msgs: Msg[]) => msgs.map((m) => m.toDict()),
      (json) => {
        if (!Array.isArray(json)) {
          throw new ValidationError("A2AAgent state", [
            { path: "_observed_msgs", message: "expected a list of message dicts" },
          ]);
        }
        return json.map((d) => Msg.fromDict(d));
      },
    );
  }

  /** The observed messages under AgentScope's state name. */
  get _observed_msgs(): Msg[] {
    return this.observedMsgs;
  }

  set _observed_msgs(value: Msg[]) {
    this.observedMsgs = value;
  }

  /** The remote agent's card (resolved on the first reply when a resolver was given). */
  async getAgentCard(): Promise<AgentCard> {
    if (!this.#card) {
      this.#card = await this.#resolver.getAgentCard();
      if (!this.#namedByUser) this.name = this.#card.name;
    }
    return this.#card;
  }

  /** Buffers `msg` for the next reply. */
  async observe(msg: Msg | Msg[] | null): Promise<void> {
    if (msg == null) return;
    const list = Array.isArray(msg) ? msg : [msg];
    for (const [i, m] of list.entries()) {
      if (!(m instanceof Msg)) {
        throw new ValidationError("observed message", [
          { path: Array.isArray(msg) ? `msg[${i}]` : "msg", message: "expected a Msg" },
        ]);
      }
    }
    this.observedMsgs.push(...list);
  }

  /** Sends the observed messages and `msg` to the remote agent and answers with its reply. */
  async reply(msg?: Msg | Msg[] | null, options: ReplyOptions = {}): Promise<Msg> {
    if (options.structuredModel !== undefined) {
      throw new ValidationError("A2AAgent.reply options", [
        {
          path: "structuredModel",
          message: "not supported: the A2A protocol has no structured output",
        },
      ]);
    }
    const signal = this.signal;
    const input = msg == null ? [] : Array.isArray(msg) ? msg : [msg];
    // As AgentScope: the input joins the buffer, which is cleared only once the remote answered,
    // so a failed or interrupted reply keeps it for the next one.
    this.observedMsgs.push(...input);
    const msgs = [...this.observedMsgs];
    const client = await this.#getClient();
    const request = {
      tenant: "",
      message: formatA2AMessage(msgs, {
        contextId: this.contextId ?? "",
        taskId: this.pendingTaskId ?? "",
      }),
      configuration: undefined,
      metadata: undefined,
    };
    const state: StreamState = {
      task: undefined,
      message: undefined,
      streamMsg: undefined,
    };
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const stream = client.sendMessageStream(request, {
        signal: controller.signal,
        serviceParameters: this.#authHeaders,
      });
      for (;;) {
        const next = await this.#nextWithin(stream, controller);
        if (next.done) break;
        await this.#handle(next.value, state);
      }
    } catch (error) {
      if (signal.aborted) {
        await this.#cancelRemote(client);
        throw signal.reason ?? new InterruptedError(`Agent '${this.name}' was interrupted.`);
      }
      if (error instanceof A2AError) return this.#errorReply(error);
      if (AgentScopeError.isAgentScopeError(error)) throw error;
      throw new A2AConnectionError(
        `The connection to the remote A2A agent '${this.name}' failed: ${errorMessage(error)}`,
        { cause: error },
      );
    } finally {
      signal.removeEventListener("abort", onAbort);
      this.#runningTask = null;
    }
    const reply = await this.#finish(state);
    this.observedMsgs = [];
    return reply;
  }

  /** Answers an interrupt as AgentScope does, and keeps the answer as context for the next reply. */
  override async handleInterrupt(msg?: Msg | Msg[] | null, options?: ReplyOptions): Promise<Msg> {
    const response = await super.handleInterrupt(msg, options);
    this.observedMsgs.push(response);
    return response;
  }

  async #getClient(): Promise<Client> {
    this.#client ??= this.getAgentCard().then(async (card) => {
      if (this.#checkAuth) {
        this.#authHeaders = credentialHeaders(card, this.#credentials ?? {}, this.name);
      }
      try {
        return await this.#factory.createFromAgentCard(card);
      } catch (error) {
        throw new ValidationError("A2A agent card", [
          {
            path: "supportedInterfaces",
            message: `no interface this client can use (${errorMessage(error)}); the default client speaks JSONRPC and HTTP+JSON, pass a clientFactory for others`,
          },
        ]);
      }
    });
    try {
      return await this.#client;
    } catch (error) {
      this.#client = undefined;
      throw error;
    }
  }

  // The next stream event, or an A2AConnectionError once `timeout` passes without one.
  async #nextWithin(
    stream: AsyncGenerator<StreamResponse, void, undefined>,
    controller: AbortController,
  ): Promise<IteratorResult<StreamResponse, void>> {
    if (this.timeout === null) return stream.next();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ms = this.timeout;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new A2AConnectionError(
          `The remote A2A agent '${this.name}' sent nothing for ${ms} ms; raise 'timeout' or check the agent.`,
        );
        controller.abort(error);
        reject(error);
      }, ms);
    });
    const next = stream.next();
    // The losing `next()` rejects once the timeout aborts the request; nobody waits for it then.
    next.catch(() => {});
    try {
      return await Promise.race([next, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #handle(event: StreamResponse, state: StreamState): Promise<void> {
    const payload = event.payload;
    switch (payload?.$case) {
      case "message":
        state.message = payload.value;
        if (payload.value.contextId) this.contextId = payload.value.contextId;
        return;
      case "task":
        state.task = structuredClone(payload.value);
        this.#track(payload.value.id, payload.value.contextId);
        return;
      case "statusUpdate": {
        const update = payload.value;
        const task = this.#taskOf(state, update.taskId, update.contextId);
        task.status = update.status;
        this.#track(update.taskId, update.contextId);
        const message = update.status?.message;
        if (update.status?.state === TaskState.TASK_STATE_WORKING && message) {
          await this.#streamParts(state, message.parts);
        }
        return;
      }
      case "artifactUpdate": {
        const update = payload.value;
        const task = this.#taskOf(state, update.taskId, update.contextId);
        if (update.artifact) mergeArtifact(task, update.artifact, update.append);
        // Chunked artifacts stream as text; a whole artifact arrives with the reply.
        if (update.artifact && (update.append || !update.lastChunk)) {
          await this.#streamParts(state, update.artifact.parts);
        }
        return;
      }
      default:
        return;
    }
  }

  #track(taskId: string, contextId: string): void {
    this.#runningTask = taskId || this.#runningTask;
    if (contextId) this.contextId = contextId;
  }

  #taskOf(state: StreamState, taskId: string, contextId: string): Task {
    state.task ??= {
      id: taskId,
      contextId,
      status: undefined,
      artifacts: [],
      history: [],
      metadata: undefined,
    };
    return state.task;
  }

  // Streams text parts as one growing message, and tool blocks as tool events.
  async #streamParts(state: StreamState, parts: Message["parts"]): Promise<void> {
    for (const block of partsToBlocks(parts)) {
      if (block.type === "tool_use") {
        await this.emit({ type: "tool_call", msgId: state.streamMsg?.id ?? "", toolUse: block });
      } else if (block.type === "tool_result") {
        await this.emit({
          type: "tool_result_chunk",
          msgId: state.streamMsg?.id ?? "",
          toolResult: block,
          last: true,
        });
      } else if (block.type === "text" && block.text) {
        state.streamMsg ??= new Msg({ name: this.name, role: "assistant", content: [] });
        const blocks = state.streamMsg.content as ContentBlock[];
        const tail = blocks[blocks.length - 1];
        // Appending to the last text block keeps each chunk O(delta) for the event.
        if (tail?.type === "text") tail.text += block.text;
        else blocks.push({ type: "text", text: block.text });
        await this.emitModelChunk(state.streamMsg, false);
        await this.print(state.streamMsg, { last: false });
      }
    }
  }

  async #finish(state: StreamState): Promise<Msg> {
    if (state.message) {
      this.pendingTaskId = null;
      return this.#final(a2aMessageToMsg(this.name, state.message), state, undefined);
    }
    const task = state.task;
    const stateValue = task?.status?.state;
    if (!task || stateValue === undefined || !isSettled(stateValue)) {
      throw new A2AConnectionError(
        `The stream from the remote A2A agent '${this.name}' ended before the task settled (last state: ${stateValue === undefined ? "none" : taskStateName(stateValue)}); the connection was dropped. Call the agent again.`,
      );
    }
    const interrupted =
      stateValue === TaskState.TASK_STATE_INPUT_REQUIRED ||
      stateValue === TaskState.TASK_STATE_AUTH_REQUIRED;
    this.pendingTaskId = interrupted ? task.id : null;
    const msgs = a2aTaskToMsgs(this.name, task);
    const info: A2ATaskInfo = {
      id: task.id,
      context_id: task.contextId,
      state: taskStateName(stateValue),
    };
    const reply =
      msgs[msgs.length - 1] ??
      new Msg({
        name: this.name,
        role: "assistant",
        content: `The remote agent '${this.name}' ended the task as '${info.state}' without a message.`,
      });
    return this.#final(reply, state, info);
  }

  async #final(reply: Msg, state: StreamState, info: A2ATaskInfo | undefined): Promise<Msg> {
    // Keep the streamed message's id so printers and UIs update it instead of adding another.
    const out = new Msg({
      ...(state.streamMsg ? { id: state.streamMsg.id } : { id: reply.id }),
      name: reply.name,
      role: reply.role,
      content: reply.content,
      metadata: info ? { ...reply.metadata, a2a_task: info } : reply.metadata,
    });
    // Close the streamed message for UIs waiting on `last`.
    if (state.streamMsg) await this.emitModelChunk(state.streamMsg, true);
    await this.print(out, { last: true });
    return out;
  }

  async #errorReply(error: A2AError): Promise<Msg> {
    const reply = new Msg({
      name: this.name,
      role: "assistant",
      content: `The remote agent '${this.name}' answered with an error: ${error.message}`,
      metadata: { a2a_error: { name: error.name, message: error.message } },
    });
    await this.print(reply, { last: true });
    return reply;
  }

  // Best effort: ask the remote to cancel the running task, bounded by `cancelTimeout`.
  async #cancelRemote(client: Client): Promise<void> {
    const taskId = this.#runningTask;
    if (!taskId) return;
    try {
      await client.cancelTask(
        { tenant: "", id: taskId, metadata: undefined },
        {
          signal: AbortSignal.timeout(this.cancelTimeout),
          serviceParameters: this.#authHeaders,
        },
      );
    } catch {
      // The task may have finished or the connection be gone; the interrupt stands either way.
    }
  }
}

// JSON-RPC and REST, each speaking v0.3 to interfaces a card marks 0.3 (AgentScope Python 1.0.x
// serves A2A through a2a-sdk 0.3) and v1.0 to the rest.
function defaultClientFactory(): ClientFactory {
  const legacyCompat = { enabled: true };
  return new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [
        new JsonRpcTransportFactory({ legacyCompat }),
        new RestTransportFactory({ legacyCompat }),
      ],
    }),
  );
}

function isSettled(state: TaskState): boolean {
  return (
    state === TaskState.TASK_STATE_COMPLETED ||
    state === TaskState.TASK_STATE_FAILED ||
    state === TaskState.TASK_STATE_CANCELED ||
    state === TaskState.TASK_STATE_REJECTED ||
    state === TaskState.TASK_STATE_INPUT_REQUIRED ||
    state === TaskState.TASK_STATE_AUTH_REQUIRED
  );
}

// Applies an artifact update as the protocol says: append to the artifact with the same id (a
// text chunk joins the text part before it), or replace/add it.
function mergeArtifact(task: Task, artifact: Artifact, append: boolean): void {
  const existing = task.artifacts.find((a) => a.artifactId === artifact.artifactId);
  if (!existing) {
    task.artifacts.push(structuredClone(artifact));
    return;
  }
  if (!append) {
    task.artifacts[task.artifacts.indexOf(existing)] = structuredClone(artifact);
    return;
  }
  for (const part of structuredClone(artifact.parts)) {
    const tail = existing.parts[existing.parts.length - 1];
    if (tail?.content?.$case === "text" && part.content?.$case === "text") {
      tail.content.value += part.content.value;
    } else {
      existing.parts.push(part);
    }
  }
}
