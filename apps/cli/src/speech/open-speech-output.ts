import { resolve } from "node:path";
import type { AgentSetup } from "../agent/set-up-agent.js";
import type { CliOptions } from "../args/parse-args.js";
import type { CliIO } from "../cli-io.js";
import { findPlayer, PLAYER_NAMES } from "./audio-player.js";
import { SpeechOutput } from "./speech-output.js";

/**
 * The speech output of a chat or run with `--speak` / `--speak-to` (`undefined` without them):
 * `--speak` streams to the first player on `PATH` (a note says so when there is none; `--speak-to`
 * still writes its files), `--speak-to DIR` writes `reply-<n>.wav` files there.
 */
export function openSpeechOutput(
  setup: AgentSetup,
  options: CliOptions,
  io: CliIO,
  note: (text: string) => void,
): SpeechOutput | undefined {
  if (!setup.tts) return undefined;
  const player = options.speak ? findPlayer(io.env) : undefined;
  if (options.speak && !player) {
    note(
      `--speak: no audio player on PATH (looked for ${PLAYER_NAMES.join(", ")}); install alsa-utils or ffmpeg, or write the speech to files with --speak-to DIR`,
    );
  }
  return new SpeechOutput({
    ...(options.speakTo !== undefined ? { dir: resolve(io.cwd, options.speakTo) } : {}),
    ...(player ? { player } : {}),
    note,
  });
}
