import { historyPieces, type Msg, MultiAgentFormatterBase } from "@agentscope-ts/core";
import { EchoFormatter, type EchoMessage } from "./echo-formatter.js";

/**
 * The template's multi-agent formatter, from core's provider kit: several agents' turns become one
 * user message whose `name: text` lines sit in `<history>` tags; tool runs go through
 * {@link EchoFormatter}.
 */
export class EchoMultiAgentFormatter extends MultiAgentFormatterBase<EchoMessage> {
  protected createToolFormatter(): EchoFormatter {
    return new EchoFormatter();
  }

  protected override async formatSystemMessage(msg: Msg): Promise<EchoMessage> {
    return { role: "system", text: msg.getTextContent() ?? "" };
  }

  protected override async formatAgentMessage(msgs: Msg[], isFirst: boolean) {
    const pieces = await historyPieces(msgs, this.historyPrompt(isFirst));
    const text = pieces.map((piece) => ("text" in piece ? piece.text : "")).join("");
    return text ? [{ role: "user", text }] : [];
  }
}
