import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AgentEvent,
  type AudioBlock,
  audioBlockPcm,
  audioBlocksToWav,
  pcm16DurationMs,
} from "@agentscope-ts/core";
import { type PlayerCommand, playerArgs, startPlayer } from "./audio-player.js";

/** The longest a player may take beyond the audio it was given, when the CLI waits for it. */
const PLAYER_GRACE_MS = 5000;

/** The most audio (bytes of PCM) one reply keeps for its WAV file or a non-streaming player. */
export const MAX_REPLY_AUDIO_BYTES = 256 * 1024 * 1024;

/** Options of {@link SpeechOutput}. */
export interface SpeechOutputOptions {
  /** `--speak-to DIR`: each reply's speech goes to `DIR/reply-<n>.wav`. */
  dir?: string;
  /** `--speak`: the player to stream the speech to (`undefined`: none found). */
  player?: PlayerCommand;
  /** Where notes (files written, player failures) go. */
  note: (text: string) => void;
}

/** The first free `n` for `reply-<n>.wav` in `dir` (1, or one past the highest there). */
export function nextReplyNumber(dir: string): number {
  let highest = 0;
  for (const name of readdirSync(dir)) {
    const n = /^reply-(\d+)\.wav$/.exec(name)?.[1];
    if (n !== undefined) highest = Math.max(highest, Number(n));
  }
  return highest + 1;
}

/**
 * Where the agent's speech goes in the terminal: `speech` events of a reply are streamed to the
 * system's player as they arrive (`aplay`/`ffplay` read PCM from a pipe; `afplay` plays the
 * reply's WAV once it is complete), and the reply's speech is written to `reply-<n>.wav` at
 * {@link endReply}. One reply plays after the other, never over it.
 */
export class SpeechOutput {
  readonly #options: SpeechOutputOptions;
  #blocks: AudioBlock[] = [];
  #bytes = 0;
  #replies: number | undefined;
  #player: { stdin: NodeJS.WritableStream | null; exited: Promise<void> } | undefined;
  #playing: Promise<void> = Promise.resolve();
  #pendingPcm: Uint8Array[] = [];
  #playedMs = 0;
  #warned = false;

  constructor(options: SpeechOutputOptions) {
    this.#options = options;
    if (options.dir !== undefined) mkdirSync(options.dir, { recursive: true });
  }

  /** Takes an agent event: `speech` deltas are kept and played. */
  handle(event: AgentEvent): void {
    if (event.type !== "speech") return;
    for (const block of event.speech) this.#add(block);
  }

  #add(block: AudioBlock): void {
    let pcm: ReturnType<typeof audioBlockPcm>;
    try {
      pcm = audioBlockPcm(block);
    } catch (error) {
      this.#warn(`speech skipped: ${(error as Error).message.split("\n")[0]}`);
      return;
    }
    if (this.#bytes + pcm.pcm.length > MAX_REPLY_AUDIO_BYTES) {
      this.#warn(`speech cut: a reply's audio is limited to ${MAX_REPLY_AUDIO_BYTES} bytes`);
      return;
    }
    this.#bytes += pcm.pcm.length;
    this.#blocks.push(block);
    this.#playedMs += pcm16DurationMs(pcm.pcm.length, pcm.sampleRate, pcm.channels);
    const player = this.#options.player;
    if (!player || player.name === "afplay") return;
    if (!this.#player) {
      const previous = this.#playing;
      const pending: Uint8Array[] = [];
      this.#pendingPcm = pending;
      const slot: { stdin: NodeJS.WritableStream | null; exited: Promise<void> } = {
        stdin: null,
        exited: previous.then(() => {
          // The previous reply finished playing: start this one with what arrived meanwhile.
          const started = startPlayer(player, playerArgs(player, pcm), (m) => this.#warn(m));
          slot.stdin = started.child.stdin;
          for (const chunk of pending.splice(0)) started.child.stdin?.write(chunk);
          if (slot !== this.#player) started.child.stdin?.end();
          return started.exited;
        }),
      };
      this.#player = slot;
      this.#playing = slot.exited;
    }
    if (this.#player.stdin) this.#player.stdin.write(pcm.pcm);
    else this.#pendingPcm.push(pcm.pcm);
  }

  /** The reply is over: ends its playback stream and writes `reply-<n>.wav` (if it spoke). */
  async endReply(): Promise<void> {
    const blocks = this.#blocks;
    this.#blocks = [];
    this.#bytes = 0;
    const slot = this.#player;
    this.#player = undefined;
    slot?.stdin?.end();
    if (blocks.length === 0) return;
    const wav = audioBlocksToWav(blocks);
    const { dir, player } = this.#options;
    if (dir !== undefined) {
      this.#replies ??= nextReplyNumber(dir);
      const file = join(dir, `reply-${this.#replies++}.wav`);
      writeFileSync(file, wav);
      this.#options.note(`speech: ${file}`);
    }
    if (player?.name === "afplay") {
      const previous = this.#playing;
      this.#playing = previous.then(async () => {
        const tmp = await mkdtemp(join(tmpdir(), "agentscope-speech-"));
        try {
          const file = join(tmp, "reply.wav");
          await writeFile(file, wav);
          await startPlayer(player, playerArgs(player, { sampleRate: 0, channels: 0 }, file), (m) =>
            this.#warn(m),
          ).exited;
        } finally {
          await rm(tmp, { recursive: true, force: true });
        }
      });
    }
  }

  /** Waits for the players to finish what they were given (bounded by its length plus 5 s). */
  async close(): Promise<void> {
    await this.endReply();
    const bound = this.#playedMs + PLAYER_GRACE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.#playing,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, bound);
        timer.unref?.();
      }),
    ]);
    if (timer) clearTimeout(timer);
  }

  #warn(message: string): void {
    if (this.#warned) return;
    this.#warned = true;
    this.#options.note(message);
  }
}
