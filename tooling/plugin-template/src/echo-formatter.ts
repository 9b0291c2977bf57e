import { FormatterBase, type Msg } from "@agentscope-ts/core";

/** The message shape the echo API reads (what {@link EchoFormatter} produces). */
export type EchoMessage = { role: string; text: string };

/** The template's formatter: turns AgentScope messages into the plugin API's messages. */
export class EchoFormatter extends FormatterBase<EchoMessage> {
  async format(msgs: readonly Msg[]): Promise<EchoMessage[]> {
    FormatterBase.assertListOfMsgs(msgs);
    return msgs.map((m) => ({ role: m.role, text: m.getTextContent() ?? "" }));
  }
}
