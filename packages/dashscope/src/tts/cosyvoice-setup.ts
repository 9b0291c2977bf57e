import type { TTSAudioChunks, TTSResponse } from "@agentscope-ts/core";
import type { DashScopeError } from "../model/dashscope-error.js";
import { DashScopeSocket, type SocketFrame } from "../websocket/dashscope-socket.js";
import {
  COSYVOICE_WEBSOCKET_PATH,
  type CosyVoiceTaskSettings,
  parseCosyVoiceEvent,
  taskFailedError,
} from "./cosyvoice-protocol.js";
import {
  checkVoice,
  checkVoiceFormat,
  DASHSCOPE_TTS_SAMPLE_RATE,
  type DashScopeWebSocketClient,
  type DashScopeWebSocketTTSOptions,
  voiceMediaType,
  webSocketClient,
} from "./dashscope-tts-options.js";

/** Options shared by the CosyVoice models (AgentScope's keyword arguments, camelCased). */
export interface CosyVoiceModelOptions extends DashScopeWebSocketTTSOptions {
  /** The model. Default `"cosyvoice-v3-plus"` (AgentScope's); `cosyvoice-v3-flash`, `sambert`… */
  modelName?: string;
  /** The voice (`longanyang`, `longanhuan`, `longhuhu_v3`…). Default `"longanyang"`. */
  voice?: string;
  /** More task `parameters` (`volume`, `rate`, `pitch`, `instruction`, `language_hints`…). */
  generateKwargs?: Record<string, unknown>;
}

/** What every CosyVoice model reads from its options, checked. */
export interface CosyVoiceSetup {
  provider: string;
  client: DashScopeWebSocketClient;
  settings: Omit<CosyVoiceTaskSettings, "modelName">;
}

/** Checks and reads the options every CosyVoice model takes. */
export function cosyVoiceSetup(options: CosyVoiceModelOptions, owner: string): CosyVoiceSetup {
  checkVoice(options.voice, owner);
  checkVoiceFormat(options.format, options.sampleRate, owner);
  return {
    provider: options.provider ?? "dashscope",
    client: webSocketClient(options, owner),
    settings: {
      voice: options.voice ?? "longanyang",
      format: options.format ?? "pcm",
      sampleRate: options.sampleRate ?? DASHSCOPE_TTS_SAMPLE_RATE,
      parameters: { ...options.generateKwargs },
    },
  };
}

/** Opens a socket to DashScope's inference WebSocket for a CosyVoice model. */
export function openCosyVoiceSocket(
  setup: CosyVoiceSetup,
  signal: AbortSignal | undefined,
): Promise<DashScopeSocket> {
  const { client, provider } = setup;
  return DashScopeSocket.open({
    url: `${client.baseWebSocketApiUrl}${COSYVOICE_WEBSOCKET_PATH}`,
    headers: client.headers,
    provider,
    webSocket: client.webSocket,
    signal,
    connectTimeout: client.connectTimeout,
  });
}

/** What one CosyVoice task of `modelName` sends and reads: its settings, media type, and name in errors. */
export function cosyVoiceTask(
  setup: CosyVoiceSetup,
  modelName: string,
): { settings: CosyVoiceTaskSettings; mediaType: string; what: string } {
  return {
    settings: { ...setup.settings, modelName },
    mediaType: voiceMediaType(setup.settings.format, setup.settings.sampleRate),
    what: `The CosyVoice task of ${modelName}`,
  };
}

/** A frame of a CosyVoice socket as the models act on it. */
export type CosyVoiceFrame =
  | { kind: "audio"; delta: TTSResponse | undefined }
  | { kind: "started"; taskId: string }
  | { kind: "failed"; taskId: string; error: DashScopeError }
  | { kind: "finished"; taskId: string; characters: number }
  | { kind: "other" };

/**
 * Reads a frame of a CosyVoice task: audio through `audio` (PCM cut on whole samples; a delta to
 * hand out, or none), and the task's `task-started`, `task-failed` (its typed error) and
 * `task-finished` (the characters spoken) events.
 */
export function readCosyVoiceFrame(
  frame: SocketFrame,
  audio: TTSAudioChunks,
  provider: string,
): CosyVoiceFrame {
  if (frame.kind === "binary") return { kind: "audio", delta: audio.push(frame.bytes) };
  const event = parseCosyVoiceEvent(frame.text);
  switch (event?.event) {
    case "task-started":
      return { kind: "started", taskId: event.taskId };
    case "task-failed":
      return { kind: "failed", taskId: event.taskId, error: taskFailedError(event, provider) };
    case "task-finished":
      return { kind: "finished", taskId: event.taskId, characters: event.characters ?? 0 };
    default:
      return { kind: "other" };
  }
}
