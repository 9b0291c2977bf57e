import {
  TTSAudioChunks,
  TTSModelBase,
  type TTSRequest,
  type TTSResponse,
} from "@agentscope-ts/core";
import { continueTask, finishTask, newTaskId, runTask } from "./cosyvoice-protocol.js";
import {
  type CosyVoiceModelOptions,
  type CosyVoiceSetup,
  cosyVoiceSetup,
  cosyVoiceTask,
  openCosyVoiceSocket,
  readCosyVoiceFrame,
} from "./cosyvoice-setup.js";
import type { DashScopeVoiceFormat } from "./dashscope-tts-options.js";

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
    const { settings, mediaType, what } = cosyVoiceTask(this.setup, this.modelName);
    const taskId = newTaskId();
    const socket = await openCosyVoiceSocket(this.setup, request.signal);
    try {
      socket.send(runTask(taskId, settings));
      const audio = new TTSAudioChunks({ streaming: this.streaming, mediaType });
      for (;;) {
        const frame = await socket.next(request.signal, null, what);
        const read = readCosyVoiceFrame(frame, audio, this.provider);
        if (read.kind === "audio" && read.delta) yield read.delta;
        else if (read.kind === "failed") throw read.error;
        else if (read.kind === "started") {
          socket.send(continueTask(taskId, settings, text));
          socket.send(finishTask(taskId));
        } else if (read.kind === "finished") {
          // Closed before the last yield: the consumer may stop reading at the last response.
          socket.close();
          yield audio.end({ inputTokens: read.characters });
          return;
        }
      }
    } finally {
      socket.close();
    }
  }
}
