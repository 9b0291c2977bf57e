import type { ContentBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import type { OutputSink } from "./output-sink.js";

/**
 * Prints messages, streamed or whole, to an {@link OutputSink} the way AgentScope's
 * `AgentBase.print` does: text and thinking blocks as `name: text` / `name(thinking): text`,
 * writing only what was not printed yet for the same message id, and other blocks (tool calls,
 * tool results) as indented JSON once the last chunk arrives. Media blocks are not printed.
 */
export class MessagePrinter {
  // What has been printed so far, per message id, for messages still streaming.
  readonly #printed = new Map<string, string>();

  /** Prints the part of `msg` not printed yet; `last` ends the message (and forgets its id). */
  print(msg: Msg, last: boolean, sink: OutputSink): void {
    const parts: string[] = [];
    let out = "";
    let printed = this.#printed.get(msg.id) ?? "";
    const blocks: ContentBlock[] =
      typeof msg.content === "string" ? [{ type: "text", text: msg.content }] : msg.content;
    for (const block of blocks) {
      if (block.type === "text" || block.type === "thinking") {
        const prefix = block.type === "text" ? msg.name : `${msg.name}(thinking)`;
        parts.push(`${prefix}: ${block.type === "text" ? block.text : block.thinking}`);
        const toPrint = parts.join("\n");
        if (toPrint.length > printed.length) {
          out += toPrint.slice(printed.length);
          printed = toPrint;
        }
      } else if (last && !isMedia(block)) {
        const json = JSON.stringify(block, null, 4);
        if (printed) {
          out += `${printed.endsWith("\n") ? "" : "\n"}${json}\n`;
        } else {
          out += `${msg.name}: ${json}\n`;
        }
      }
    }
    if (last) {
      this.#printed.delete(msg.id);
      if (printed && !printed.endsWith("\n") && !out.endsWith("\n")) out += "\n";
    } else if (printed) {
      this.#printed.set(msg.id, printed);
    }
    if (out) sink.write(out);
  }

  /** How many messages are mid-stream (printed in part, last chunk not seen yet). */
  get streaming(): number {
    return this.#printed.size;
  }
}

function isMedia(block: ContentBlock): boolean {
  return block.type === "image" || block.type === "audio" || block.type === "video";
}
