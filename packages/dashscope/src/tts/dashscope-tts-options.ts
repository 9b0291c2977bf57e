import {
  limitOrDefault,
  type ProviderTTSModelOptions,
  pcmMediaType,
  ValidationError,
} from "@agentscope-ts/core";
import { env } from "../utils/env.js";
import type { WebSocketFactory } from "../websocket/websocket-factory.js";

/** The sample rate DashScope's TTS models answer in by default (24 kHz, AgentScope's). */
export const DASHSCOPE_TTS_SAMPLE_RATE = 24_000;

/** The default base of DashScope's WebSocket APIs (`/inference` for CosyVoice, `/realtime` for Qwen-TTS realtime). */
export const DEFAULT_BASE_WEBSOCKET_API_URL = "wss://dashscope.aliyuncs.com/api-ws/v1";

/** Default `connectTimeout` of the WebSocket voice models: 10 000 ms to open the socket. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** The audio formats DashScope's WebSocket TTS models send (`pcm` is raw 16-bit mono). */
export type DashScopeVoiceFormat = "pcm" | "mp3" | "opus";

const VOICE_FORMATS: readonly DashScopeVoiceFormat[] = ["pcm", "mp3", "opus"];
const SAMPLE_RATES = [8000, 16000, 22050, 24000, 44100, 48000];

/** How the WebSocket TTS models reach DashScope. */
export interface DashScopeWebSocketOptions {
  /** The API key; defaults to the `DASHSCOPE_API_KEY` environment variable. */
  apiKey?: string;
  /**
   * The base of the WebSocket APIs. Default `wss://dashscope.aliyuncs.com/api-ws/v1`
   * (international: `wss://dashscope-intl.aliyuncs.com/api-ws/v1`); in a browser, a proxy of
   * yours that adds the `Authorization` header.
   */
  baseWebSocketApiUrl?: string;
  /** Opens the socket (default: `ws` on Node, the platform `WebSocket` elsewhere). */
  webSocket?: WebSocketFactory;
  /** The longest wait for the socket to open, in milliseconds. Default 10 000; `null` = no limit. */
  connectTimeout?: number | null;
  /** Extra headers of the upgrade request (e.g. `X-DashScope-WorkSpace`). */
  headers?: Record<string, string>;
}

/**
 * The options DashScope's WebSocket TTS models share: the kit's (`modelName`, `voice`,
 * `generateKwargs`, `provider`, default `"dashscope"`), the socket's, the format and sample rate.
 */
export interface DashScopeWebSocketTTSOptions
  extends ProviderTTSModelOptions,
    DashScopeWebSocketOptions {
  /** The audio format. Default `"pcm"` (16-bit mono, what AgentScope asks for). */
  format?: DashScopeVoiceFormat;
  /** The sample rate in Hz (8000 … 48000). Default 24 000 (AgentScope's). */
  sampleRate?: number;
}

/** The checked connection settings of a WebSocket TTS model. */
export interface DashScopeWebSocketClient {
  apiKey: string;
  baseWebSocketApiUrl: string;
  webSocket: WebSocketFactory | undefined;
  connectTimeout: number | null;
  headers: Record<string, string>;
}

/** Checks a voice option (a non-empty string when given). */
export function checkVoice(voice: unknown, owner: string): void {
  if (voice !== undefined && (typeof voice !== "string" || voice === "")) {
    throw new ValidationError(`${owner} options`, [
      { path: "voice", message: `expected a voice name, received ${JSON.stringify(voice)}` },
    ]);
  }
}

/** Checks the format and sample rate of a WebSocket TTS model. */
export function checkVoiceFormat(format: unknown, sampleRate: unknown, owner: string): void {
  const issues: { path: string; message: string }[] = [];
  if (format !== undefined && !VOICE_FORMATS.includes(format as DashScopeVoiceFormat)) {
    issues.push({
      path: "format",
      message: `expected one of ${VOICE_FORMATS.join(", ")}, received ${JSON.stringify(format)}`,
    });
  }
  if (sampleRate !== undefined && !SAMPLE_RATES.includes(sampleRate as number)) {
    issues.push({
      path: "sampleRate",
      message: `expected one of ${SAMPLE_RATES.join(", ")} (Hz), received ${JSON.stringify(sampleRate)}`,
    });
  }
  if (issues.length > 0) throw new ValidationError(`${owner} options`, issues);
}

/** The media type of audio in `format` at `sampleRate`. */
export function voiceMediaType(format: DashScopeVoiceFormat, sampleRate: number): string {
  if (format === "pcm") return pcmMediaType(sampleRate);
  return format === "mp3" ? "audio/mpeg" : "audio/ogg";
}

/** The checked WebSocket settings: the key (option or `DASHSCOPE_API_KEY`), URL, timeouts. */
export function webSocketClient(
  options: DashScopeWebSocketOptions,
  owner: string,
): DashScopeWebSocketClient {
  const apiKey = options.apiKey ?? env("DASHSCOPE_API_KEY");
  if (!apiKey) {
    throw new ValidationError(
      `${owner} options`,
      [{ path: "apiKey", message: "required (no apiKey given and DASHSCOPE_API_KEY is not set)" }],
      { hint: "Pass apiKey, or set the DASHSCOPE_API_KEY environment variable." },
    );
  }
  return {
    apiKey,
    baseWebSocketApiUrl: (options.baseWebSocketApiUrl ?? DEFAULT_BASE_WEBSOCKET_API_URL).replace(
      /\/+$/,
      "",
    ),
    webSocket: options.webSocket,
    connectTimeout: limitOrDefault(
      options.connectTimeout,
      DEFAULT_CONNECT_TIMEOUT_MS,
      "connectTimeout",
      `${owner} options`,
    ),
    headers: { ...options.headers, Authorization: `Bearer ${apiKey}` },
  };
}

/** AgentScope's cold-start thresholds of the realtime TTS models (first text held until long enough). */
export interface ColdStartOptions {
  /** Hold the first text of a message until it has this many characters. */
  coldStartLength?: number;
  /** Hold the first text of a message until it has this many space-separated words. */
  coldStartWords?: number;
}

/**
 * AgentScope's cold start: the first text of a message is held back until it reaches
 * `coldStartLength` characters and `coldStartWords` words (so a very short first piece does not
 * make the voice pause); after the first send everything passes at once.
 */
export class ColdStartGate {
  private held = "";
  private opened = false;

  constructor(private readonly options: ColdStartOptions) {}

  /** The text to send now for `delta` (`""` while the first text is held back). */
  pass(delta: string): string {
    if (this.opened) return delta;
    const text = this.held + delta;
    const { coldStartLength, coldStartWords } = this.options;
    const short =
      coldStartLength !== undefined && coldStartLength > 0 && text.length < coldStartLength;
    const few =
      coldStartWords !== undefined &&
      coldStartWords > 0 &&
      text.split(/\s+/).filter((w) => w !== "").length < coldStartWords;
    if (short || few) {
      this.held = text;
      return "";
    }
    this.held = "";
    this.opened = true;
    return text;
  }

  /** What is still held back (sent when the message is finished), and a reset for the next message. */
  flush(): string {
    const text = this.held;
    this.held = "";
    this.opened = false;
    return text;
  }
}
