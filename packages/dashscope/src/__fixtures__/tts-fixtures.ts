// Test helpers: the TTS fixtures of `tts/` as WebSocket replay scripts (not part of the build).
import { fillAudio } from "@agentscope-ts/test-helpers";
import {
  readJsonFile,
  type WebSocketStep,
  type WebSocketStepContext,
} from "@agentscope-ts/test-server";

const dir = new URL("./tts/", import.meta.url);

/** One turn of a recorded conversation: a client frame to wait for, a server frame, or the end. */
export type Turn =
  | { client: Record<string, unknown> }
  | { server: unknown }
  | { server_binary: string }
  | { close: number };

/** The content of `tts/<name>.json`. */
export function ttsFixture<T = unknown>(name: string): T {
  return readJsonFile<T>(new URL(`${name}.json`, dir));
}

/** The task id of the client's latest `run-task` (CosyVoice echoes it in every event). */
function taskIdOf(context: WebSocketStepContext): string {
  for (let i = context.frames.length - 1; i >= 0; i--) {
    const frame = context.frames[i];
    const head = (frame?.type === "text" ? frame.json : undefined) as
      | { header?: { action?: unknown; task_id?: unknown } }
      | undefined;
    if (head?.header?.action === "run-task" && typeof head.header.task_id === "string") {
      return head.header.task_id;
    }
  }
  return "";
}

/** `value` with every `"<task_id>"` string replaced by `taskId`. */
function withTaskId(value: unknown, taskId: string): unknown {
  if (value === "<task_id>") return taskId;
  if (Array.isArray(value)) return value.map((v) => withTaskId(v, taskId));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withTaskId(v, taskId)]));
  }
  return value;
}

/** A server frame (JSON) of a fixture, audio slots filled, the client's task id echoed. */
export function serverFrame(data: unknown, pieces: readonly Uint8Array[] = []): WebSocketStep {
  return { type: "send", from: (ctx) => withTaskId(fillAudio(data, pieces), taskIdOf(ctx)) };
}

/**
 * A recorded conversation (`tts/<name>.json`) as a replay script: client turns become `expect`
 * steps (their JSON a subset to match), server turns `send` steps (audio slots `"<audio:N>"` filled
 * with `pieces[N]`, `"<task_id>"` the client's), `server_binary` turns binary audio frames.
 */
export function conversationScript(
  turns: readonly Turn[],
  pieces: readonly Uint8Array[],
): WebSocketStep[] {
  return turns.map((turn): WebSocketStep => {
    if ("client" in turn) return { type: "expect", match: turn.client };
    if ("server" in turn) return serverFrame(turn.server, pieces);
    if ("server_binary" in turn) {
      const slot = /^<audio:(\d+)>$/.exec(turn.server_binary);
      const piece = slot ? pieces[Number(slot[1])] : undefined;
      if (!piece) throw new Error(`conversationScript: no audio piece for ${turn.server_binary}`);
      return { type: "sendBinary", data: piece };
    }
    return { type: "close", code: turn.close };
  });
}
