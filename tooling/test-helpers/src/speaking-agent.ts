import {
  type AgentEvent,
  type AudioBlock,
  Msg,
  ReActAgent,
  type TTSModelBase,
} from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";

/** What a {@link speakingAgentTurn} saw. */
export interface SpokenTurn {
  /** The final reply's text. */
  text: string;
  /** The speech of the reply, in the order the `speech` events brought it. */
  speech: AudioBlock[];
  /** The event types in order (`model_chunk`, `speech`, `warning`, `reply`…). */
  order: string[];
  /** The `warning` events (a failing TTS model stops the speech, not the reply). */
  warnings: Extract<AgentEvent, { type: "warning" }>[];
}

/**
 * One turn of a streaming `ReActAgent` that speaks through `ttsModel`: a scripted chat model
 * streams `answer` (in `chunkSize`-character chunks) and the agent's `stream()` events are
 * collected, so a provider package can check its TTS model end to end in an agent.
 */
export async function speakingAgentTurn(
  ttsModel: TTSModelBase,
  answer: string,
  chunkSize = 12,
): Promise<SpokenTurn> {
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model: new ScriptedChatModel({ script: [scriptedText(answer)], chunkSize }),
    formatter: new PlainFormatter(),
    ttsModel,
  });
  agent.setConsoleOutputEnabled(false);
  const turn: SpokenTurn = { text: "", speech: [], order: [], warnings: [] };
  for await (const event of agent.stream(new Msg("user", "What is the weather like?", "user"))) {
    turn.order.push(event.type);
    if (event.type === "speech") turn.speech.push(...event.speech);
    if (event.type === "warning") turn.warnings.push(event);
    if (event.type === "reply") turn.text = event.msg.getTextContent() ?? "";
    if (event.type === "error") throw event.error;
  }
  return turn;
}
