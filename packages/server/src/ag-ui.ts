import { type Event as AgUiEvent, EventType } from "@ag-ui/core";
import type { StoredEvent } from "./backend.js";

interface Delta {
  text: string;
  thinking: string;
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (!Array.isArray(output)) return "";
  return output
    .map((b: { type?: string; text?: string }) => (b.type === "text" ? b.text : ""))
    .join("");
}

/** The AG-UI message id of the `n`th thinking segment of the model message `msgId`. */
export function reasoningMessageId(msgId: string, n = 1): string {
  return n === 1 ? `${msgId}-reasoning` : `${msgId}-reasoning-${n}`;
}

/**
 * Maps the service's events to the AG-UI protocol (`@ag-ui/core` event types) for one stream:
 * model text → TEXT_MESSAGE_* (message id = the AgentScope message id), thinking →
 * REASONING_MESSAGE_* under its own id (`<msgId>-reasoning`), tool calls → TOOL_CALL_* and
 * TOOL_CALL_RESULT, runs → RUN_STARTED / RUN_FINISHED (a parked run finishes with an
 * `interrupt` outcome naming the calls waiting for approval, or, when only client tool calls
 * wait, with `success` and their `pendingToolCallIds`) / RUN_ERROR; anything else is a CUSTOM
 * event.
 *
 * It keeps AG-UI's ordering rules across what the log can hold: a `run_resumed` of the run in
 * progress (another replica took over after a crash) closes the messages the dead replica left
 * open and becomes a CUSTOM `agentscope.run_resumed` event naming them, not a second
 * RUN_STARTED; every run end closes what is still open first; a stream that starts mid-run
 * (resumed with Last-Event-ID) opens the run and the message it lands in.
 */
export class AgUiMapper {
  readonly #threadId: string;
  #run: string | null = null;
  readonly #openText = new Set<string>();
  /** Open reasoning message id by model message id. */
  readonly #openThinking = new Map<string, string>();
  /** Thinking segments seen per model message (for distinct reasoning message ids). */
  readonly #segments = new Map<string, number>();

  constructor(threadId: string) {
    this.#threadId = threadId;
  }

  /** The AG-UI events for one stored event (possibly none, possibly several). */
  map(e: StoredEvent): AgUiEvent[] {
    if (e.type === "run_started" || e.type === "run_resumed") return this.#open(e);
    if (e.type === "reply_start" || e.type === "reply") return [];
    const out: AgUiEvent[] = this.#run === null ? this.#open(e) : [];
    const d = e.data;
    const run = { threadId: this.#threadId, runId: e.runId };
    switch (e.type) {
      case "run_finished":
        return this.#end(out, {
          type: EventType.RUN_FINISHED,
          ...run,
          outcome: { type: "success" },
        });
      case "run_interrupted":
        return this.#end(out, {
          type: EventType.RUN_FINISHED,
          ...run,
          outcome: { type: "cancelled" },
        });
      case "run_parked": {
        const pending = (d.pending ?? []) as {
          toolUse: { id: string; name: string };
          reason: string;
        }[];
        const approvals = pending.filter((p) => p.reason !== "client");
        if (approvals.length === 0) {
          // Only client tool calls wait: the run succeeded, leaving them for the client to run.
          const pendingToolCallIds = pending.map((p) => p.toolUse.id);
          return this.#end(out, {
            type: EventType.RUN_FINISHED,
            ...run,
            outcome: { type: "success", pendingToolCallIds },
          });
        }
        return this.#end(out, {
          type: EventType.RUN_FINISHED,
          ...run,
          outcome: {
            type: "interrupt",
            interrupts: approvals.map((p) => ({
              id: p.toolUse.id,
              toolCallId: p.toolUse.id,
              reason: p.reason,
              message: `The call of '${p.toolUse.name}' waits for approval: POST …/approvals/${p.toolUse.id}.`,
            })),
          },
        });
      }
      case "run_failed":
        return this.#end(out, {
          type: EventType.RUN_ERROR,
          message: String(d.message ?? "The run failed."),
        });
      case "model_chunk":
        out.push(...this.#chunk(String(d.msgId), d.delta as Delta, d.last === true));
        return out;
      case "tool_call": {
        const toolUse = d.toolUse as { id: string; name: string; input: unknown };
        out.push(
          {
            type: EventType.TOOL_CALL_START,
            toolCallId: toolUse.id,
            toolCallName: toolUse.name,
            ...(d.msgId ? { parentMessageId: String(d.msgId) } : {}),
          },
          {
            type: EventType.TOOL_CALL_ARGS,
            toolCallId: toolUse.id,
            delta: JSON.stringify(toolUse.input ?? {}),
          },
          { type: EventType.TOOL_CALL_END, toolCallId: toolUse.id },
        );
        return out;
      }
      case "tool_result_chunk": {
        if (d.last !== true) return out;
        const result = d.toolResult as { id: string; output: unknown };
        out.push({
          type: EventType.TOOL_CALL_RESULT,
          messageId: String(d.msgId),
          toolCallId: result.id,
          content: outputText(result.output),
          role: "tool",
        });
        return out;
      }
      default:
        out.push({ type: EventType.CUSTOM, name: e.type, value: d });
        return out;
    }
  }

  // Opens `e`'s run, or, when it is already open here (a replica took it over), closes what the
  // previous holder left open and says so.
  #open(e: StoredEvent): AgUiEvent[] {
    if (this.#run === e.runId) {
      const closed = this.#closeAll();
      const messageIds = closed.flatMap((c) => ("messageId" in c ? [c.messageId] : []));
      return [
        ...closed,
        { type: EventType.CUSTOM, name: "agentscope.run_resumed", value: { messageIds } },
      ];
    }
    const out: AgUiEvent[] = [];
    if (this.#run !== null) {
      // The log moved to another run without ending this one: end it here.
      out.push(...this.#closeAll(), {
        type: EventType.RUN_FINISHED,
        threadId: this.#threadId,
        runId: this.#run,
        outcome: { type: "cancelled" },
      });
    }
    this.#run = e.runId;
    out.push({ type: EventType.RUN_STARTED, threadId: this.#threadId, runId: e.runId });
    return out;
  }

  #end(out: AgUiEvent[], last: AgUiEvent): AgUiEvent[] {
    out.push(...this.#closeAll(), last);
    this.#run = null;
    return out;
  }

  // Ends every message still open, reasoning first.
  #closeAll(): AgUiEvent[] {
    const out: AgUiEvent[] = [];
    for (const id of this.#openThinking.values()) {
      out.push({ type: EventType.REASONING_MESSAGE_END, messageId: id });
    }
    for (const id of this.#openText) out.push({ type: EventType.TEXT_MESSAGE_END, messageId: id });
    this.#openThinking.clear();
    this.#openText.clear();
    return out;
  }

  #chunk(msgId: string, delta: Delta, last: boolean): AgUiEvent[] {
    const out: AgUiEvent[] = [];
    if (delta.thinking) {
      let id = this.#openThinking.get(msgId);
      if (id === undefined) {
        const n = (this.#segments.get(msgId) ?? 0) + 1;
        this.#segments.set(msgId, n);
        id = reasoningMessageId(msgId, n);
        this.#openThinking.set(msgId, id);
        out.push({ type: EventType.REASONING_MESSAGE_START, messageId: id, role: "reasoning" });
      }
      out.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: id, delta: delta.thinking });
    }
    if (delta.text) {
      out.push(...this.#endThinking(msgId));
      if (!this.#openText.has(msgId)) {
        this.#openText.add(msgId);
        out.push({ type: EventType.TEXT_MESSAGE_START, messageId: msgId, role: "assistant" });
      }
      out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: msgId, delta: delta.text });
    }
    if (last) {
      out.push(...this.#endThinking(msgId));
      if (this.#openText.delete(msgId)) {
        out.push({ type: EventType.TEXT_MESSAGE_END, messageId: msgId });
      }
    }
    return out;
  }

  #endThinking(msgId: string): AgUiEvent[] {
    const id = this.#openThinking.get(msgId);
    if (id === undefined) return [];
    this.#openThinking.delete(msgId);
    return [{ type: EventType.REASONING_MESSAGE_END, messageId: id }];
  }
}
