import type { UserAgent } from "@agentscope-ts/core";
import type { StudioConnection } from "@agentscope-ts/studio";
import type { LineSource } from "../terminal/line-source.js";

/** Where a chat turn came from. */
export interface Turn {
  /** The line, or `null` when the terminal input ended. */
  line: string | null;
  /** Whether Studio answered (else the terminal). */
  fromStudio: boolean;
}

/**
 * The user's next chat turn, from the terminal or from Studio, whichever answers first: the
 * question is open in Studio's run page while the prompt waits. If Studio cannot take the
 * question (down for too long, timed out), the terminal alone answers.
 */
export async function nextTurn(
  lines: LineSource,
  studio: StudioConnection,
  user: UserAgent,
): Promise<Turn> {
  const stop = new AbortController();
  const never = new Promise<never>(() => {});
  const fromStudio = studio.userInput
    .call({ agentId: user.id, agentName: user.name, signal: stop.signal })
    .then(
      (data): Turn => ({
        line: data.blocksInput.map((block) => (block.type === "text" ? block.text : "")).join("\n"),
        fromStudio: true,
      }),
      () => never,
    );
  const fromTerminal = lines.next(stop.signal).then((line): Turn => ({ line, fromStudio: false }));
  try {
    return await Promise.race([fromStudio, fromTerminal]);
  } finally {
    stop.abort();
  }
}
