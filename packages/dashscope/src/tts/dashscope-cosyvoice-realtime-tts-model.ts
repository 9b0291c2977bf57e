import { StreamingInputTTSModelBase, TTSAudioChunks, type TTSRequest } from "@agentscope-ts/core";
import type { DashScopeSocket } from "../websocket/dashscope-socket.js";
import { continueTask, finishTask, newTaskId, runTask } from "./cosyvoice-protocol.js";
import {
  type CosyVoiceModelOptions,
  type CosyVoiceSetup,
  cosyVoiceSetup,
  cosyVoiceTask,
  openCosyVoiceSocket,
  readCosyVoiceFrame,
} from "./cosyvoice-setup.js";
import {
  ColdStartGate,
  type ColdStartOptions,
  type DashScopeVoiceFormat,
} from "./dashscope-tts-options.js";

/** Options of {@link DashScopeCosyVoiceRealtimeTTSModel}. */
export interface DashScopeCosyVoiceRealtimeTTSModelOptions
  extends CosyVoiceModelOptions,
    ColdStartOptions {}

/** The task of the message being spoken. */
interface Task {
  id: string;
  started: Promise<void>;
  resolveStarted: () => void;
  rejectStarted: (error: unknown) => void;
}

/**
 * AgentScope's `DashScopeCosyVoiceRealtimeTTSModel`: CosyVoice with streaming input over one
 * DashScope WebSocket. The first `push` of a message starts a task (`run-task`, waiting for
 * `task-started`), each push sends the new text (`continue-task`), and `synthesize` sends
 * `finish-task` and yields the audio until `task-finished`; audio (binary frames) is handed out as
 * soon as it arrives, by `push` and by `synthesizeStream`. The socket stays open for the next
 * message. `coldStartLength` / `coldStartWords` hold a message's first text back until it is long
 * enough. Faults are typed: `task-failed` is a `DashScopeError`, a socket closed mid-speech or
 * silent past `idleTimeout` a retryable `ModelError`, an abort an `InterruptedError`; the model
 * then closes the socket and the next message opens a new one.
 */
export class DashScopeCosyVoiceRealtimeTTSModel extends StreamingInputTTSModelBase {
  readonly provider: string;
  /** The voice. */
  readonly voice: string;
  /** The audio format. */
  readonly format: DashScopeVoiceFormat;
  /** The sample rate in Hz. */
  readonly sampleRate: number;
  private readonly setup: CosyVoiceSetup;
  private readonly gate: ColdStartGate;
  private socket: DashScopeSocket | undefined;
  private task: Task | undefined;
  private audio: TTSAudioChunks;

  constructor(options: DashScopeCosyVoiceRealtimeTTSModelOptions = {}) {
    const setup = cosyVoiceSetup(options, "DashScopeCosyVoiceRealtimeTTSModel");
    super({ ...options, modelName: options.modelName ?? "cosyvoice-v3-plus" });
    this.setup = setup;
    this.provider = setup.provider;
    this.voice = setup.settings.voice;
    this.format = setup.settings.format;
    this.sampleRate = setup.settings.sampleRate;
    this.gate = new ColdStartGate(options);
    this.audio = this.newAudio();
  }

  /** The audio of a new task: cut on whole samples, handed out as it arrives. */
  private newAudio(): TTSAudioChunks {
    const { mediaType } = cosyVoiceTask(this.setup, this.modelName);
    return new TTSAudioChunks({ streaming: true, mediaType });
  }

  protected async doConnect(request: { signal: AbortSignal }): Promise<void> {
    const socket = await openCosyVoiceSocket(this.setup, request.signal);
    this.socket = socket;
    this.task = undefined;
    void this.pump(socket);
  }

  protected async doPush(text: string, _request: TTSRequest): Promise<void> {
    const send = this.gate.pass(text);
    if (send !== "") await this.sendText(send);
  }

  protected async doFinish(_request: TTSRequest): Promise<void> {
    const held = this.gate.flush();
    if (held !== "") await this.sendText(held);
    const task = this.task;
    if (!task) {
      this.receiveEnd();
      return;
    }
    await task.started;
    this.requireSocket().send(finishTask(task.id));
  }

  protected async doClose(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    this.task?.rejectStarted(new Error("closed"));
    this.task = undefined;
    this.gate.flush();
    socket?.close();
  }

  private requireSocket(): DashScopeSocket {
    if (!this.socket) throw new Error("the CosyVoice socket is not open");
    return this.socket;
  }

  /** Starts the message's task when needed, then sends `text` in a `continue-task`. */
  private async sendText(text: string): Promise<void> {
    const socket = this.requireSocket();
    const { settings } = cosyVoiceTask(this.setup, this.modelName);
    let task = this.task;
    if (!task) {
      let resolveStarted!: () => void;
      let rejectStarted!: (error: unknown) => void;
      const started = new Promise<void>((resolve, reject) => {
        resolveStarted = resolve;
        rejectStarted = reject;
      });
      started.catch(() => {});
      task = { id: newTaskId(), started, resolveStarted, rejectStarted };
      this.task = task;
      this.audio = this.newAudio();
      socket.send(runTask(task.id, settings));
    }
    await task.started;
    socket.send(continueTask(task.id, settings, text));
  }

  /** Reads the socket until it closes: audio to the buffer, task events to the task. */
  private async pump(socket: DashScopeSocket): Promise<void> {
    const { what } = cosyVoiceTask(this.setup, this.modelName);
    for (;;) {
      let frame: Awaited<ReturnType<DashScopeSocket["next"]>>;
      try {
        frame = await socket.next(undefined, null, what);
      } catch (error) {
        if (this.socket === socket) {
          this.task?.rejectStarted(error);
          this.receiveError(error);
        }
        return;
      }
      const read = readCosyVoiceFrame(frame, this.audio, this.provider);
      if (read.kind === "audio") {
        if (read.delta) this.receiveAudio(read.delta);
        continue;
      }
      const task = this.task;
      if (read.kind === "other" || !task || read.taskId !== task.id) continue;
      if (read.kind === "started") task.resolveStarted();
      else if (read.kind === "failed") {
        task.rejectStarted(read.error);
        this.task = undefined;
        this.receiveError(read.error);
      } else {
        this.task = undefined;
        this.receiveEnd({ usage: { inputTokens: read.characters } });
      }
    }
  }
}
