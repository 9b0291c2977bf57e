import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** A command-line audio player the CLI can speak through. */
export interface PlayerCommand {
  /** `aplay`, `ffplay` or `afplay`. */
  name: "aplay" | "ffplay" | "afplay";
  /** Its full path. */
  path: string;
}

/** The players looked for, in order. */
export const PLAYER_NAMES: readonly PlayerCommand["name"][] = ["aplay", "ffplay", "afplay"];

/** The first of `aplay`, `ffplay`, `afplay` that is an executable on `PATH`, or `undefined`. */
export function findPlayer(env: NodeJS.ProcessEnv): PlayerCommand | undefined {
  const dirs = (env.PATH ?? "").split(delimiter).filter((d) => d !== "");
  for (const name of PLAYER_NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        return { name, path };
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/**
 * The arguments that make `player` play 16-bit little-endian PCM from standard input
 * (`aplay`, `ffplay`), or the WAV file `file` (`afplay` reads no pipe).
 */
export function playerArgs(
  player: PlayerCommand,
  format: { sampleRate: number; channels: number },
  file?: string,
): string[] {
  const rate = String(format.sampleRate);
  const channels = String(format.channels);
  switch (player.name) {
    case "aplay":
      return ["-q", "-t", "raw", "-f", "S16_LE", "-r", rate, "-c", channels, "-"];
    case "ffplay":
      return [
        "-nodisp",
        "-autoexit",
        "-loglevel",
        "error",
        "-f",
        "s16le",
        "-ar",
        rate,
        "-ac",
        channels,
        "-i",
        "-",
      ];
    case "afplay":
      return [file ?? ""];
  }
}

/** Starts `player` with `args`; its output is dropped, its errors go to `onError` once. */
export function startPlayer(
  player: PlayerCommand,
  args: string[],
  onError: (message: string) => void,
): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(player.path, args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (data: Buffer) => {
    if (stderr.length < 2000) stderr += data.toString("utf8");
  });
  child.stdin?.on("error", () => {
    // the player quit early: its exit reports it
  });
  const exited = new Promise<void>((resolve) => {
    child.once("error", (error) => {
      onError(`${player.name} could not start: ${error.message}`);
      resolve();
    });
    child.once("exit", (code, signal) => {
      if (code !== 0 && signal === null) {
        onError(
          `${player.name} exited with code ${code}${stderr ? `: ${stderr.trim().split("\n")[0]}` : ""}`,
        );
      }
      resolve();
    });
  });
  return { child, exited };
}
