import { StreamingInputTTSModelBase, TTSAudioChunks, type TTSRequest } from "@agentscope-ts/core";
import { DashScopeSocket } from "../websocket/dashscope-socket.js";
import {
  ColdStartGate,
  type ColdStartOptions,
  checkVoice,
  checkVoiceFormat,
  DASHSCOPE_TTS_SAMPLE_RATE,
  type DashScopeVoiceFormat,
  type DashScopeWebSocketClient,
  type DashScopeWebSocketTTSOptions,
  voiceMediaType,
  webSocketClient,
} from "./dashscope-tts-options.js";
import {
  clientEvent,
  parseServerEvent,
  REALTIME_WEBSOCKET_PATH,
  serverErrorEvent,
} from "./qwen-tts-realtime-protocol.js";

/** Options of {@link DashScopeRealtimeTTSModel} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeRealtimeTTSModelOptions
  extends DashScopeWebSocketTTSOptions,
    ColdStartOptions {
  /** The model. Default `"qwen3-tts-flash-realtime"` (AgentScope's); `qwen-tts-realtime`… */
  modelName?: string;
  /** The voice (`Cherry`, `Nofish`, `Ethan`, `Jennifer`…). Default `"Cherry"`. */
  voice?: string;
  /** More `session` fields sent in `session.update` (`language_type`, `speech_rate`, `volume`…). */
  generateKwargs?: Record<string, unknown>;
}

/** The session of the message being spoken: one socket, from `session.update` to `session.finished`. */
interface Session {
  socket: DashScopeSocket;
  finishing: boolean;
  characters: number;
  /** The session's audio, cut on whole samples. */
  audio: TTSAudioChunks;
}

/**
 * AgentScope's `DashScopeRealtimeTTSModel`: Qwen-TTS realtime (`qwen3-tts-flash-realtime`) over
 * DashScope's realtime WebSocket in `server_commit` mode, with streaming input. A session is
 * opened (`session.update` with voice, format and sample rate), each `push` appends the new text
 * (`input_text_buffer.append`) and returns the audio that arrived so far
 * (`response.audio.delta`), and `synthesize` commits the text and finishes the session
 * (`input_text_buffer.commit`, `session.finish`), yielding the audio until `session.finished`.
 * As in AgentScope one session speaks one message; the next message opens a new one.
 * `coldStartLength` / `coldStartWords` hold a message's first text back until it is long enough.
 * Faults are typed: an `error` event is a `DashScopeError`, a socket closed mid-speech or silent
 * past `idleTimeout` a retryable `ModelError`, an abort an `InterruptedError`.
 */
export class DashScopeRealtimeTTSModel extends StreamingInputTTSModelBase {
  readonly provider: string;
  /** The voice. */
  readonly voice: string;
  /** The audio format. */
  readonly format: DashScopeVoiceFormat;
  /** The sample rate in Hz. */
  readonly sampleRate: number;
  /** `session` fields sent with every `session.update`. */
  generateKwargs: Record<string, unknown>;
  private readonly client: DashScopeWebSocketClient;
  private readonly gate: ColdStartGate;
  private session: Session | undefined;

  constructor(options: DashScopeRealtimeTTSModelOptions = {}) {
    checkVoice(options.voice, "DashScopeRealtimeTTSModel");
    checkVoiceFormat(options.format, options.sampleRate, "DashScopeRealtimeTTSModel");
    const client = webSocketClient(options, "DashScopeRealtimeTTSModel");
    super({ ...options, modelName: options.modelName ?? "qwen3-tts-flash-realtime" });
    this.client = client;
    this.provider = options.provider ?? "dashscope";
    this.voice = options.voice ?? "Cherry";
    this.format = options.format ?? "pcm";
    this.sampleRate = options.sampleRate ?? DASHSCOPE_TTS_SAMPLE_RATE;
    this.generateKwargs = { ...options.generateKwargs };
    this.gate = new ColdStartGate(options);
  }

  protected async doConnect(request: { signal: AbortSignal }): Promise<void> {
    await this.openSession(request.signal);
  }

  protected async doPush(text: string, request: TTSRequest): Promise<void> {
    const send = this.gate.pass(text);
    if (send === "") return;
    const session = await this.liveSession(request.signal);
    session.socket.send(clientEvent("input_text_buffer.append", { text: send }));
  }

  protected async doFinish(request: TTSRequest): Promise<void> {
    const held = this.gate.flush();
    const session = await this.liveSession(request.signal);
    if (held !== "") session.socket.send(clientEvent("input_text_buffer.append", { text: held }));
    session.finishing = true;
    session.socket.send(clientEvent("input_text_buffer.commit"));
    session.socket.send(clientEvent("session.finish"));
  }

  protected async doClose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.gate.flush();
    session?.socket.close();
  }

  /** The open session, or a new one when the previous message finished its session. */
  private async liveSession(signal: AbortSignal): Promise<Session> {
    const session = this.session;
    if (session && !session.finishing && session.socket.isOpen) return session;
    return this.openSession(signal);
  }

  private async openSession(signal: AbortSignal): Promise<Session> {
    const { client } = this;
    const url = `${client.baseWebSocketApiUrl}${REALTIME_WEBSOCKET_PATH}?model=${encodeURIComponent(this.modelName)}`;
    const socket = await DashScopeSocket.open({
      url,
      headers: client.headers,
      provider: this.provider,
      webSocket: client.webSocket,
      signal,
      connectTimeout: client.connectTimeout,
    });
    const audio = new TTSAudioChunks({
      streaming: true,
      mediaType: voiceMediaType(this.format, this.sampleRate),
    });
    const session: Session = { socket, finishing: false, characters: 0, audio };
    this.session?.socket.close();
    this.session = session;
    socket.send(
      clientEvent("session.update", {
        session: {
          voice: this.voice,
          mode: "server_commit",
          response_format: this.format,
          sample_rate: this.sampleRate,
          ...this.generateKwargs,
        },
      }),
    );
    void this.pump(session);
    return session;
  }

  /** Reads the session's socket until it ends: audio deltas to the buffer, the end, errors. */
  private async pump(session: Session): Promise<void> {
    const what = `The Qwen-TTS realtime session of ${this.modelName}`;
    for (;;) {
      let frame: Awaited<ReturnType<DashScopeSocket["next"]>>;
      try {
        frame = await session.socket.next(undefined, null, what);
      } catch (error) {
        if (this.session === session) this.receiveError(error);
        return;
      }
      if (this.session !== session || frame.kind !== "text") continue;
      const event = parseServerEvent(frame.text);
      if (!event) continue;
      if (event.type === "response.audio.delta" && typeof event.delta === "string") {
        const delta = session.audio.push(event.delta);
        if (delta) this.receiveAudio(delta);
      } else if (event.type === "response.done") {
        const characters = event.response?.usage?.characters;
        if (typeof characters === "number") session.characters += characters;
      } else if (event.type === "error") {
        this.receiveError(serverErrorEvent(event, this.provider));
      } else if (event.type === "session.finished") {
        this.session = undefined;
        session.socket.close();
        this.receiveEnd({ usage: { inputTokens: session.characters } });
        return;
      }
    }
  }
}
