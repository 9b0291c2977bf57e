import type { AgentEvent, ToolResultBlock, ToolUseBlock } from "@agentscope-ts/core";
import type { Style, TextOutput } from "./style.js";

/** Options of {@link EventRenderer}. */
export interface EventRendererOptions {
  /** The agent's name, written before its messages. */
  agentName: string;
  /** Write the model's text and thinking as they stream (chat); `false` shows tools only (run). */
  streamText: boolean;
  /** The most characters of a tool call's input shown. Default 160. */
  maxInputChars?: number;
  /** The most characters of a tool result shown. Default 200. */
  maxResultChars?: number;
}

/** Folds whitespace and cuts `text` to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}… (+${flat.length - max} chars)` : flat;
}

/** The text of a tool result in one short line: text blocks, and `[image]` etc. for media. */
export function summarizeToolResult(result: ToolResultBlock, max: number): string {
  const output = result.output;
  if (typeof output === "string") return clip(output, max);
  const parts = output.map((block) => (block.type === "text" ? block.text : `[${block.type}]`));
  return clip(parts.join(" "), max) || "(no output)";
}

/**
 * Draws an agent's stream events in a terminal: the reply's text as it streams (thinking dimmed,
 * the agent's name before each message), each tool call as `→ name {input}` and its result as
 * `← name: output`, both cut to one line. A reply that was not streamed (e.g. the answer to an
 * interruption) is written when it arrives.
 */
export class EventRenderer {
  readonly #out: TextOutput;
  readonly #style: Style;
  readonly #options: Required<EventRendererOptions>;
  #atLineStart = true;
  #mode: "none" | "thinking" | "text" = "none";
  #msgId = "";
  readonly #streamed = new Set<string>();
  /** Ids of the tool calls drawn in this reply (by their event or by {@link toolCall}). */
  readonly #drawnCalls = new Set<string>();

  constructor(out: TextOutput, style: Style, options: EventRendererOptions) {
    this.#out = out;
    this.#style = style;
    this.#options = { maxInputChars: 160, maxResultChars: 200, ...options };
  }

  /**
   * Draws a tool call's `→ name {input}` line once: now, or not again if its `tool_call` event
   * drew it. The confirmation question calls this, because it is asked before the agent's event
   * reaches the terminal, and it must come after this line.
   */
  toolCall(toolUse: ToolUseBlock): void {
    if (this.#drawnCalls.has(toolUse.id)) return;
    this.#drawnCalls.add(toolUse.id);
    this.#drawToolCall(toolUse);
  }

  #drawToolCall(toolUse: ToolUseBlock): void {
    const input = clip(JSON.stringify(toolUse.input ?? {}), this.#options.maxInputChars);
    this.newline();
    this.#write(`${this.#style.cyan(`→ ${toolUse.name}`)} ${input}\n`);
    this.#mode = "none";
  }

  /** Draws one event. */
  render(event: AgentEvent): void {
    switch (event.type) {
      case "model_chunk": {
        if (!this.#options.streamText) return;
        if (event.msgId !== this.#msgId) {
          this.#msgId = event.msgId;
          this.#mode = "none";
        }
        const { thinking, text } = event.delta;
        if (thinking) {
          if (this.#mode !== "thinking") {
            this.newline();
            this.#write(this.#style.dim("thinking: "));
            this.#mode = "thinking";
          }
          this.#write(this.#style.dim(thinking));
        }
        if (text) {
          if (this.#mode !== "text") {
            this.newline();
            this.#write(this.#style.bold(`${this.#options.agentName}: `));
            this.#mode = "text";
          }
          this.#write(text);
          this.#streamed.add(event.msgId);
        }
        if (event.last) {
          this.newline();
          this.#mode = "none";
        }
        return;
      }
      case "tool_call": {
        this.toolCall(event.toolUse);
        return;
      }
      case "tool_result_chunk": {
        if (!event.last) return;
        const summary = summarizeToolResult(event.toolResult, this.#options.maxResultChars);
        this.newline();
        this.#write(this.#style.dim(`← ${event.toolResult.name}: ${summary}`));
        this.#write("\n");
        this.#mode = "none";
        return;
      }
      case "reply": {
        this.#drawnCalls.clear();
        if (!this.#options.streamText) return;
        if (event.interrupted || !this.#streamed.has(event.msgId)) {
          const text = event.msg?.getTextContent() ?? "";
          if (text) {
            this.newline();
            this.#write(`${this.#style.bold(`${this.#options.agentName}: `)}${text}\n`);
          }
        }
        this.#streamed.clear();
        this.#mode = "none";
        return;
      }
      default:
        return;
    }
  }

  /** Ends the current line if something was written on it. */
  newline(): void {
    if (!this.#atLineStart) this.#write("\n");
  }

  /** Writes a whole line of the CLI's own (a notice), on a line of its own. */
  note(text: string): void {
    this.newline();
    this.#write(`${text}\n`);
    this.#mode = "none";
  }

  #write(text: string): void {
    if (!text) return;
    this.#out.write(text);
    this.#atLineStart = text.endsWith("\n");
  }
}
