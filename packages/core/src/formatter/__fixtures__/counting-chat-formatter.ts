import type { Msg } from "../../message/msg.js";
import { TruncatedFormatterBase } from "../truncated-formatter-base.js";

/** One formatted message of {@link CountingChatFormatter}. */
export type CountedMessage = Record<string, unknown>;

/**
 * A chat formatter in the style of the providers' (one entry per message; a later system message
 * sent as the user's, as Anthropic's does) that records the `start` of every formatMessagesFrom
 * call: 0 for a full format, more when a history let it format only the appended messages.
 */
export class CountingChatFormatter extends TruncatedFormatterBase {
  /** The `start` of every formatMessagesFrom call. */
  starts: number[] = [];

  protected override formatMessages(msgs: Msg[]): Promise<CountedMessage[]> {
    return this.formatMessagesFrom(msgs, 0);
  }

  protected override async formatMessagesFrom(
    msgs: Msg[],
    start: number,
  ): Promise<CountedMessage[]> {
    this.starts.push(start);
    return msgs.slice(start).map((m, i) => ({
      role: m.role === "system" && start + i > 0 ? "user" : m.role,
      name: m.name,
      content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
    }));
  }
}
