import {
  audioBlockFromBytes,
  concatBytes,
  createTTSResponse,
  Pcm16Aligner,
  type TTSCallOptions,
  TTSModelBase,
  type TTSModelBaseOptions,
  type TTSRequest,
  type TTSResponse,
  ttsAudioDelta,
} from "@agentscope-ts/core";
import { DashScopeSocket } from "../websocket/dashscope-socket.js";
import {
  COSYVOICE_WEBSOCKET_PATH,
  type CosyVoiceTaskSettings,
  continueTask,
  finishTask,
  newTaskId,
  parseCosyVoiceEvent,
  runTask,
  taskFailedError,
} from "./cosyvoice-protocol.js";
import {
  checkVoice,
  checkVoiceFormat,
  DASHSCOPE_TTS_SAMPLE_RATE,
  type DashScopeVoiceFormat,
  type DashScopeWebSocketClient,
  type DashScopeWebSocketOptions,
  voiceMediaType,
  webSocketClient,
} from "./dashscope-tts-options.js";

/** Options shared by the CosyVoice models (AgentScope's keyword arguments, camelCased). */
export interface CosyVoiceModelOptions
  extends Omit<TTSModelBaseOptions, "modelName">,
    DashScopeWebSocketOptions {
  /** The model. Default `"cosyvoice-v3-plus"` (AgentScope's); `cosyvoice-v3-flash`, `sambert`… */
  modelName?: string;
  /** The voice (`longanyang`, `longanhuan`, `longhuhu_v3`…). Default `"longanyang"`. */
  voice?: string;
  /** The audio format. Default `"pcm"` (16-bit mono, what AgentScope asks for). */
  format?: DashScopeVoiceFormat;
  /** The sample rate in Hz (8000 … 48000). Default 24 000 (AgentScope's). */
  sampleRate?: number;
  /** More task `parameters` (`volume`, `rate`, `pitch`, `instruction`, `language_hints`…). */
  generateKwargs?: Record<string, unknown>;
  /** The provider id used in errors. Default `"dashscope"`. */
  provider?: string;
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

/**
 * AgentScope's `DashScopeCosyVoiceTTSModel`: CosyVoice over DashScope's WebSocket, one task per
 * message (`run-task`, the text in one `continue-task`, `finish-task`); the audio comes as binary
 * frames, yielded as they arrive (`stream: true`) or as one block (AgentScope's default here is
 * `stream: false`). No streaming input: see `DashScopeCosyVoiceRealtimeTTSModel`. A `task-failed`
 * event is a `DashScopeError` with its `error_code`; a socket closed or silent mid-synthesis a
 * retryable `ModelError`; retries before the first audio, timeouts and abort come from
 * {@link TTSModelBase}.
 */
export class DashScopeCosyVoiceTTSModel extends TTSModelBase {
  readonly provider: string;
  /** The voice. */
  readonly voice: string;
  /** The audio format. */
  readonly format: DashScopeVoiceFormat;
  /** The sample rate in Hz. */
  readonly sampleRate: number;
  private readonly setup: CosyVoiceSetup;

  constructor(options: CosyVoiceModelOptions = {}) {
    const setup = cosyVoiceSetup(options, "DashScopeCosyVoiceTTSModel");
    super({
      ...options,
      modelName: options.modelName ?? "cosyvoice-v3-plus",
      stream: options.stream ?? false,
    });
    this.setup = setup;
    this.provider = setup.provider;
    this.voice = setup.settings.voice;
    this.format = setup.settings.format;
    this.sampleRate = setup.settings.sampleRate;
  }

  protected override async *doSynthesize(
    text: string,
    request: TTSRequest,
  ): AsyncGenerator<TTSResponse, void, undefined> {
    const settings = { ...this.setup.settings, modelName: this.modelName };
    const mediaType = voiceMediaType(this.format, this.sampleRate);
    const taskId = newTaskId();
    const what = `The CosyVoice task of ${this.modelName}`;
    const socket = await openCosyVoiceSocket(this.setup, request.signal);
    try {
      socket.send(runTask(taskId, settings));
      const aligner = this.format === "pcm" ? new Pcm16Aligner() : undefined;
      const whole: Uint8Array[] = [];
      for (;;) {
        const frame = await socket.next(request.signal, null, what);
        if (frame.kind === "binary") {
          const bytes = aligner ? aligner.push(frame.bytes) : frame.bytes;
          if (bytes.length === 0) continue;
          if (this.streaming) yield ttsAudioDelta(bytes, mediaType);
          else whole.push(bytes);
          continue;
        }
        const event = parseCosyVoiceEvent(frame.text);
        if (!event) continue;
        if (event.event === "task-failed") throw taskFailedError(event, this.provider);
        if (event.event === "task-started") {
          socket.send(continueTask(taskId, settings, text));
          socket.send(finishTask(taskId));
        } else if (event.event === "task-finished") {
          const usage = { inputTokens: event.characters ?? 0, outputTokens: 0, time: 0 };
          const content = whole.length > 0 ? audioBlockFromBytes(concatBytes(whole), mediaType) : null;
          yield createTTSResponse({ content, isLast: true, usage });
          return;
        }
      }
    } finally {
      socket.close();
    }
  }
}
