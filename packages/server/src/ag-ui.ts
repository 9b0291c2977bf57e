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

/**
 * Maps the service's events to the AG-UI protocol (`@ag-ui/core` event types) for one stream:
 * model text → TEXT_MESSAGE_*, thinking → REASONING_MESSAGE_*, tool calls → TOOL_CALL_* and
 * TOOL_CALL_RESULT, runs → RUN_STARTED / RUN_FINISHED (a parked run finishes with an `interrupt`
 * outcome naming the calls waiting for approval) / RUN_ERROR; anything else is a CUSTOM event.
 * It remembers which messages it opened, so a stream resumed mid-message opens it again.
 */
export class AgUiMapper {
  readonly #threadId: string;
  readonly #openText = new Set<string>();
  readonly #openThinking = new Set<string>();

  constructor(threadId: string) {
    this.#threadId = threadId;
  }

  /** The AG-UI events for one stored event (possibly none, possibly several). */
  map(e: StoredEvent): AgUiEvent[] {
    const d = e.data;
    const run = { threadId: this.#threadId, runId: e.runId };
    switch (e.type) {
      case "run_started":
      case "run_resumed":
        return [{ type: EventType.RUN_STARTED, ...run }];
      case "run_finished":
        return [{ type: EventType.RUN_FINISHED, ...run, outcome: { type: "success" } }];
      case "run_interrupted":
        return [{ type: EventType.RUN_FINISHED, ...run, outcome: { type: "cancelled" } }];
      case "run_parked": {
        const pending = (d.pending ?? []) as {
          toolUse: { id: string; name: string };
          reason: string;
        }[];
        return [
          {
            type: EventType.RUN_FINISHED,
            ...run,
            outcome: {
              type: "interrupt",
              interrupts: pending.map((p) => ({
                id: p.toolUse.id,
                toolCallId: p.toolUse.id,
                reason: p.reason,
                message: `The call of '${p.toolUse.name}' waits for approval: POST …/approvals/${p.toolUse.id}.`,
              })),
            },
          },
        ];
      }
      case "run_failed":
        return [{ type: EventType.RUN_ERROR, message: String(d.message ?? "The run failed.") }];
      case "model_chunk":
        return this.#chunk(String(d.msgId), d.delta as Delta, d.last === true);
      case "tool_call": {
        const toolUse = d.toolUse as { id: string; name: string; input: unknown };
        return [
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
        ];
      }
      case "tool_result_chunk": {
        if (d.last !== true) return [];
        const result = d.toolResult as { id: string; output: unknown };
        return [
          {
            type: EventType.TOOL_CALL_RESULT,
            messageId: String(d.msgId),
            toolCallId: result.id,
            content: outputText(result.output),
            role: "tool",
          },
        ];
      }
      case "reply_start":
      case "reply":
        return [];
      default:
        return [{ type: EventType.CUSTOM, name: e.type, value: d }];
    }
  }

  #chunk(messageId: string, delta: Delta, last: boolean): AgUiEvent[] {
    const out: AgUiEvent[] = [];
    if (delta.thinking) {
      if (!this.#openThinking.has(messageId)) {
        this.#openThinking.add(messageId);
        out.push({ type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" });
      }
      out.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: delta.thinking });
    }
    if (delta.text) {
      if (this.#openThinking.delete(messageId)) {
        out.push({ type: EventType.REASONING_MESSAGE_END, messageId });
      }
      if (!this.#openText.has(messageId)) {
        this.#openText.add(messageId);
        out.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
      }
      out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: delta.text });
    }
    if (last) {
      if (this.#openThinking.delete(messageId)) {
        out.push({ type: EventType.REASONING_MESSAGE_END, messageId });
      }
      if (this.#openText.delete(messageId))
        out.push({ type: EventType.TEXT_MESSAGE_END, messageId });
    }
    return out;
  }
}
