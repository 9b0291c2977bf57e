import type { AgentScopeError } from "../errors/agentscope-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolResultBlock, ToolUseBlock } from "../message/index.js";
import type { Toolkit } from "../tool/toolkit.js";
import { base64ToBytes, bytesToBase64 } from "../utils/base64.js";
import { shortUuid } from "../utils/short-uuid.js";
import type { ClientEvent } from "./client-events.js";
import type { ModelEvent } from "./model-events.js";
import type { RealtimeModelBase } from "./realtime-model-base.js";
import { RealtimeSessionTracer } from "./realtime-tracing.js";
import { resamplePcm16 } from "./resample-pcm16.js";
import {
  type AgentEventSource,
  isForwardedModelEvent,
  type ServerEvent,
  serverEventFromModelEvent,
} from "./server-events.js";

/** Default {@link RealtimeAgentOptions.approvalTimeout}: 60 s for a decision on a tool call. */
export const DEFAULT_TOOL_APPROVAL_TIMEOUT_MS = 60_000;

/** Decides whether a tool call may run (a person's approval, a policy); `false` refuses it. */
export type ToolCallApprover = (
  toolUse: ToolUseBlock,
  context: { signal: AbortSignal; agent: RealtimeAgent },
) => boolean | Promise<boolean>;

/** Options of a {@link RealtimeAgent}: AgentScope's `RealtimeAgent(name, sys_prompt, model, toolkit)`. */
export interface RealtimeAgentOptions {
  /** The agent's name. */
  name: string;
  /** The system prompt (the session's instructions). */
  sysPrompt: string;
  /** The realtime model; it holds one session, so give each agent its own. */
  model: RealtimeModelBase;
  /** The tools the model may call; they run with the toolkit's timeouts and caps. */
  toolkit?: Toolkit | undefined;
  /** Asked before each tool call runs; a refusal answers the model with a refusal result. */
  approveToolCall?: ToolCallApprover | undefined;
  /** The longest wait for `approveToolCall`, in ms (then the call is refused); `null` = none. Default 60 000. */
  approvalTimeout?: number | null;
}

/** Receives what a realtime agent says and does, as {@link ServerEvent}s. */
export type RealtimeEventHandler = (event: ServerEvent) => void;

interface RunningCall {
  toolUse: ToolUseBlock;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * A voice agent over one realtime model session: AgentScope's `RealtimeAgent`. `start(onEvent)`
 * opens the session with the system prompt and the toolkit's tools; `handleInput` takes the
 * user's client events (audio, text, images, commit, cancel, front-end tool results) and other
 * agents' speech; every model event comes out as an `agent_*` event. Tool calls run through the
 * `Toolkit` (its timeouts and output caps, after `approveToolCall`) and their results go back to
 * the model, which then answers. User speech while the agent answers cancels the answer and cuts
 * its audio (barge-in). Every event is traced. When the session ends (stop, failure) running tool
 * calls are aborted and each still gets its `agent_response_tool_result`, then `agent_ended`.
 */
export class RealtimeAgent {
  /** A unique id. */
  readonly id: string = shortUuid();
  /** The agent's name. */
  readonly name: string;
  /** The system prompt. */
  readonly sysPrompt: string;
  /** The realtime model. */
  readonly model: RealtimeModelBase;
  /** The tools, if any. */
  readonly toolkit: Toolkit | undefined;
  readonly #approve: ToolCallApprover | undefined;
  readonly #approvalTimeout: number | null;
  readonly #running = new Map<string, RunningCall>();
  #onEvent: RealtimeEventHandler | undefined;
  #tracer: RealtimeSessionTracer | undefined;
  #state: "idle" | "running" | "ended" = "idle";
  #ended: Promise<void> | undefined;

  constructor(options: RealtimeAgentOptions) {
    const issues = [];
    if (typeof options?.name !== "string" || options.name === "")
      issues.push({ path: "name", message: "required (expected a non-empty string)" });
    if (typeof options?.sysPrompt !== "string")
      issues.push({ path: "sysPrompt", message: "required (expected a string)" });
    if (typeof options?.model?.connect !== "function")
      issues.push({ path: "model", message: "required (expected a RealtimeModelBase)" });
    const timeout = options?.approvalTimeout;
    if (timeout !== undefined && timeout !== null && !(typeof timeout === "number" && timeout > 0))
      issues.push({
        path: "approvalTimeout",
        message: "expected a positive number of milliseconds or null",
      });
    if (issues.length > 0) throw new ValidationError("RealtimeAgent options", issues);
    this.name = options.name;
    this.sysPrompt = options.sysPrompt;
    this.model = options.model;
    this.toolkit = options.toolkit;
    this.#approve = options.approveToolCall;
    this.#approvalTimeout = timeout === null ? null : (timeout ?? DEFAULT_TOOL_APPROVAL_TIMEOUT_MS);
  }

  /** The error that ended the session, when one did (a `ModelError` or `InterruptedError`). */
  get error(): AgentScopeError | undefined {
    return this.model.error;
  }

  /** How many tool calls are running now. */
  get pendingToolCalls(): number {
    return this.#running.size;
  }

  /**
   * Opens the model session and starts forwarding: events go to `onEvent`. Throws what
   * `model.connect` throws (a `ModelError` naming `connectTimeout`, an `InterruptedError`).
   */
  async start(
    onEvent: RealtimeEventHandler,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    if (this.#state !== "idle") {
      throw new StateError(
        `RealtimeAgent ${this.name} was already started; create a new agent (and model) for a new session.`,
      );
    }
    this.#state = "running";
    this.#onEvent = onEvent;
    this.#tracer = new RealtimeSessionTracer(this, this.model);
    try {
      await this.model.connect({
        instructions: this.sysPrompt,
        tools: this.toolkit?.getJsonSchemas(),
        onEvent: (event) => this.#onModelEvent(event),
        signal: options.signal,
      });
    } catch (error) {
      this.#state = "ended";
      this.#tracer.end(error);
      throw error;
    }
  }

  /** Ends the session: running tool calls are aborted and answered, then `agent_ended`. */
  async stop(): Promise<void> {
    if (this.#state === "idle") {
      this.#state = "ended";
      return;
    }
    await this.model.close("stopped by the agent");
    await this.#ended;
  }

  /**
   * Takes one input: the user's client events, or another agent's server events (its speech is
   * heard: audio resampled to this model's rate). Events it has no use for are ignored. A
   * `StateError` when the agent is not running.
   */
  async handleInput(event: ClientEvent | ServerEvent): Promise<void> {
    if (this.#state !== "running" || this.model.state !== "open") {
      throw new StateError(
        `RealtimeAgent ${this.name} is not running (${this.#state}); call start() first${this.error ? `; its session ended: ${this.error.message}` : ""}.`,
      );
    }
    switch (event.type) {
      case "client_audio_append":
        await this.model.send(this.#audio(event.audio, event.format.type, event.format.rate));
        return;
      case "agent_response_audio_delta":
        if (event.agent_id === this.id) return;
        await this.model.send(this.#audio(event.delta, event.format.type, event.format.rate));
        return;
      case "client_text_append":
        await this.model.send({ type: "text", text: event.text });
        return;
      case "client_image_append":
        await this.model.send({
          type: "image",
          source: {
            type: "base64",
            media_type: typeof event.format.type === "string" ? event.format.type : "image/jpeg",
            data: event.image,
          },
        });
        return;
      case "client_audio_commit":
        await this.model.commitAudio();
        return;
      case "client_response_create":
        await this.model.createResponse();
        return;
      case "client_response_cancel":
        await this.#bargeIn("client_response_cancel");
        return;
      case "client_tool_result": {
        const result: ToolResultBlock = {
          type: "tool_result",
          id: event.id,
          name: event.name,
          output: event.output,
        };
        await this.model.send(result);
        await this.model.createResponse();
        this.#emit({ type: "agent_response_tool_result", tool_result: result, ...this.#source() });
        return;
      }
      default:
        return;
    }
  }

  #audio(data: string, mediaType: string, rate: number) {
    const target = this.model.inputSampleRate;
    const resampled =
      rate === target ? data : bytesToBase64(resamplePcm16(base64ToBytes(data), rate, target));
    return {
      type: "audio" as const,
      source: { type: "base64" as const, media_type: mediaType || "audio/pcm", data: resampled },
    };
  }

  #source(): AgentEventSource {
    return { agent_id: this.id, agent_name: this.name };
  }

  #emit(event: ServerEvent): void {
    try {
      this.#onEvent?.(event);
    } catch {
      // A failing listener must not stop the session.
    }
  }

  #onModelEvent(event: ModelEvent): void {
    const tracer = this.#tracer;
    switch (event.type) {
      case "model_session_created":
        tracer?.event(event.type, { "agentscope.realtime.session_id": event.session_id });
        this.#emit({ type: "agent_ready", ...this.#source() });
        return;
      case "model_session_ended":
        this.#ended = this.#end(event.reason);
        return;
      case "model_response_created":
        tracer?.responseCreated(event.response_id);
        break;
      case "model_response_done":
        tracer?.responseDone(
          event.response_id,
          { input: event.input_tokens, output: event.output_tokens },
          event.metadata.status ?? "completed",
        );
        break;
      case "model_response_audio_delta":
        tracer?.delta(event.response_id, "audio", 1);
        break;
      case "model_response_audio_transcript_delta":
        tracer?.delta(event.response_id, "transcript", event.delta.length);
        break;
      case "model_response_tool_use_done":
        tracer?.event(event.type, {
          "gen_ai.tool.call.id": event.tool_use.id,
          "gen_ai.tool.name": event.tool_use.name,
        });
        this.#emit(serverEventFromModelEvent(event, this.#source()));
        if (this.toolkit) this.#startCall(event.tool_use);
        return;
      case "model_input_started":
        tracer?.event(event.type);
        if (this.model.responseActive) void this.#bargeIn("model_input_started");
        break;
      case "model_error":
        tracer?.event(event.type, { "error.type": event.error_type }, new Error(event.message));
        break;
      case "model_websocket_connect":
      case "model_websocket_disconnect":
        tracer?.event(event.type);
        return;
      default:
        if (event.type !== "model_response_tool_use_delta") tracer?.event(event.type);
    }
    if (isForwardedModelEvent(event)) this.#emit(serverEventFromModelEvent(event, this.#source()));
  }

  async #bargeIn(cause: string): Promise<void> {
    if (this.model.state !== "open") return;
    try {
      const info = await this.model.cancelResponse();
      this.#tracer?.event("barge_in", {
        "agentscope.realtime.cause": cause,
        "agentscope.realtime.audio_end_ms": info.audioEndMs,
        "agentscope.realtime.response_active": info.responseActive,
      });
    } catch (error) {
      this.#tracer?.event("barge_in", { "agentscope.realtime.cause": cause }, error);
    }
  }

  #startCall(toolUse: ToolUseBlock): void {
    const controller = new AbortController();
    const call: RunningCall = { toolUse, controller, done: Promise.resolve() };
    this.#running.set(toolUse.id, call);
    call.done = this.#runCall(call).finally(() => this.#running.delete(toolUse.id));
  }

  async #runCall({ toolUse, controller }: RunningCall): Promise<void> {
    const { signal } = controller;
    let output: ToolResultBlock["output"];
    const refusal = await this.#approval(toolUse, signal);
    if (refusal !== undefined) {
      output = refusal;
    } else {
      let last: ToolResultBlock["output"] | undefined;
      for await (const chunk of (this.toolkit as Toolkit).callTool(toolUse, { signal })) {
        last = chunk.content;
      }
      output = last ?? [];
    }
    const result: ToolResultBlock = {
      type: "tool_result",
      id: toolUse.id,
      name: toolUse.name,
      output,
    };
    if (!signal.aborted && this.model.state === "open") {
      try {
        await this.model.send(result);
        await this.model.createResponse();
      } catch (error) {
        this.#tracer?.event("tool_result_not_sent", { "gen_ai.tool.call.id": toolUse.id }, error);
      }
    }
    this.#tracer?.event("agent_response_tool_result", {
      "gen_ai.tool.call.id": toolUse.id,
      "gen_ai.tool.name": toolUse.name,
    });
    this.#emit({ type: "agent_response_tool_result", tool_result: result, ...this.#source() });
  }

  /** `undefined` when the call may run, else the refusal text the model reads. */
  async #approval(toolUse: ToolUseBlock, signal: AbortSignal): Promise<string | undefined> {
    if (!this.#approve) return undefined;
    const refused = (why: string) =>
      `ToolRefusedError: the call to '${toolUse.name}' was not run: ${why}.`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const decision = await Promise.race([
        Promise.resolve(this.#approve(toolUse, { signal, agent: this })),
        new Promise<"timeout" | "aborted">((resolve) => {
          if (this.#approvalTimeout !== null)
            timer = setTimeout(() => resolve("timeout"), this.#approvalTimeout);
          signal.addEventListener("abort", () => resolve("aborted"), { once: true });
        }),
      ]);
      if (decision === true) return undefined;
      if (decision === "timeout")
        return refused(`no approval within approvalTimeout (${this.#approvalTimeout} ms)`);
      if (decision === "aborted") return refused("the session ended before it was approved");
      return refused("the user refused it");
    } catch (error) {
      return refused(
        `the approval failed (${error instanceof Error ? error.message : String(error)})`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async #end(reason: string): Promise<void> {
    const calls = [...this.#running.values()];
    for (const call of calls) call.controller.abort(new StateError(`session ended: ${reason}`));
    await Promise.allSettled(calls.map((c) => c.done));
    this.#state = "ended";
    this.#tracer?.event("agent_ended", { "agentscope.realtime.reason": reason });
    this.#tracer?.end(this.model.error);
    this.#emit({ type: "agent_ended", ...this.#source() });
  }
}
