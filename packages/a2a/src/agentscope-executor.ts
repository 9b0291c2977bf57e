import { type Part, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent as A2AEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from "@a2a-js/sdk/server";
import type { AgentBase, AgentEvent, Msg } from "@agentscope-ts/core";
import { errorMessage } from "./a2a-connection-error.js";
import { a2aMessageToMsg } from "./a2a-format.js";
import { DeltaCoalescer } from "./delta-coalescer.js";
import { blocksToParts, msgBlocks, textPart } from "./parts.js";
import { TEXT_OFFSET_KEY } from "./streamed-history.js";
import { publishStatus, publishTask } from "./task-events.js";

/** What an agent factory of {@link AgentScopeExecutor} is called with. */
export interface AgentFactoryContext {
  /** The A2A context (conversation/session) id the agent serves. */
  contextId: string;
  /** The request that needs the agent (user, tenant, headers in `requestContext.context`). */
  requestContext: RequestContext;
}

/** The options of {@link AgentScopeExecutor}. */
export interface AgentScopeExecutorOptions {
  /** Creates the agent for a context; called once per context while it stays cached. */
  agentFactory: (ctx: AgentFactoryContext) => AgentBase | Promise<AgentBase>;
  /**
   * Whether a reply asks the user for more input (the task then ends `input-required` and the
   * client's next message continues it). Default: `reply.metadata.input_required === true`.
   */
  isInputRequired?: (reply: Msg) => boolean;
  /** How many contexts' agents stay cached (least recently used leave first). Default 1 000. */
  maxAgents?: number;
  /**
   * The shortest time between two streamed-text updates, in milliseconds: deltas arriving faster
   * are sent together. Default 50. (Each A2A event makes the SDK load and save the whole task.)
   */
  streamInterval?: number;
}

/**
 * Serves one of our agents over A2A: an `AgentExecutor` (the `@a2a-js/sdk` server interface) that
 * runs the context's agent on the user message and publishes its events as task updates:
 * streamed text as `working` status messages (text parts, `metadata.msg_id`), tool calls and
 * results as `working` status messages with data parts, the reply as an artifact followed by
 * `completed` — or as the `input-required` status message when {@link
 * AgentScopeExecutorOptions.isInputRequired} says so. A failed reply ends `failed` with the error
 * as a readable message; `cancelTask` interrupts the agent and the task ends `canceled`.
 */
export class AgentScopeExecutor implements AgentExecutor {
  readonly #factory: AgentScopeExecutorOptions["agentFactory"];
  readonly #isInputRequired: (reply: Msg) => boolean;
  readonly #maxAgents: number;
  readonly #streamInterval: number;
  readonly #agents = new Map<string, Promise<AgentBase>>();
  readonly #running = new Map<string, AgentBase>();

  constructor(options: AgentScopeExecutorOptions) {
    this.#factory = options.agentFactory;
    this.#isInputRequired =
      options.isInputRequired ?? ((reply) => reply.metadata?.input_required === true);
    this.#maxAgents = Math.max(1, options.maxAgents ?? 1000);
    this.#streamInterval = options.streamInterval ?? 50;
  }

  /** Runs the context's agent on the request's message, publishing its events on `eventBus`. */
  execute = async (requestContext: RequestContext, eventBus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = requestContext;
    publishTask(requestContext, eventBus);
    const status: StatusPublisher = (state, parts, messageMetadata, messageId) =>
      publishStatus(eventBus, { taskId, contextId, state, parts, messageId, messageMetadata });
    status(TaskState.TASK_STATE_WORKING);

    let agent: AgentBase;
    try {
      agent = await this.#agentFor(contextId, requestContext);
    } catch (error) {
      status(TaskState.TASK_STATE_FAILED, [
        textPart(`Could not create the agent: ${errorMessage(error)}`),
      ]);
      return;
    }
    const input = a2aMessageToMsg("user", requestContext.userMessage);
    // Streamed text of one model message shares a status message id and says where each
    // fragment starts, so the task history keeps one whole entry per message (see
    // `foldStreamedText`) instead of one per chunk.
    const text = new DeltaCoalescer((msgId, delta, offset) => {
      status(
        TaskState.TASK_STATE_WORKING,
        [textPart(delta)],
        { msg_id: msgId, [TEXT_OFFSET_KEY]: offset },
        `${taskId}:${msgId}`,
      );
    }, this.#streamInterval);
    this.#running.set(taskId, agent);
    try {
      for await (const event of agent.stream(input)) {
        if (event.type === "model_chunk") {
          if (event.delta.text) text.push(event.msgId, event.delta.text);
          if (event.last) text.flush();
          continue;
        }
        text.flush();
        this.#publish(event, taskId, contextId, eventBus, status);
      }
    } catch (error) {
      text.flush();
      status(TaskState.TASK_STATE_FAILED, [textPart(`The agent failed: ${errorMessage(error)}`)]);
    } finally {
      text.flush();
      this.#running.delete(taskId);
    }
  };

  /** Interrupts the agent running `taskId`; its run then ends the task `canceled`. */
  cancelTask = async (taskId: string, eventBus: ExecutionEventBus): Promise<void> => {
    const agent = this.#running.get(taskId);
    if (agent) {
      await agent.interrupt("The A2A client canceled the task.");
      return;
    }
    publishStatus(eventBus, { taskId, contextId: "", state: TaskState.TASK_STATE_CANCELED });
  };

  #publish(
    event: AgentEvent,
    taskId: string,
    contextId: string,
    eventBus: ExecutionEventBus,
    status: StatusPublisher,
  ): void {
    switch (event.type) {
      case "tool_call":
        status(TaskState.TASK_STATE_WORKING, blocksToParts([event.toolUse]), {
          msg_id: event.msgId,
        });
        return;
      case "tool_result_chunk":
        if (event.last) {
          status(TaskState.TASK_STATE_WORKING, blocksToParts([event.toolResult]), {
            msg_id: event.msgId,
          });
        }
        return;
      case "reply": {
        const parts = blocksToParts(msgBlocks(event.msg).filter((b) => b.type !== "thinking"));
        if (event.interrupted) {
          status(TaskState.TASK_STATE_CANCELED, parts);
        } else if (this.#isInputRequired(event.msg)) {
          status(TaskState.TASK_STATE_INPUT_REQUIRED, parts, { msg_id: event.msgId });
        } else {
          eventBus.publish(
            A2AEvent.artifactUpdate({
              taskId,
              contextId,
              artifact: {
                artifactId: event.msg.id,
                name: "response",
                description: "",
                parts: parts.length > 0 ? parts : [textPart("")],
                metadata: { ...event.msg.metadata },
                extensions: [],
              },
              append: false,
              lastChunk: true,
              metadata: undefined,
            }),
          );
          status(TaskState.TASK_STATE_COMPLETED);
        }
        return;
      }
      case "error":
        status(TaskState.TASK_STATE_FAILED, [
          textPart(`The agent failed: ${errorMessage(event.error)}`),
        ]);
        return;
      default:
        return;
    }
  }

  async #agentFor(contextId: string, requestContext: RequestContext): Promise<AgentBase> {
    let agent = this.#agents.get(contextId);
    if (agent) {
      // Refresh its place in the LRU order.
      this.#agents.delete(contextId);
    } else {
      agent = Promise.resolve(this.#factory({ contextId, requestContext }));
      agent.catch(() => this.#agents.delete(contextId));
    }
    this.#agents.set(contextId, agent);
    while (this.#agents.size > this.#maxAgents) {
      const oldest = this.#agents.keys().next().value as string;
      this.#agents.delete(oldest);
    }
    return agent;
  }
}

type StatusPublisher = (
  state: TaskState,
  parts?: Part[],
  metadata?: Record<string, unknown>,
  messageId?: string,
) => void;
