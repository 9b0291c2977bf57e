import { FormatterBase } from "../formatter/formatter-base.js";
import type { Msg } from "../message/msg.js";

/**
 * A formatter for tests and examples that need no provider format: each message becomes
 * `{ role, name, content }` with a copy of its content. Pair it with `ScriptedChatModel`.
 */
export class PlainFormatter extends FormatterBase<Record<string, unknown>> {
  override async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    FormatterBase.assertListOfMsgs(msgs);
    return msgs.map((m) => ({ role: m.role, name: m.name, content: structuredClone(m.content) }));
  }
}
