import {
  ModelError,
  ProviderRealtimeModelBase,
  type ProviderRealtimeModelOptions,
  type RealtimeCancelInfo,
  type RealtimeInput,
  type RealtimeSetup,
  realtimeSetupRefusedError,
  realtimeToolOutputText,
  realtimeUrlSourceError,
  type ToolFunctionSchema,
} from "@agentscope-ts/core";
import type { OpenAIRealtimeWS } from "openai/realtime/ws";
import type {
  RealtimeAudioConfigInput,
  RealtimeClientEvent,
  RealtimeErrorEvent,
  RealtimeFunctionTool,
  RealtimeSessionCreateRequest,
  SessionUpdateEvent,
} from "openai/resources/realtime/realtime";
import type { OpenAIClientOptions } from "../model/openai-client.js";
import { OpenAIClientRef } from "../model/openai-client-ref.js";
import { OpenAIRealtimeTranslator } from "./openai-realtime-events.js";

/** The OpenAI Realtime API's sample rate, for audio in and out (PCM16 mono). */
export const OPENAI_REALTIME_SAMPLE_RATE = 24_000;

/** The OpenAI voices the reference names; any other voice name is passed on as is. */
export type OpenAIRealtimeVoice = "alloy" | "echo" | "marin" | "cedar" | (string & {});

/** Options of {@link OpenAIRealtimeModel}: AgentScope's `OpenAIRealtimeModel` in camelCase. */
export interface OpenAIRealtimeModelOptions
  extends ProviderRealtimeModelOptions,
    Pick<OpenAIClientOptions, "apiKey" | "baseURL" | "organization" | "client"> {
  /** The voice. Default `"alloy"`. */
  voice?: OpenAIRealtimeVoice;
  /** Transcribe the user's speech (with `whisper-1`). Default `true`. */
  enableInputAudioTranscription?: boolean;
  /** The turn detection. Default server VAD that answers on its own: `{ type: "server_vad", create_response: true }`. */
  turnDetection?: Record<string, unknown> | null;
  /** More session fields, merged into `session.update` (e.g. `max_output_tokens`). */
  sessionKwargs?: Record<string, unknown>;
  /** Options of the `ws` socket (see {@link OpenAIRealtimeSocketOptions}). */
  webSocketOptions?: OpenAIRealtimeSocketOptions;
}

/**
 * Options handed to the `ws` client under the SDK (its `ClientOptions`): an HTTP `agent` (a
 * proxy), `createConnection` (your own socket), `maxPayload`, `handshakeTimeout`…
 */
export interface OpenAIRealtimeSocketOptions {
  /** An HTTP(S) agent for the upgrade request. */
  agent?: unknown;
  /** Opens the TCP/TLS socket yourself (`(options) => net.Socket`). */
  createConnection?: (...args: never[]) => unknown;
  /** The largest incoming frame in bytes (the SDK's default: no limit). */
  maxPayload?: number;
  /** The longest wait for the upgrade answer, in ms (`ws`'s `handshakeTimeout`). */
  handshakeTimeout?: number;
  /** Any other `ws` client option. */
  [option: string]: unknown;
}

// A variable specifier, so browser bundlers leave it alone: the `ws` client only runs on Node.
const WS_ENTRY = "openai/realtime/ws";

type RealtimeWSModule = { OpenAIRealtimeWS: typeof OpenAIRealtimeWS };

/**
 * A voice session on the OpenAI Realtime API through the `openai` SDK's `OpenAIRealtimeWS` (over
 * `ws`, Node): PCM16 at 24 kHz both ways, server VAD that answers by itself, voice `alloy`,
 * `whisper-1` transcripts of the user (AgentScope's defaults). Tool results go back as
 * `function_call_output` items followed by `response.create`; a barge-in sends `response.cancel`
 * (while a response runs) and `conversation.item.truncate` with the `audio_end_ms` delivered.
 */
export class OpenAIRealtimeModel extends ProviderRealtimeModelBase {
  readonly provider = "openai";
  readonly supportInputModalities = ["audio", "text", "image", "tool_result"] as const;
  readonly inputSampleRate = OPENAI_REALTIME_SAMPLE_RATE;
  readonly outputSampleRate = OPENAI_REALTIME_SAMPLE_RATE;
  declare readonly voice: OpenAIRealtimeVoice;
  readonly #turnDetection: Record<string, unknown> | null;
  readonly #sessionKwargs: Record<string, unknown>;
  readonly #clientRef: OpenAIClientRef;
  readonly #wsOptions: OpenAIRealtimeSocketOptions | undefined;
  #rt: OpenAIRealtimeWS | undefined;
  #closing = false;
  #cancelSent = false;

  constructor(options: OpenAIRealtimeModelOptions = {}) {
    super(options, { modelName: "gpt-realtime", voice: "alloy" });
    this.#turnDetection =
      options.turnDetection === undefined
        ? { type: "server_vad", create_response: true }
        : options.turnDetection;
    this.#sessionKwargs = options.sessionKwargs ?? {};
    this.#clientRef = new OpenAIClientRef(options, "OpenAIRealtimeModel");
    this.#wsOptions = options.webSocketOptions;
  }

  /** The `session.update` event this model sends (instructions, tools, audio, VAD, voice). */
  buildSessionConfig(
    instructions: string,
    tools: readonly ToolFunctionSchema[],
  ): SessionUpdateEvent {
    const input: RealtimeAudioConfigInput = {
      format: { type: "audio/pcm", rate: OPENAI_REALTIME_SAMPLE_RATE },
      // The caller's turn detection object is passed on as the API takes it.
      turn_detection: this.#turnDetection as RealtimeAudioConfigInput["turn_detection"],
    };
    if (this.enableInputAudioTranscription) input.transcription = { model: "whisper-1" };
    const session: RealtimeSessionCreateRequest = {
      type: "realtime",
      output_modalities: ["audio"],
      audio: {
        input,
        output: {
          format: { type: "audio/pcm", rate: OPENAI_REALTIME_SAMPLE_RATE },
          voice: this.voice,
        },
      },
      instructions,
      ...this.#sessionKwargs,
    };
    if (tools.length > 0) {
      session.tools = tools.map(
        (tool): RealtimeFunctionTool => ({ type: "function", ...tool.function }),
      );
    }
    return { type: "session.update", session };
  }

  protected async doConnect(setup: RealtimeSetup): Promise<void> {
    const { OpenAIRealtimeWS } = (await import(
      /* @vite-ignore */ /* webpackIgnore: true */ WS_ENTRY
    )) as RealtimeWSModule;
    if (setup.signal.aborted) throw setup.signal.reason;
    const translator = new OpenAIRealtimeTranslator(this.outputSampleRate);
    const rt = new OpenAIRealtimeWS(
      {
        model: this.modelName,
        // The `ws` client options, as the caller gave them.
        ...(this.#wsOptions ? { options: this.#wsOptions as Record<string, never> } : {}),
      },
      this.#clientRef.current ?? (await this.#clientRef.ready()),
    );
    this.#rt = rt;
    await new Promise<void>((resolve, reject) => {
      let configured = false;
      const onAbort = () => reject(setup.signal.reason);
      setup.signal.addEventListener("abort", onAbort, { once: true });
      rt.on("event", (data) => {
        if (data.type === "session.created") {
          rt.send(this.buildSessionConfig(setup.instructions, setup.tools));
        }
        if (data.type === "response.done" || data.type === "response.created")
          this.#cancelSent = false;
        if (data.type === "error" && this.#cancelSent && isCancelRace(data)) return;
        if (data.type === "error" && !configured) {
          // The session configuration was refused: nothing to talk to.
          reject(realtimeSetupRefusedError("openai", data.error.message));
          return;
        }
        for (const modelEvent of translator.translate(data)) this.emit(modelEvent);
        if (data.type === "session.updated" && !configured) {
          configured = true;
          setup.signal.removeEventListener("abort", onAbort);
          resolve();
        }
      });
      rt.on("error", (error) => {
        if (error.error) return; // an API error event: reported above as model_error
        const failure = new ModelError(
          `openai: the realtime socket to ${rt.url.host} failed: ${error.message}`,
          { provider: "openai", retryable: true, cause: error },
        );
        if (configured) this.fail(failure);
        else reject(failure);
      });
      rt.socket.on("unexpected-response", (_req, res) => {
        const status = res.statusCode ?? 0;
        reject(
          new ModelError(
            `openai: the realtime endpoint ${rt.url.host} refused the session with HTTP ${status}${status === 401 ? ": check the API key" : ""}.`,
            { provider: "openai", status, retryable: status === 429 || status >= 500 },
          ),
        );
        res.resume();
        rt.socket.terminate();
      });
      rt.socket.on("close", (code, reason) => {
        if (this.#closing) return;
        const failure = this.closedError(
          `unexpectedly (code ${code}${reason.length > 0 ? `: ${reason.toString()}` : ""})`,
        );
        if (configured) this.fail(failure);
        else reject(failure);
      });
    });
  }

  protected doSend(block: RealtimeInput): void {
    this.#rt?.send(this.#eventFor(block));
  }

  #eventFor(block: RealtimeInput): RealtimeClientEvent {
    switch (block.type) {
      case "audio":
        if (block.source.type !== "base64")
          throw realtimeUrlSourceError("openai", "audio", "base64 PCM16 data");
        return { type: "input_audio_buffer.append", audio: block.source.data };
      case "text":
        return {
          type: "conversation.item.create",
          item: {
            type: "message",
            role: "user",
            content: [{ type: "input_text", text: block.text }],
          },
        };
      case "image": {
        const { source } = block;
        const url =
          source.type === "base64" ? `data:${source.media_type};base64,${source.data}` : source.url;
        return {
          type: "conversation.item.create",
          item: {
            type: "message",
            role: "user",
            content: [{ type: "input_image", image_url: url }],
          },
        };
      }
      case "tool_result":
        return {
          type: "conversation.item.create",
          item: {
            type: "function_call_output",
            call_id: block.id,
            output: realtimeToolOutputText(block.output),
          },
        };
    }
  }

  protected override doCreateResponse(): void {
    this.#rt?.send({ type: "response.create" });
  }

  protected override doCommitAudio(): void {
    this.#rt?.send({ type: "input_audio_buffer.commit" });
  }

  protected doCancel(info: RealtimeCancelInfo): void {
    if (info.responseActive) {
      this.#cancelSent = true;
      this.#rt?.send({ type: "response.cancel" });
    }
    if (info.itemId !== undefined) {
      this.#rt?.send({
        type: "conversation.item.truncate",
        item_id: info.itemId,
        content_index: 0,
        audio_end_ms: info.audioEndMs,
      });
    }
  }

  protected doClose(): void {
    this.#closing = true;
    const rt = this.#rt;
    if (!rt) return;
    if (rt.socket.readyState === rt.socket.OPEN) rt.close({ code: 1000, reason: "OK" });
    else rt.socket.terminate();
  }
}

/** An `error` event that only says the response we cancelled had already ended. */
function isCancelRace(data: RealtimeErrorEvent): boolean {
  return data.error.code === "response_cancel_not_active";
}
