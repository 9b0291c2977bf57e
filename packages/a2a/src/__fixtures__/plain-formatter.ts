import { FormatterBase, type Msg } from "@agentscope-ts/core";

/** A small real formatter for tests: each message becomes `{ role, name, content }`. */
export class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    FormatterBase.assertListOfMsgs(msgs);
    return msgs.map((m) => ({ role: m.role, name: m.name, content: structuredClone(m.content) }));
  }
}
