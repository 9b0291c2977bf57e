import {
  ModelError,
  ProviderRealtimeModelBase,
  type ProviderRealtimeModelOptions,
  type RealtimeCancelInfo,
  type RealtimeInput,
  type RealtimeSetup,
  realtimeSetupRefusedError,
  realtimeUrlSourceError,
  shortUuid,
} from "@agentscope-ts/core";
import {
  type DashScopeWebSocketClient,
  type DashScopeWebSocketOptions,
  webSocketClient,
} from "../tts/dashscope-tts-options.js";
import { DashScopeSocket } from "../websocket/dashscope-socket.js";
import { DashScopeRealtimeTranslator } from "./dashscope-realtime-events.js";

/** The input sample rate of DashScope's omni realtime models (PCM16 mono). */
export const DASHSCOPE_REALTIME_INPUT_SAMPLE_RATE = 16_000;

/** Options of {@link DashScopeRealtimeModel}: AgentScope's `DashScopeRealtimeModel` in camelCase. */
export interface DashScopeRealtimeModelOptions
  extends ProviderRealtimeModelOptions,
    Omit<DashScopeWebSocketOptions, "connectTimeout"> {
  /** The voice. Default `"Cherry"`. */
  voice?: "Cherry" | "Serena" | "Ethan" | "Chelsie" | (string & {});
  /** Transcribe the user's speech (with `gummy-realtime-v1`). Default `true`. */
  enableInputAudioTranscription?: boolean;
  /** More session fields, merged into `session.update`. */
  sessionKwargs?: Record<string, unknown>;
}

/**
 * A voice session on DashScope's omni realtime API (`/api-ws/v1/realtime`, its own event names
 * on the wire): PCM16 16 kHz in; 24 kHz out for `qwen3-omni-flash-realtime*`, else 16 kHz; voice
 * `Cherry`; server VAD (threshold 0.5, 800 ms of silence); `gummy-realtime-v1` transcripts
 * (AgentScope's defaults). Like the reference, it takes audio, images and text (text as a
 * `response.create` with instructions) and no tools: the API has no function calling. A
 * barge-in sends `response.cancel` while a response runs.
 */
export class DashScopeRealtimeModel extends ProviderRealtimeModelBase {
  readonly provider = "dashscope";
  readonly supportInputModalities = ["audio", "text", "image"] as const;
  readonly inputSampleRate = DASHSCOPE_REALTIME_INPUT_SAMPLE_RATE;
  readonly outputSampleRate: number;
  readonly #client: DashScopeWebSocketClient;
  readonly #sessionKwargs: Record<string, unknown>;
  #socket: DashScopeSocket | undefined;
  #closing = false;

  constructor(options: DashScopeRealtimeModelOptions = {}) {
    super(options, { modelName: "qwen3-omni-flash-realtime", voice: "Cherry" });
    this.outputSampleRate = this.modelName.startsWith("qwen3-omni-flash-realtime")
      ? 24_000
      : 16_000;
    this.#sessionKwargs = options.sessionKwargs ?? {};
    this.#client = webSocketClient({ ...options, connectTimeout: null }, "DashScopeRealtimeModel");
  }

  /** The `session.update` event this model sends. */
  buildSessionConfig(instructions: string): Record<string, unknown> {
    const session: Record<string, unknown> = {
      instructions,
      modalities: ["audio", "text"],
      input_audio_format: `pcm${this.inputSampleRate / 1000}`,
      output_audio_format: `pcm${this.outputSampleRate / 1000}`,
      voice: this.voice,
      ...this.#sessionKwargs,
    };
    if (this.enableInputAudioTranscription) {
      session.input_audio_transcription = { model: "gummy-realtime-v1" };
    }
    session.turn_detection = { type: "server_vad", threshold: 0.5, silence_duration_ms: 800 };
    return { type: "session.update", session };
  }

  protected async doConnect(setup: RealtimeSetup): Promise<void> {
    const socket = await DashScopeSocket.open({
      url: `${this.#client.baseWebSocketApiUrl}/realtime?model=${encodeURIComponent(this.modelName)}`,
      headers: { ...this.#client.headers, "X-DashScope-DataInspection": "disable" },
      provider: this.provider,
      webSocket: this.#client.webSocket,
      signal: setup.signal,
      connectTimeout: null,
    });
    this.#socket = socket;
    const translator = new DashScopeRealtimeTranslator(this.outputSampleRate);
    let ready: (() => void) | undefined;
    let refused: ((error: ModelError) => void) | undefined;
    let isReady = false;
    const configured = new Promise<void>((resolve, reject) => {
      ready = () => {
        isReady = true;
        resolve();
      };
      refused = reject;
    });
    socket.send(this.buildSessionConfig(setup.instructions));
    void (async () => {
      for (;;) {
        const frame = await socket.next(undefined, null, "the realtime session");
        if (frame.kind !== "text") continue;
        let data: unknown;
        try {
          data = JSON.parse(frame.text);
        } catch {
          continue;
        }
        const type = (data as { type?: unknown })?.type;
        if (type === "session.updated") ready?.();
        if (type === "error" && !isReady) {
          // The session configuration was refused: nothing to talk to.
          const message = (data as { error?: { message?: unknown } }).error?.message;
          refused?.(realtimeSetupRefusedError("dashscope", message));
          continue;
        }
        for (const event of translator.translate(data)) this.emit(event);
      }
    })().catch((error: unknown) => {
      if (this.#closing) return;
      this.fail(
        error instanceof ModelError
          ? this.closedError(`(${error.message})`)
          : this.closedError(String(error)),
      );
    });
    await configured;
  }

  protected doSend(block: RealtimeInput): void {
    const socket = this.#socket as DashScopeSocket;
    switch (block.type) {
      case "audio":
        if (block.source.type !== "base64") throw realtimeUrlSourceError("dashscope", "audio");
        socket.send({
          event_id: shortUuid(),
          type: "input_audio_buffer.append",
          audio: block.source.data,
        });
        return;
      case "image":
        if (block.source.type !== "base64") throw realtimeUrlSourceError("dashscope", "image");
        socket.send({
          event_id: shortUuid(),
          type: "input_image_buffer.append",
          image: block.source.data,
        });
        return;
      case "text":
        socket.send({
          event_id: shortUuid(),
          type: "response.create",
          response: { instructions: block.text },
        });
        return;
      default:
        return;
    }
  }

  protected override doCommitAudio(): void {
    this.#socket?.send({ event_id: shortUuid(), type: "input_audio_buffer.commit" });
  }

  protected override doCreateResponse(): void {
    this.#socket?.send({ event_id: shortUuid(), type: "response.create" });
  }

  protected doCancel(info: RealtimeCancelInfo): void {
    if (info.responseActive && this.#socket?.isOpen) {
      this.#socket.send({ event_id: shortUuid(), type: "response.cancel" });
    }
  }

  protected doClose(): void {
    this.#closing = true;
    this.#socket?.close();
  }
}
