// Test helpers: drive a streaming-input TTS model as an agent does (not part of the build).
import { Msg, type TTSModelBase, type TTSResponse } from "@agentscope-ts/core";

/** What happened while speaking a message, in order: `push:N`, `audio`, `last`. */
export interface SpokenMessage {
  events: string[];
  /** Every response that carried audio, in order. */
  audio: TTSResponse[];
  /** The final response (`isLast`). */
  last: TTSResponse | undefined;
}

/** The most `push` polls {@link speakInPieces} makes while waiting for a piece's audio. */
const MAX_POLLS = 2_000;

/** Polls `push(msg)` (no new text) until audio arrives; bounded by {@link MAX_POLLS}. */
async function untilAudio(tts: TTSModelBase, msg: Msg): Promise<TTSResponse> {
  for (let i = 0; i < MAX_POLLS; i++) {
    const response = await tts.push(msg);
    if (response.content) return response;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`no audio after ${MAX_POLLS} polls`);
}

/**
 * Speaks `pieces` as one message streamed in: pushes the growing message piece by piece (waiting
 * for the audio of each piece but the last before pushing the next, as a reply keeps streaming),
 * then finishes it with `synthesizeStream()`. Records the order of pushes and audio.
 */
export async function speakInPieces(
  tts: TTSModelBase,
  pieces: readonly string[],
  options: { waitForAudio?: boolean } = {},
): Promise<SpokenMessage> {
  const msg = new Msg({ name: "assistant", content: "", role: "assistant" });
  const events: string[] = [];
  const audio: TTSResponse[] = [];
  const take = (response: TTSResponse) => {
    if (!response.content) return;
    events.push("audio");
    audio.push(response);
  };
  for (let i = 0; i < pieces.length; i++) {
    msg.content = pieces.slice(0, i + 1).join("");
    const pushed = await tts.push(msg);
    events.push(`push:${i + 1}`);
    take(pushed);
    if ((options.waitForAudio ?? true) && i < pieces.length - 1) take(await untilAudio(tts, msg));
  }
  let last: TTSResponse | undefined;
  for await (const response of tts.synthesizeStream()) {
    take(response);
    if (response.isLast) {
      events.push("last");
      last = response;
    }
  }
  return { events, audio, last };
}
